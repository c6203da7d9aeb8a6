import crypto from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { API_FIXTURES_DIR } from '../api-fixtures.js'
import { LoopbackServer } from '../../testing/loopback-server.js'

/** The real v2 signatures feed recorded by csh/eve-router (FORMAT.md), and the time it was fetched (its test's FETCHED). */
export const EVE_SCOUT_FIXTURE = path.join(API_FIXTURES_DIR, 'eve-scout', 'signatures.2026-10-05.eve-router-fixture.json')
export const EVE_SCOUT_FIXTURE_FETCHED_AT = Date.parse('2026-10-05T17:51:16Z')

type FeedRecord = Record<string, unknown>

const TIME_FIELDS = ['created_at', 'updated_at', 'completed_at', 'expires_at'] as const

/** The recorded feed, read fresh (a test may change its copy). */
export function recordedFeed(): FeedRecord[] {
  return JSON.parse(fs.readFileSync(EVE_SCOUT_FIXTURE, 'utf8')) as FeedRecord[]
}

/**
 * The recorded feed as if fetched at `at`: every time moved by the same amount and `remaining_hours` worked out again,
 * so the connections are alive for a demo or a test run today. Systems, regions, types and sizes stay as recorded.
 */
export function feedAsOf(records: FeedRecord[], at: number, fetchedAt = EVE_SCOUT_FIXTURE_FETCHED_AT): FeedRecord[] {
  const shift = at - fetchedAt
  return records.map((r) => {
    const out: FeedRecord = { ...r }
    for (const f of TIME_FIELDS) if (typeof r[f] === 'string') out[f] = new Date(Date.parse(r[f]) + shift).toISOString()
    if (typeof out.expires_at === 'string') out.remaining_hours = Math.max(0, Math.floor((Date.parse(out.expires_at) - at) / 3_600_000))
    return out
  })
}

export interface EveScoutRequest {
  path: string
  userAgent: string | undefined
  ifNoneMatch: string | undefined
  ifModifiedSince: string | undefined
  status: number
}

/**
 * A loopback EVE-Scout: `GET /v2/public/signatures` (optionally `?system_name=Thera|Turnur`) answers `feed` with an
 * ETag and a Last-Modified, and 304 to a request that sends either back unchanged. `down` makes it answer 503 (or, with
 * 'refuse', drop the connection), as an outage would. Every request is recorded for tests.
 */
export class FakeEveScout extends LoopbackServer {
  feed: FeedRecord[]
  lastModified: Date
  down: false | 'http-503' | 'refuse' = false
  readonly requests: EveScoutRequest[] = []

  constructor(feed: FeedRecord[] = feedAsOf(recordedFeed(), Date.now())) {
    super()
    this.feed = feed
    this.lastModified = new Date(Math.floor(Date.now() / 1000) * 1000)
  }

  /** Replace the feed, as scouts reporting would: a new ETag and Last-Modified. */
  setFeed(feed: FeedRecord[], at = new Date()) {
    this.feed = feed
    this.lastModified = new Date(Math.floor(at.getTime() / 1000) * 1000)
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const record = (status: number) =>
      this.requests.push({
        path: url.pathname + url.search,
        userAgent: req.headers['user-agent'],
        ifNoneMatch: req.headers['if-none-match'],
        ifModifiedSince: req.headers['if-modified-since'],
        status,
      })
    if (this.down === 'refuse') {
      record(0)
      res.destroy()
      return
    }
    if (this.down === 'http-503') {
      record(503)
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable')
      return
    }
    if (req.method !== 'GET' || url.pathname !== '/v2/public/signatures') {
      record(404)
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }))
      return
    }
    const hub = url.searchParams.get('system_name')?.toLowerCase()
    const rows = hub ? this.feed.filter((r) => String(r.out_system_name).toLowerCase() === hub) : this.feed
    const body = JSON.stringify(rows)
    const etag = `"${crypto.createHash('sha1').update(body).digest('hex').slice(0, 16)}"`
    const lastModified = this.lastModified.toUTCString()
    const since = req.headers['if-modified-since'] ? Date.parse(req.headers['if-modified-since']) : NaN
    const notModified = req.headers['if-none-match'] ? req.headers['if-none-match'] === etag : Number.isFinite(since) && since >= this.lastModified.getTime()
    if (notModified) {
      record(304)
      res.writeHead(304, { ETag: etag, 'Last-Modified': lastModified }).end()
      return
    }
    record(200)
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag, 'Last-Modified': lastModified }).end(body)
  }
}
