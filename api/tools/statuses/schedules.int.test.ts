import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StatusesResponse } from '../../../schemas/statuses.js'
import { HUBS } from '../../../schemas/market.js'
import { FakeScheduleClock } from '../../../ingest/schedule.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { FakeEsi } from '../../../platform/fakes/esi/server.js'
import { addMarketRoutes, createMarketState, setBook } from '../../../platform/fakes/esi/markets.js'
import { addStatusRoutes, type FakeServerStatus } from '../../../platform/fakes/esi/status.js'
import { demoMarketRefresh } from '../../../platform/fakes/demo-market.js'
import { minimalBooks } from '../../../pipelines/market/testing.js'

/**
 * The app with its ingest schedules ON, under a fake clock that starts ten seconds before 11:00 UTC. The fake ESI
 * refreshes its books every 5 minutes on the same clock (prices drifting, as the demo's do). Moving the clock, every
 * job runs when it is due and the status page shows how each run ended and each hub's last check.
 */
const clock = new FakeScheduleClock(new Date('2026-12-02T10:59:50Z'))
const esi = new FakeEsi()
const market = createMarketState()
// ESI caches /status 30 s of its own time; on the fake clock a minute passes in moments, so nothing is cached here.
const status: { current: FakeServerStatus | null; expiresIn: number } = {
  current: { players: 23_456, server_version: '3000000', start_time: '2026-12-02T11:00:00Z' },
  expiresIn: 0,
}
const books = minimalBooks()
let app: TestApp

beforeAll(async () => {
  market.now = () => clock.now()
  for (const [region, orders] of books) setBook(market, region, orders)
  market.refresh = demoMarketRefresh(books)
  addMarketRoutes(esi, market)
  addStatusRoutes(esi, status)
  await esi.start()
  app = await startTestApp({ ESI_BASE_URL: esi.url, STATUS_INTERVAL_SECONDS: 60, MARKET_CADENCE_MINUTES: 30 }, {}, { ingestSchedules: clock })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await esi.close()
})

const statuses = async () => (await (await fetch(`${app.url}/api/statuses`)).json()) as StatusesResponse
const run = (s: StatusesResponse, job: string) => s.schedules.find((j) => j.job === job)
const jitaPrice = async () =>
  ((await (await fetch(`${app.url}/api/prices/station?station_id=${HUBS[0].station_id}&type_ids=34`)).json()) as { rows: Array<{ sell_min: number | null }> })
    .rows[0]?.sell_min

/** Waits (without timing anything) until the status page says what `check` asks. */
const until = (check: (s: StatusesResponse) => boolean) => expect.poll(async () => check(await statuses()), { timeout: 30_000, interval: 200 }).toBe(true)

describe('ingest schedules under a fake clock', () => {
  it('records the runs at start, each with its outcome and when the next is due', async () => {
    await until((s) => run(s, 'market-orders')?.last_run?.outcome === 'fetched' && run(s, 'esi-server-status')?.last_run?.outcome === 'fetched')
    const s = await statuses()
    expect(run(s, 'market-orders')).toMatchObject({
      schedule: '0 */30 * * * *',
      last_run: { trigger: 'start', due_at: '2026-12-02T10:59:50.000Z' },
      next_due_at: '2026-12-02T11:00:00.000Z',
    })
    expect(run(s, 'esi-server-status')?.last_run?.detail).toBe('23456 players online')
  })

  it("runs the market job at 11:00, when ESI's book has just been refreshed, and shows each hub's check", async () => {
    await until((s) => s.prices.every((p) => p.esi_unchanged_since !== null))
    const before = await jitaPrice()
    await clock.advanceTo(new Date('2026-12-02T11:00:00Z'))
    await until((s) => run(s, 'market-orders')?.last_run?.due_at === '2026-12-02T11:00:00.000Z')
    await until((s) => s.prices.every((p) => p.esi_unchanged_since === '2026-12-02T11:00:00.000Z'))
    const s = await statuses()
    expect(run(s, 'market-orders')).toMatchObject({ last_run: { trigger: 'schedule', outcome: 'fetched' }, next_due_at: '2026-12-02T11:30:00.000Z' })
    expect(run(s, 'esi-server-status')).toMatchObject({ last_run: { due_at: '2026-12-02T11:00:00.000Z' }, next_due_at: '2026-12-02T11:01:00.000Z' })
    for (const p of s.prices) expect(p).toMatchObject({ last_check: 'complete' })
    for (const p of s.prices) expect(p.last_checked_at).not.toBeNull()
    // the refreshed book's prices drifted from the starting book's
    await expect.poll(jitaPrice, { timeout: 30_000, interval: 200 }).not.toBe(before)
  })

  it('runs the hourly industry job at :07 and the status job every minute, failures included', async () => {
    await clock.advanceTo(new Date('2026-12-02T11:07:00Z'))
    await until((s) => run(s, 'esi-industry-inputs')?.last_run?.due_at === '2026-12-02T11:07:00.000Z')
    const s = await statuses()
    // this fake ESI has no industry routes: the run fails, and says why
    expect(run(s, 'esi-industry-inputs')).toMatchObject({ last_run: { trigger: 'schedule', outcome: 'failed' }, next_due_at: '2026-12-02T12:07:00.000Z' })
    expect(run(s, 'esi-industry-inputs')?.last_run?.detail).toContain('adjusted_prices: failed')
    expect(run(s, 'esi-server-status')?.last_run?.due_at).toBe('2026-12-02T11:07:00.000Z')

    status.current = null // ESI goes down
    await clock.advanceTo(new Date('2026-12-02T11:08:00Z'))
    await until((s) => run(s, 'esi-server-status')?.last_run?.due_at === '2026-12-02T11:08:00.000Z')
    expect(run(await statuses(), 'esi-server-status')?.last_run?.outcome).toBe('failed')
    status.current = { players: 20_000, server_version: '3000000', start_time: '2026-12-02T11:00:00Z' }
  })

  it('runs the daily packaged-volumes job at 11:20 UTC', async () => {
    await clock.advanceTo(new Date('2026-12-02T11:20:00Z'))
    await until((s) => run(s, 'esi-packaged-volumes')?.last_run?.due_at === '2026-12-02T11:20:00.000Z')
    expect(run(await statuses(), 'esi-packaged-volumes')?.next_due_at).toBe('2026-12-03T11:20:00.000Z')
  })

  it("says since when ESI's book is unchanged when ESI offers nothing newer at 11:30", async () => {
    market.refresh = null // ESI stops refreshing its books
    await clock.advanceTo(new Date('2026-12-02T11:30:00Z'))
    await until((s) => run(s, 'market-orders')?.last_run?.due_at === '2026-12-02T11:30:00.000Z')
    const s = await statuses()
    expect(run(s, 'market-orders')?.last_run).toMatchObject({ outcome: 'unchanged' })
    expect(run(s, 'market-orders')?.last_run?.detail).toContain('Jita 4-4: unchanged since Wed, 02 Dec 2026 11:00:00 GMT')
    await until((s) => s.prices.every((p) => p.last_check === 'unchanged'))
    for (const p of (await statuses()).prices) expect(p.esi_unchanged_since).toBe('2026-12-02T11:00:00.000Z')
  })
})
