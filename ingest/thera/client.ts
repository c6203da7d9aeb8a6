/** What EVE-Scout answered to one conditional request. */
export type EveScoutAnswer =
  { status: 200; body: unknown; etag: string; lastModified: string } | { status: 304 } | { status: 'failed'; error: string; httpStatus: number }

export interface Validators {
  etag: string
  lastModified: string
}

export interface EveScoutClientOptions {
  baseUrl: string
  userAgent: string
  timeoutMs?: number
}

/** The public signatures feed: both hubs in one answer, no key, no paging (FORMAT.md). */
export const SIGNATURES_PATH = '/v2/public/signatures'

/**
 * The one client of EVE-Scout's public API. Every request says who we are (a descriptive User-Agent, as EVE-Scout's
 * consumers do) and is conditional on the last list's ETag or Last-Modified, so an unchanged feed costs a 304.
 * Failures come back as a sentence, never thrown: the job records them and says since when the feed is down.
 */
export class EveScoutClient {
  readonly options: Required<EveScoutClientOptions>

  constructor(options: EveScoutClientOptions) {
    this.options = { timeoutMs: 20_000, ...options }
  }

  async signatures(validators: Validators | null, signal?: AbortSignal): Promise<EveScoutAnswer> {
    const url = this.options.baseUrl.replace(/\/$/, '') + SIGNATURES_PATH
    const headers: Record<string, string> = { 'User-Agent': this.options.userAgent, Accept: 'application/json', 'Accept-Encoding': 'gzip' }
    if (validators?.etag) headers['If-None-Match'] = validators.etag
    if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified
    const timeout = AbortSignal.timeout(this.options.timeoutMs)
    let res: Response
    try {
      res = await fetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
    } catch (err) {
      if (signal?.aborted) throw err
      const cause = (err as Error & { cause?: { code?: string } }).cause?.code
      return {
        status: 'failed',
        httpStatus: 0,
        error: timeout.aborted
          ? `EVE-Scout did not answer within ${this.options.timeoutMs / 1000} s`
          : `EVE-Scout could not be reached (${cause ?? (err as Error).message})`,
      }
    }
    if (res.status === 304) {
      await res.body?.cancel()
      return { status: 304 }
    }
    if (!res.ok) {
      await res.body?.cancel()
      return { status: 'failed', httpStatus: res.status, error: `EVE-Scout answered HTTP ${res.status}` }
    }
    try {
      const body: unknown = await res.json()
      return { status: 200, body, etag: res.headers.get('ETag') ?? '', lastModified: res.headers.get('Last-Modified') ?? '' }
    } catch (err) {
      if (signal?.aborted) throw err
      return { status: 'failed', httpStatus: res.status, error: 'EVE-Scout sent an answer that is not JSON' }
    }
  }
}
