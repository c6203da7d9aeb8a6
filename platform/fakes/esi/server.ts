import crypto from 'node:crypto'
import http from 'node:http'
import { LoopbackServer } from '../../testing/loopback-server.js'

export interface FakeRequest {
  method: string
  path: string
  params: Record<string, string>
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
  body: unknown
}

export interface FakeReply {
  status?: number
  body?: unknown
  /** Seconds until Expires (ESI's cache time for the route). */
  expiresIn?: number
  lastModified?: Date
  /** X-Pages for paged routes. */
  pages?: number
  headers?: Record<string, string>
}

export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>

interface Route {
  method: string
  pattern: RegExp
  names: string[]
  handler: FakeHandler
}

interface Injected {
  prefix: string
  status: number
  times: number
  headers?: Record<string, string>
}

/**
 * A loopback HTTP server that answers like ESI: JSON bodies, Expires / Last-Modified / ETag headers (with 304 for
 * a matching If-None-Match), X-Pages, the error-limit headers (each error answer spends one; at zero every request
 * gets 420 until the window resets) and a 429 with Retry-After for a spent rate-limit group. Tests inject
 * failures and slow answers. Feature modules (markets, status, killmails, industry…) add routes with `route()`.
 */
export class FakeEsi extends LoopbackServer {
  private routes: Route[] = []
  private injected: Injected[] = []
  private slow: Array<{ prefix: string; ms: number }> = []
  private broken: Array<{ prefix: string; times: number; how: 'cut' | 'not-json' }> = []
  /** Every request seen, newest last. */
  readonly requests: Array<{ method: string; path: string; query: string; headers: http.IncomingHttpHeaders }> = []
  errorLimit = { remain: 100, resetSeconds: 60, windowEndsAt: 0 }
  private rateLimitedUntil = 0

  route(method: 'GET' | 'POST', path: string, handler: FakeHandler): this {
    const names: string[] = []
    const pattern = new RegExp('^' + path.replace(/\/:(\w+)/g, (_, n: string) => (names.push(n), '/([^/]+)')) + '/?$')
    this.routes.push({ method, pattern, names, handler })
    return this
  }

  /** The next `times` requests whose path starts with `prefix` get `status` (with `headers`, e.g. Retry-After). */
  failNext(prefix: string, status: number, times = 1, headers?: Record<string, string>): void {
    this.injected.push({ prefix, status, times, headers })
  }

  /**
   * The next `times` requests whose path starts with `prefix` get a 200 whose body is broken: `cut` sends the headers
   * (Content-Length of the whole body) and half the body, then drops the connection; `not-json` sends a whole body that
   * is not JSON (an HTML error page from a proxy).
   */
  breakNext(prefix: string, times = 1, how: 'cut' | 'not-json' = 'cut'): void {
    this.broken.push({ prefix, times, how })
  }

  /** Requests whose path starts with `prefix` are answered after `ms`. */
  slowDown(prefix: string, ms: number): void {
    this.slow.push({ prefix, ms })
  }

  clearInjected(): void {
    this.injected = []
    this.slow = []
    this.broken = []
  }

  setErrorLimit(remain: number, resetSeconds = 60): void {
    this.errorLimit = { remain, resetSeconds, windowEndsAt: Date.now() + resetSeconds * 1000 }
  }

  /** Make the next requests answer 429 (spent rate-limit group) for `seconds`. */
  rateLimitFor(seconds: number): void {
    this.rateLimitedUntil = Date.now() + seconds * 1000
  }

  private limitHeaders(): Record<string, string> {
    if (this.errorLimit.windowEndsAt < Date.now())
      this.errorLimit = { ...this.errorLimit, remain: 100, windowEndsAt: Date.now() + this.errorLimit.resetSeconds * 1000 }
    const reset = Math.max(0, Math.ceil((this.errorLimit.windowEndsAt - Date.now()) / 1000))
    return { 'X-ESI-Error-Limit-Remain': String(this.errorLimit.remain), 'X-ESI-Error-Limit-Reset': String(reset) }
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.search, headers: req.headers })
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = body === undefined ? '' : JSON.stringify(body)
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...this.limitHeaders(), ...headers })
      res.end(text)
    }
    const spendError = () => {
      this.limitHeaders()
      this.errorLimit.remain = Math.max(0, this.errorLimit.remain - 1)
    }

    if (this.errorLimit.remain <= 0 && this.errorLimit.windowEndsAt > Date.now())
      return send(420, { error: 'This software has exceeded the error limit for ESI.' })
    if (this.rateLimitedUntil > Date.now()) {
      return send(
        429,
        { error: 'Rate limit exceeded' },
        { 'Retry-After': String(Math.ceil((this.rateLimitedUntil - Date.now()) / 1000)), 'X-Ratelimit-Remaining': '0', 'X-Ratelimit-Group': 'fake' },
      )
    }
    const delay = this.slow.find((s) => url.pathname.startsWith(s.prefix))
    if (delay) await new Promise((r) => setTimeout(r, delay.ms))
    const injected = this.injected.find((i) => url.pathname.startsWith(i.prefix) && i.times > 0)
    if (injected) {
      injected.times--
      spendError()
      return send(injected.status, { error: `injected ${injected.status}` }, injected.headers)
    }

    const route = this.routes.find((r) => r.method === req.method && r.pattern.test(url.pathname))
    if (!route) {
      spendError()
      return send(404, { error: 'Not found' })
    }
    const match = route.pattern.exec(url.pathname)!
    let body: unknown = undefined
    if (req.method === 'POST') {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || 'null')
      } catch {
        spendError()
        return send(400, { error: 'Invalid JSON body' })
      }
    }
    const reply = await route.handler({
      method: req.method!,
      path: url.pathname,
      params: Object.fromEntries(route.names.map((n, i) => [n, match[i + 1]])),
      query: url.searchParams,
      headers: req.headers,
      body,
    })
    const status = reply.status ?? 200
    if (status >= 400) {
      spendError()
      return send(status, reply.body ?? { error: `error ${status}` }, reply.headers)
    }
    const text = JSON.stringify(reply.body)
    const etag = `"${crypto.createHash('sha1').update(text).digest('hex')}"`
    // Date and Expires from one reading of the clock, as ESI sends them: Node's own Date header is cached for a
    // second and runs late on a loaded machine, which would make an answer with no cache time look fresh.
    const now = Date.now()
    const headers: Record<string, string> = {
      Date: new Date(now).toUTCString(),
      ETag: etag,
      'Last-Modified': (reply.lastModified ?? new Date(now)).toUTCString(),
      Expires: new Date(now + (reply.expiresIn ?? 300) * 1000).toUTCString(),
      ...(reply.pages !== undefined ? { 'X-Pages': String(reply.pages) } : {}),
      ...reply.headers,
    }
    if (req.headers['if-none-match'] === etag) return send(304, undefined, headers)
    const broken = this.broken.find((b) => url.pathname.startsWith(b.prefix) && b.times > 0)
    if (broken) {
      broken.times--
      if (broken.how === 'not-json') {
        res.writeHead(status, { ...this.limitHeaders(), ...headers, 'Content-Type': 'text/html' })
        res.end('<html><body>502 Bad Gateway</body></html>')
        return
      }
      const whole = Buffer.from(text)
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...this.limitHeaders(), ...headers, 'Content-Length': String(whole.length) })
      res.write(whole.subarray(0, Math.floor(whole.length / 2)))
      setTimeout(() => res.destroy(), 20)
      return
    }
    send(status, reply.body, headers)
  }
}
