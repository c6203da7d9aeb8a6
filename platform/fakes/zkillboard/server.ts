import http from 'node:http'
import type { EsiKillmail, ZkbMeta } from '../../../schemas/killmails.js'
import type { FakeKillmailState } from '../esi/killmails.js'
import { killHash, makeZkb } from './killmails.js'
import { LoopbackServer } from '../../testing/loopback-server.js'

/** The first sequence number the fake hands out (the recorded R2Z2 sample's). */
export const FAKE_FIRST_SEQUENCE = 96_599_404

export interface PushOptions {
  /** zKillboard's block; by default a value of 10 million ISK. */
  zkb?: Partial<ZkbMeta>
  hash?: string
  /** Serve the R2Z2 file without its `esi` body, so the reader has to ask ESI (default: the body is included). */
  withoutEsiBody?: boolean
  /** Also register the body with the fake ESI given to the constructor (default true). */
  toEsi?: boolean
}

interface Injected {
  prefix: string
  status: number
  times: number
  headers: Record<string, string>
}

/**
 * A loopback zKillboard speaking its real formats:
 * - R2Z2: `GET /ephemeral/sequence.json` → `{"sequence": N}` (the newest file), `GET /ephemeral/{N}.json` → the
 *   record `{killmail_id, hash, esi, zkb, uploaded_at, sequence_id}` or 404 when there is no such file (yet).
 * - API: `GET /api/history/YYYYMMDD.json` → `{id: hash}` for that UTC day, `GET /api/killID/{id}/` →
 *   `[{killmail_id, zkb}]` (empty when unknown).
 * Feed it with `push(killmail)` (live feed + history + killID, and the fake ESI when one is attached) or
 * `addHistoricKill(killmail)` (history + killID only, as for a day before the feed started). It records every
 * request with its User-Agent and the most requests it ever had in flight at once.
 */
export class FakeZkill extends LoopbackServer {
  /** The next sequence number; the newest file is `nextSequence - 1` once there is one. */
  nextSequence = FAKE_FIRST_SEQUENCE
  readonly files = new Map<number, object>()
  /** Files served byte for byte (`pushRaw`). */
  readonly rawFiles = new Map<number, string>()
  readonly history = new Map<string, Map<number, string>>()
  readonly zkb = new Map<number, ZkbMeta>()
  /** Every request, with the status it was answered with once answered. */
  readonly requests: Array<{ path: string; userAgent: string | undefined; at: number; status?: number }> = []
  maxInFlight = 0
  private inFlight = 0
  private injected: Injected[] = []
  /** Delay before answering any request (ms). */
  delayMs = 0

  constructor(private esi?: FakeKillmailState) {
    super()
  }

  /** A kill arrives at zKillboard: it gets the next sequence number, and history and killID know it. */
  push(killmail: EsiKillmail, options: PushOptions = {}): { killmail_id: number; hash: string; sequence: number; zkb: ZkbMeta } {
    const { hash, zkb } = this.remember(killmail, options)
    const sequence = this.nextSequence++
    this.files.set(sequence, {
      killmail_id: killmail.killmail_id,
      hash,
      ...(options.withoutEsiBody ? {} : { esi: killmail }),
      zkb: { ...zkb, attackerCount: killmail.attackers.length, href: `https://esi.evetech.net/killmails/${killmail.killmail_id}/${hash}/` },
      uploaded_at: Math.floor(Date.now() / 1000),
      sequence_id: sequence,
    })
    return { killmail_id: killmail.killmail_id, hash, sequence, zkb }
  }

  /** A kill zKillboard knows from before (history and killID, and ESI), without a live feed file. */
  addHistoricKill(killmail: EsiKillmail, options: PushOptions = {}): { killmail_id: number; hash: string; zkb: ZkbMeta } {
    return { killmail_id: killmail.killmail_id, ...this.remember(killmail, options) }
  }

  /** A file whose body is `body` as is (e.g. broken JSON); returns its sequence number. */
  pushRaw(body: string): number {
    const sequence = this.nextSequence++
    this.rawFiles.set(sequence, body)
    return sequence
  }

  /** A sequence number whose file is gone (expired or never written): the feed must skip it. */
  skipSequence(): number {
    return this.nextSequence++
  }

  /** The next `times` requests whose path starts with `prefix` get `status` (with headers, e.g. Retry-After). */
  failNext(prefix: string, status: number, times = 1, headers: Record<string, string> = {}): void {
    this.injected.push({ prefix, status, times, headers })
  }

  requestsTo(prefix: string) {
    return this.requests.filter((r) => r.path.startsWith(prefix))
  }

  private remember(killmail: EsiKillmail, options: PushOptions) {
    const hash = options.hash ?? killHash(killmail.killmail_id)
    const zkb: ZkbMeta = { ...makeZkb(killmail.killmail_id, 10_000_000), ...options.zkb, hash }
    const day = killmail.killmail_time.slice(0, 10).replaceAll('-', '')
    if (!this.history.has(day)) this.history.set(day, new Map())
    this.history.get(day)!.set(killmail.killmail_id, hash)
    this.zkb.set(killmail.killmail_id, zkb)
    if (this.esi && options.toEsi !== false) this.esi.killmails.set(killmail.killmail_id, { hash, body: killmail })
    return { hash, zkb }
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const request: FakeZkill['requests'][number] = { path: url.pathname, userAgent: req.headers['user-agent'], at: Date.now() }
    this.requests.push(request)
    this.inFlight++
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      request.status = status
      this.inFlight--
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
      res.end(body === undefined ? '' : JSON.stringify(body))
    }
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs))
    const injected = this.injected.find((i) => i.times > 0 && url.pathname.startsWith(i.prefix))
    if (injected) {
      injected.times--
      return send(injected.status, { error: `injected ${injected.status}` }, injected.headers)
    }
    if (req.method !== 'GET') return send(405, { error: 'GET only' })

    // The newest file; before the first kill, the number the first kill will get (so a reader starting then waits there).
    if (url.pathname === '/ephemeral/sequence.json')
      return send(200, { sequence: this.files.size + this.rawFiles.size ? this.nextSequence - 1 : this.nextSequence })
    const file = /^\/ephemeral\/(\d+)\.json$/.exec(url.pathname)
    if (file) {
      const raw = this.rawFiles.get(Number(file[1]))
      if (raw !== undefined) {
        request.status = 200
        this.inFlight--
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(raw)
        return
      }
      const record = this.files.get(Number(file[1]))
      return record ? send(200, record) : send(404, { error: 'Not Found' })
    }
    const day = /^\/api\/history\/(\d{8})\.json$/.exec(url.pathname)
    if (day) {
      // zKillboard writes a day's file once it has kills for it (cron/9.dayDump.php), so a day it knows none for is a 404;
      // a day set here with no kills is served as `{}`, to play a list that is not filled yet.
      const listed = this.history.get(day[1])
      return listed ? send(200, Object.fromEntries([...listed].map(([id, hash]) => [String(id), hash]))) : send(404, { error: 'Not Found' })
    }
    const kill = /^\/api\/killID\/(\d+)\/?$/.exec(url.pathname)
    if (kill) {
      const zkb = this.zkb.get(Number(kill[1]))
      return send(200, zkb ? [{ killmail_id: Number(kill[1]), zkb }] : [])
    }
    send(404, { error: 'Not Found' })
  }
}
