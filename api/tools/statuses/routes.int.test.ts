import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killMessage, startKillmailTestApp } from '../../../pipelines/killmails/testing.js'
import { publish } from '../../../platform/stream/typed.js'
import { KILLMAIL_FEED_STALE_MINUTES } from '../../../schemas/killmail-constants.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import { StatusesResponse } from '../../../schemas/statuses.js'

let t: Awaited<ReturnType<typeof startKillmailTestApp>>

beforeAll(async () => {
  t = await startKillmailTestApp() // a fake zKillboard answers the reachability ping; the live feed itself is off
})
afterAll(async () => {
  await t?.close()
})

const statuses = async () => {
  const res = await fetch(`${t.app.url}/api/statuses`)
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(StatusesResponse.parse(body)).toEqual(body)
  return body as StatusesResponse
}
/** The feed's status, asked until it is `want`: a status other than OK is reused for a few seconds. */
const feedBecomes = (want: string) => expect.poll(async () => (await statuses()).killmail_feed?.status, { timeout: 20_000, interval: 500 }).toBe(want)

const HOUR = 3_600_000
/** A row as the store writes it, with the times a test needs (the store's own `stored_at` is the insert's time). */
const storedKill = (id: number, time: Date, storedAt: Date, source: 'live' | 'backfill') => ({
  killmail_id: id,
  killmail_hash: `hash${id}`,
  killmail_time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  solar_system_id: 31_000_005,
  source,
  received_at: storedAt.toISOString(),
  stored_at: storedAt.toISOString(),
})

describe('GET /api/statuses: the killmail feed', () => {
  it('is STARTING while no kill is stored, next to zKillboard answering its ping', async () => {
    const body = await statuses()
    expect(body.killmail_feed).toEqual({
      status: 'STARTING',
      newest_kill_at: null,
      newest_kill_age_seconds: null,
      live_stored_at: null,
      live_stored_age_seconds: null,
      stale_after_minutes: KILLMAIL_FEED_STALE_MINUTES,
      zkill_answering: true,
      detail: 'No kill stored yet',
    })
    expect(body.deps.zkill).toMatchObject({ ok: true, status: 200 })
  })

  it("is STALE when the live feed stored its last kill three hours ago, with that kill's time and age", async () => {
    const at = new Date(Date.now() - 3 * HOUR)
    await t.app.ctx.ch.insert({ table: 'killmails', format: 'JSONEachRow', values: [storedKill(9001, new Date(at.getTime() - 60_000), at, 'live')] })
    await feedBecomes('STALE')
    const feed = (await statuses()).killmail_feed!
    expect(Date.parse(feed.newest_kill_at!)).toBe(Math.floor((at.getTime() - 60_000) / 1000) * 1000)
    expect(feed.newest_kill_age_seconds).toBeGreaterThanOrEqual(3 * 3600 + 60)
    expect(feed.newest_kill_age_seconds).toBeLessThan(3 * 3600 + 120)
    expect(Date.parse(feed.live_stored_at!)).toBe(at.getTime())
    expect(feed.live_stored_age_seconds).toBeGreaterThanOrEqual(3 * 3600)
    expect(feed.detail).toBe('The live feed last stored a kill 3 hours ago')
  })

  it('stays STALE when only a backfill stores kills, however recent (the live feed is still down)', async () => {
    const now = new Date()
    await t.app.ctx.ch.insert({ table: 'killmails', format: 'JSONEachRow', values: [storedKill(9002, new Date(now.getTime() - 60_000), now, 'backfill')] })
    await expect.poll(async () => (await statuses()).killmail_feed?.newest_kill_age_seconds, { timeout: 20_000, interval: 500 }).toBeLessThan(120)
    const feed = (await statuses()).killmail_feed!
    expect(feed.status).toBe('STALE')
    expect(feed.detail).toBe('The live feed last stored a kill 3 hours ago')
  })

  it('is OK again once the live feed stores a current kill', async () => {
    await publish(t.app.ctx.stream, KillmailsTopic, [
      {
        key: '9003',
        value: killMessage({
          id: 9003,
          time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          systemId: 31_000_005,
          victim: { characterId: 1, shipTypeId: 587 },
          attackers: [{ characterId: 2 }],
        }),
      },
    ])
    await feedBecomes('OK')
    const feed = (await statuses()).killmail_feed!
    expect(feed.live_stored_age_seconds).toBeLessThan(60)
    expect(feed.newest_kill_age_seconds).toBeLessThan(60)
    expect(feed.detail).toMatch(/^Newest kill \d+ seconds? ago; the live feed stored one \d+ seconds? ago$/)
  })
})

describe('GET /api/statuses: the static data import', () => {
  it('says when the newest import failed and why, so "not imported yet" is not all the page can say', async () => {
    const at = '2026-11-20 06:00:00.000'
    await t.app.ctx.ch.insert({
      table: 'static_imports',
      format: 'JSONEachRow',
      values: [
        {
          import_id: 999_999,
          source_version: 'test',
          status: 'failed',
          started_at: at,
          finished_at: at,
          summary: '',
          error: 'sde.zip: unexpected end of file',
          updated_at: at,
        },
      ],
    })
    expect((await statuses()).static_data.latest_import).toEqual({ status: 'failed', started_at: at, error: 'sde.zip: unexpected end of file' })
    await t.app.ctx.ch.command({ query: 'ALTER TABLE static_imports DELETE WHERE import_id = 999999 SETTINGS mutations_sync = 1' })
  })
})

describe('GET /api/statuses: the database down', () => {
  /** Runs `check` while every ClickHouse query of the app behaves as `query` does. */
  async function withQueries(query: () => Promise<never>, check: () => Promise<void>) {
    const ch = t.app.ctx.ch
    const real = ch.query
    ch.query = query as typeof ch.query
    try {
      await check()
    } finally {
      ch.query = real
    }
  }
  const statusesWithin = async (ms: number) => {
    const res = await fetch(`${t.app.url}/api/statuses`, { signal: AbortSignal.timeout(ms) })
    expect(res.status).toBe(200)
    return StatusesResponse.parse(await res.json())
  }

  it('answers with DB DOWN and a market pipeline UNKNOWN with the reason, not STARTING, when queries fail', async () => {
    await withQueries(
      () => Promise.reject(new Error('Connection refused')),
      async () => {
        const body = await statusesWithin(10_000)
        expect(body.db).toMatchObject({ ok: false, error: 'Connection refused' })
        expect(body.pipeline).toEqual({ status: 'UNKNOWN', detail: 'The database could not say: Connection refused' })
        expect(body.error).toMatch(/^Market pipeline state unavailable: Connection refused/)
        expect(body.prices).toHaveLength(5) // the ages are in memory and still shown
      },
    )
  })

  it('answers within seconds, with the database down, when the database never answers', async () => {
    await withQueries(
      () => new Promise<never>(() => {}),
      async () => {
        const started = Date.now()
        const body = await statusesWithin(10_000)
        expect(Date.now() - started).toBeLessThan(8_000)
        expect(body.db).toMatchObject({ ok: false, error: 'no answer within 5 s' })
        expect(body.pipeline.status).toBe('UNKNOWN')
      },
    )
  }, 20_000)

  it('has /api/health answer 503 within seconds, not hang, when the database never answers', async () => {
    await withQueries(
      () => new Promise<never>(() => {}),
      async () => {
        const started = Date.now()
        const res = await fetch(`${t.app.url}/api/health`, { signal: AbortSignal.timeout(10_000) })
        expect(Date.now() - started).toBeLessThan(8_000)
        expect(res.status).toBe(503)
        expect(await res.json()).toMatchObject({ ok: false, db: { ok: false, error: 'no answer within 5 s' } })
      },
    )
  }, 20_000)
})
