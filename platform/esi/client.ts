import type { Logger } from '../log.js'
import { sleep } from '../sleep.js'

/** The ESI API version our requests are written against (sent as X-Compatibility-Date). */
export const ESI_COMPATIBILITY_DATE = '2026-08-18'

export class EsiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly path: string,
  ) {
    super(message)
  }
}

export interface EsiResponse<T> {
  data: T
  status: number
  /** Served from our cache without a request (not expired) or after a 304. */
  fromCache: boolean
  etag: string | null
  lastModified: string | null
  expires: Date | null
  pages: number
}

interface CacheEntry {
  data: unknown
  etag: string | null
  lastModified: string | null
  expires: Date | null
  pages: number
}

export interface EsiClientOptions {
  baseUrl: string
  userAgent: string
  log: Logger
  /** Per-request timeout (ms). */
  timeoutMs?: number
  /** Retries after a 5xx, a timeout or a network error, with exponential backoff. */
  retries?: number
  /** Stop sending requests when the error limit's remaining count falls to this, until the window resets. */
  errorLimitFloor?: number
  /** Base backoff (ms); tests make it small. */
  backoffMs?: number
  /** Pages fetched at once by getAllPages. */
  pageConcurrency?: number
  /** Entries kept in the ETag/Expires cache. */
  cacheSize?: number
}

/**
 * When the answer expires, on our clock. ESI's Expires is on ESI's clock, so what counts is how long after ESI's own
 * Date it is: a clock behind ESI's would serve a cached answer (the online count) for the skew too long, one ahead
 * would never use the cache.
 */
function expiresOnOurClock(res: Response): Date | null {
  const expires = Date.parse(res.headers.get('expires') ?? '')
  if (!Number.isFinite(expires)) return null
  const served = Date.parse(res.headers.get('date') ?? '')
  return new Date(Number.isFinite(served) ? Date.now() + (expires - served) : expires)
}

/** The longest Retry-After on a 5xx that a request waits out before trying again. */
const MAX_RETRY_AFTER_5XX_MS = 60_000

/**
 * How long Retry-After asks us to wait: delay-seconds, or an HTTP date (read against the answer's Date, as ESI's
 * clock may differ from ours); null when absent or unreadable. Also zKillboard's client's.
 */
export function retryAfterMs(res: Response): number | null {
  const value = res.headers.get('retry-after')?.trim()
  if (!value) return null
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) * 1000 : null
  const at = Date.parse(value)
  if (!Number.isFinite(at)) return null
  const served = Date.parse(res.headers.get('date') ?? '')
  const ms = at - (Number.isFinite(served) ? served : Date.now())
  return ms > 0 ? ms : null
}

/**
 * The one ESI client. It sends a descriptive User-Agent and the compatibility date, caches by Expires and ETag
 * (a 304 reuses the cached body), pages through X-Pages, honours the error limit (pauses before it is reached
 * and after a 420 until the window resets) and the rate-limit groups (429 + Retry-After), and retries 5xx (after Retry-After when given)
 * answers, timeouts, network errors and 200 answers whose body is cut off or not JSON, with backoff.
 */
export class EsiClient {
  private cache = new Map<string, CacheEntry>()
  /** No request leaves before this time (error limit or rate limit in force). */
  private pausedUntil = 0
  readonly options: Required<Omit<EsiClientOptions, 'log'>> & { log: Logger }

  constructor(options: EsiClientOptions) {
    this.options = { timeoutMs: 20_000, retries: 3, errorLimitFloor: 10, backoffMs: 1000, pageConcurrency: 4, cacheSize: 5000, ...options }
  }

  /** Seconds until requests may resume, when paused by a limit (for status reporting). */
  get pausedForSeconds(): number {
    return Math.max(0, Math.ceil((this.pausedUntil - Date.now()) / 1000))
  }

  private url(path: string, query: Record<string, string | number | undefined> = {}): string {
    const u = new URL(this.options.baseUrl.replace(/\/$/, '') + path)
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v))
    return u.toString()
  }

  private remember(url: string, entry: CacheEntry) {
    this.cache.delete(url)
    this.cache.set(url, entry)
    if (this.cache.size > this.options.cacheSize) this.cache.delete(this.cache.keys().next().value!)
  }

  private pauseUntil(when: number, why: string) {
    if (when > this.pausedUntil) {
      this.pausedUntil = when
      this.options.log.warn({ seconds: Math.ceil((when - Date.now()) / 1000), why }, 'ESI requests paused')
    }
  }

  private readLimits(res: Response) {
    const remain = Number(res.headers.get('x-esi-error-limit-remain'))
    const reset = Number(res.headers.get('x-esi-error-limit-reset'))
    if (res.headers.has('x-esi-error-limit-remain') && Number.isFinite(remain) && remain <= this.options.errorLimitFloor) {
      this.pauseUntil(Date.now() + (Number.isFinite(reset) ? reset : 60) * 1000, `error limit nearly reached (${remain} left)`)
    }
    if (res.headers.get('x-ratelimit-remaining') === '0') {
      this.pauseUntil(Date.now() + (retryAfterMs(res) ?? 15_000), `rate-limit group ${res.headers.get('x-ratelimit-group') ?? ''} spent`)
    }
  }

  async request<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string | number | undefined>; body?: unknown; signal?: AbortSignal; cache?: boolean } = {},
  ): Promise<EsiResponse<T>> {
    const url = this.url(path, options.query)
    const useCache = method === 'GET' && options.cache !== false
    const cached = useCache ? this.cache.get(url) : undefined
    if (cached?.expires && cached.expires.getTime() > Date.now()) return { ...(cached as CacheEntry & { data: T }), status: 200, fromCache: true }

    for (let attempt = 0; ; attempt++) {
      // A stop (SIGTERM) must not wait out an error-limit pause of up to a minute.
      const wait = this.pausedUntil - Date.now()
      if (wait > 0) await sleep(wait, options.signal)
      options.signal?.throwIfAborted()
      let res: Response
      try {
        res = await fetch(url, {
          method,
          headers: {
            'User-Agent': this.options.userAgent,
            'X-Compatibility-Date': ESI_COMPATIBILITY_DATE,
            Accept: 'application/json',
            ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(cached?.etag ? { 'If-None-Match': cached.etag } : {}),
          },
          body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
          signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(this.options.timeoutMs)]) : AbortSignal.timeout(this.options.timeoutMs),
        })
      } catch (err) {
        if (options.signal?.aborted) throw err
        if (attempt >= this.options.retries) throw new EsiError(0, `ESI did not answer ${path}: ${(err as Error).message}`, path)
        await sleep(this.options.backoffMs * 2 ** attempt, options.signal)
        continue
      }
      this.readLimits(res)
      const meta = {
        etag: res.headers.get('etag'),
        lastModified: res.headers.get('last-modified'),
        expires: expiresOnOurClock(res),
        pages: Number(res.headers.get('x-pages') ?? 1) || 1,
      }
      if (res.status === 304 && cached) {
        // Not modified: the body is ours already; the headers (Expires, Last-Modified, X-Pages) are the current ones.
        const entry = {
          ...cached,
          expires: meta.expires ?? cached.expires,
          lastModified: meta.lastModified ?? cached.lastModified,
          pages: res.headers.has('x-pages') ? meta.pages : cached.pages,
        }
        this.remember(url, entry)
        return { ...(entry as CacheEntry & { data: T }), status: 304, fromCache: true }
      }
      if (res.ok) {
        // A 200 whose body is cut off (the connection drops, the timeout ends it mid-body) or is not JSON (a proxy's
        // error page) is a failed try like no answer at all: asked again, and past the retries an EsiError, so one bad
        // page of a region's ~400 does not throw away the whole snapshot.
        let data: T
        try {
          data = (await res.json()) as T
        } catch (err) {
          if (options.signal?.aborted) throw err
          if (attempt >= this.options.retries) throw new EsiError(0, `ESI sent an unreadable answer for ${path}: ${(err as Error).message}`, path)
          await sleep(this.options.backoffMs * 2 ** attempt, options.signal)
          continue
        }
        if (useCache) this.remember(url, { data, ...meta })
        return { data, status: res.status, fromCache: false, ...meta }
      }
      const text = await res.text().catch(() => '')
      const reason = (() => {
        try {
          return (JSON.parse(text) as { error?: string }).error ?? text
        } catch {
          return text
        }
      })().slice(0, 200)
      if (res.status === 420) {
        // The error limit was hit: nothing may be sent until the window resets.
        const reset = Number(res.headers.get('x-esi-error-limit-reset'))
        this.pauseUntil(Date.now() + (Number.isFinite(reset) && reset > 0 ? reset : 60) * 1000, '420 error limited')
        if (attempt >= this.options.retries) throw new EsiError(420, `ESI error limit reached on ${path}`, path)
        continue
      }
      if (res.status === 429) {
        this.pauseUntil(Date.now() + (retryAfterMs(res) ?? 15_000), '429 rate limited')
        if (attempt >= this.options.retries) throw new EsiError(429, `ESI rate limit reached on ${path}`, path)
        continue
      }
      if (res.status >= 500 && attempt < this.options.retries) {
        // A Retry-After is honoured instead of the backoff: an earlier try would only spend the error limit. One longer
        // than a minute (ESI in maintenance) ends the request now, and the caller's next run asks again.
        const retryAfter = retryAfterMs(res)
        if (retryAfter !== null && retryAfter > MAX_RETRY_AFTER_5XX_MS)
          throw new EsiError(res.status, `ESI ${res.status} on ${path}; it asks to wait ${Math.ceil(retryAfter / 1000)} s`, path)
        await sleep(retryAfter ?? this.options.backoffMs * 2 ** attempt, options.signal)
        continue
      }
      throw new EsiError(res.status, `ESI ${res.status} on ${path}${reason ? `: ${reason}` : ''}`, path)
    }
  }

  /** `cache: false` for large answers the caller will not ask for again unchanged (market order pages). */
  get<T>(path: string, query?: Record<string, string | number | undefined>, signal?: AbortSignal, options: { cache?: boolean } = {}): Promise<EsiResponse<T>> {
    return this.request<T>('GET', path, { query, signal, cache: options.cache })
  }

  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<EsiResponse<T>> {
    return this.request<T>('POST', path, { body, signal })
  }

  /**
   * Every page of a paged endpoint. Page 1 gives X-Pages; the rest are fetched a few at a time.
   * Each page's response is returned so the caller can check they belong together (same Last-Modified, same page count).
   */
  async getAllPages<T>(path: string, query: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<Array<EsiResponse<T[]>>> {
    const first = await this.get<T[]>(path, { ...query, page: 1 }, signal)
    const pages: Array<EsiResponse<T[]>> = [first]
    let next = 2
    const worker = async () => {
      while (next <= first.pages) {
        const page = next++
        pages[page - 1] = await this.get<T[]>(path, { ...query, page }, signal)
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.options.pageConcurrency, Math.max(0, first.pages - 1)) }, worker))
    return pages
  }
}

/** What CCP asks of every ESI client: who we are and how to reach the operator. */
export function esiUserAgent(version: string, contact: string): string {
  return `JSpaceToolbox/${version} (${contact})`
}
