import type http from 'node:http'
import type { Logger } from 'pino'
import { COMPRESS_FROM_BYTES, encodeBody, pickEncoding, type CachedBody } from './cached-body.js'
import { clientIp } from './client-ip.js'
import { ifNoneMatchNames } from './etag.js'

/** What a route says of an answer it may have replayed: its bytes while they are current. */
export interface ReplayOffer {
  /** The body, while it is still the route's answer to this URL (the same snapshot or import); else undefined. */
  current(): CachedBody | undefined
  /** Its compressed forms (by default made once and kept on the body). */
  encode?(body: CachedBody, encoding: 'gzip' | 'br'): Buffer
  /** The route's rate limit for this client group: true when the request may go on (it spends a point). */
  allows?(ip: string): Promise<boolean>
  /** Headers that change with time (Cache-Control's max-age until the next snapshot). */
  headers?(): Record<string, string>
}

const OFFER = Symbol('replay offer')
type OfferedRequest = http.IncomingMessage & { [OFFER]?: ReplayOffer }

/** Headers the replay sets itself, or that must never be replayed to another client. */
const NOT_CAPTURED = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'vary',
  'date',
  'cache-control',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'retry-after',
  'server-timing',
])

interface Entry {
  offer: ReplayOffer
  headers: http.OutgoingHttpHeaders
}

/**
 * Answers that only change with a snapshot or an import, replayed as bytes for the same URL without going through
 * Koa. The first request for a URL goes the whole way (routing, validation, rate limit, security headers); the route
 * offers its answer (`offer`), and once it went out as a 200 its headers are captured. Later requests for the same
 * URL, Host and protocol are answered from the body cache with those headers while the version is current, still
 * through the route's rate limit; anything else (another version, a body the cache let go, a refusal, an error)
 * goes to Koa as before. Koa's middleware costs several times the work of writing the bytes: the price lookups did
 * 9,100 req/s against a bare Koa's 52,800 serving the same bytes (bench/market.bench.ts, quiet machine).
 */
export class AnswerReplay {
  private entries = new Map<string, Entry>()

  constructor(
    private log: Logger,
    private maxEntries = 5000,
  ) {}

  /** Called by a route while it answers: this request's answer may be replayed. */
  static offer(req: http.IncomingMessage, offer: ReplayOffer): void {
    ;(req as OfferedRequest)[OFFER] = offer
  }

  /** Wraps the server's request handler (Koa's callback). */
  wrap(next: http.RequestListener): http.RequestListener {
    return (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next(req, res)
      const key = keyOf(req)
      const entry = this.entries.get(key)
      if (entry) {
        this.replay(entry, key, req, res).then(
          (served) => served || this.forward(next, key, req, res),
          (err) => {
            this.log.error({ err }, 'answer replay failed; answering through the app')
            this.forward(next, key, req, res)
          },
        )
        return
      }
      this.forward(next, key, req, res)
    }
  }

  get size(): number {
    return this.entries.size
  }

  private forward(next: http.RequestListener, key: string, req: http.IncomingMessage, res: http.ServerResponse) {
    res.once('finish', () => {
      const offer = (req as OfferedRequest)[OFFER]
      if (!offer || res.statusCode !== 200 || res.hasHeader('set-cookie')) return
      const headers: http.OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_CAPTURED.has(name) && value !== undefined) headers[name] = value
      this.entries.delete(key)
      this.entries.set(key, { offer, headers })
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    })
    next(req, res)
  }

  /** Serves `entry` when it is still current; false sends the request through the app. */
  private async replay(entry: Entry, key: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const logged = this.log.isLevelEnabled('info')
    const started = logged ? performance.now() : 0
    const { offer } = entry
    const body = offer.current()
    if (!body) {
      this.entries.delete(key)
      return false
    }
    // A refusal goes through the app, whose rate limit answers the 429 with its sentence.
    if (offer.allows && !(await offer.allows(clientIp(req.socket.remoteAddress ?? '', header(req, 'x-forwarded-for'))))) return false
    this.entries.delete(key)
    this.entries.set(key, entry)
    const headers: http.OutgoingHttpHeaders = { ...entry.headers, ...offer.headers?.(), ETag: body.etag, Vary: 'Accept-Encoding' }
    if (ifNoneMatchNames(header(req, 'if-none-match'), body.etag)) {
      res.writeHead(304, headers)
      res.end()
    } else {
      const encoding = body.raw.length >= COMPRESS_FROM_BYTES ? pickEncoding(header(req, 'accept-encoding')) : null
      const bytes = encoding ? (offer.encode ?? encodeBody)(body, encoding) : body.raw
      res.writeHead(200, { ...headers, 'Content-Type': body.type, 'Content-Length': bytes.length, ...(encoding ? { 'Content-Encoding': encoding } : {}) })
      res.end(req.method === 'HEAD' ? undefined : bytes)
    }
    if (logged) {
      const path = req.url!.split('?', 1)[0]
      this.log.info({ method: req.method, path, status: res.statusCode, ms: Math.round((performance.now() - started) * 10) / 10, replayed: true }, 'request')
    }
    return true
  }
}

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The same URL on the same Host and protocol gets the same headers (the CSP names the host; HSTS only over https). */
const keyOf = (req: http.IncomingMessage) => `${header(req, 'host') ?? ''}|${header(req, 'x-forwarded-proto') ?? ''}|${req.url}`
