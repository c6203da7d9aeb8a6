import type { Logger } from '../../platform/log.js'
import { retryAfterMs } from '../../platform/esi/client.js'
import { Pacer } from './pacer.js'

export interface ZkillAnswer<T> {
  /** HTTP status; 0 when zKillboard did not answer (network error or timeout). */
  status: number
  data: T | null
  /** zKillboard answered 200 with a body that is not JSON (status is then 0, like no answer). */
  notJson?: boolean
}

export interface ZkillHttpOptions {
  baseUrl: string
  userAgent: string
  log: Logger
  /** Least time between the starts of two requests. */
  minIntervalMs: number
  timeoutMs?: number
  /** Pause after a 429 that carries no Retry-After (seconds). */
  defaultRetryAfterSeconds?: number
  /** Pause after a 403: zKillboard blocks clients that break its rules (seconds). */
  blockedPauseSeconds?: number
}

/**
 * One zKillboard host (the R2Z2 feed or the API), asked one request at a time with a descriptive User-Agent and
 * gzip, at most one request per `minIntervalMs`. A 429 pauses every later request for its Retry-After; a 403
 * (blocked) pauses for a long while. The status goes back to the caller, which knows what a 404 means.
 */
export class ZkillHttp {
  private pacer: Pacer
  readonly options: Required<ZkillHttpOptions>
  /** Every request made (path and status), newest last; kept short, for tests and the status page. */
  readonly recent: Array<{ path: string; status: number; at: number }> = []

  constructor(options: ZkillHttpOptions) {
    this.options = { timeoutMs: 20_000, defaultRetryAfterSeconds: 10, blockedPauseSeconds: 600, ...options }
    this.pacer = new Pacer(this.options.minIntervalMs)
  }

  get pausedForMs(): number {
    return this.pacer.pausedForMs
  }

  getJson<T>(path: string, signal?: AbortSignal): Promise<ZkillAnswer<T>> {
    return this.pacer.run(() => this.fetchOnce<T>(path, signal), signal)
  }

  private async fetchOnce<T>(path: string, signal?: AbortSignal): Promise<ZkillAnswer<T>> {
    const url = this.options.baseUrl.replace(/\/$/, '') + path
    const timeout = AbortSignal.timeout(this.options.timeoutMs)
    let res: Response
    try {
      res = await fetch(url, {
        headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json', 'Accept-Encoding': 'gzip' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (err) {
      if (signal?.aborted) throw err
      this.remember(path, 0)
      this.options.log.warn({ url, err: (err as Error).message }, 'zKillboard did not answer')
      return { status: 0, data: null }
    }
    this.remember(path, res.status)
    if (res.status === 429) {
      // Delay-seconds or an HTTP date: a date read as a number gave the short default, and asking again while still
      // limited is what gets a client blocked (403).
      const seconds = (retryAfterMs(res) ?? this.options.defaultRetryAfterSeconds * 1000) / 1000
      this.pacer.pauseUntil(Date.now() + seconds * 1000)
      this.options.log.warn({ url, seconds }, 'zKillboard rate limit (429): pausing')
      await res.body?.cancel()
      return { status: 429, data: null }
    }
    if (res.status === 403) {
      this.pacer.pauseUntil(Date.now() + this.options.blockedPauseSeconds * 1000)
      this.options.log.error({ url, seconds: this.options.blockedPauseSeconds }, 'zKillboard refused us (403): pausing; check the User-Agent and request rate')
      await res.body?.cancel()
      return { status: 403, data: null }
    }
    if (!res.ok) {
      await res.body?.cancel()
      return { status: res.status, data: null }
    }
    try {
      return { status: res.status, data: (await res.json()) as T }
    } catch (err) {
      if (signal?.aborted) throw err
      this.options.log.warn({ url, err: (err as Error).message }, 'zKillboard sent a body that is not JSON')
      // A SyntaxError is the body itself; anything else is the connection failing while it was read.
      return { status: 0, data: null, notJson: err instanceof SyntaxError }
    }
  }

  private remember(path: string, status: number) {
    this.recent.push({ path, status, at: Date.now() })
    if (this.recent.length > 200) this.recent.splice(0, this.recent.length - 200)
  }
}
