import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { IndustryInputsStore } from '../../api/common/industry/inputs-store.js'
import { EsiClient } from '../../platform/esi/client.js'
import { addIndustryRoutes, createIndustryState, setIndustryData } from '../../platform/fakes/esi/industry.js'
import { addMarketRoutes, createMarketState, setBook } from '../../platform/fakes/esi/markets.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addStatusRoutes } from '../../platform/fakes/esi/status.js'
import { fetchIndustryDataset, INDUSTRY_CHUNK_ROWS } from '../../ingest/industry/inputs-job.js'
import type { EsiIndustrySystem, EsiMarketPrice, IndustryDataset } from '../../schemas/industry.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { createLogger } from '../../platform/log.js'
import { minimalBooks } from '../market/testing.js'
import { finalizeIndustrySnapshot } from './consumer.js'

const esi = new FakeEsi()
const industry = createIndustryState()
let app: TestApp

// More prices than one topic message carries, so a snapshot travels in several parts.
const PRICE_COUNT = INDUSTRY_CHUNK_ROWS * 2 + 17
const prices = (factor: number): EsiMarketPrice[] =>
  Array.from({ length: PRICE_COUNT }, (_, i) => ({ type_id: i + 1, adjusted_price: (i + 1) * factor, average_price: i + 1 }))
const JITA = 30000142
const J_SYSTEM = 31000005
const systems = (jita: number): EsiIndustrySystem[] => [
  {
    solar_system_id: JITA,
    cost_indices: [
      { activity: 'manufacturing', cost_index: jita },
      { activity: 'reaction', cost_index: 0.001 },
      { activity: 'invention', cost_index: 0.02 },
    ],
  },
  { solar_system_id: J_SYSTEM, cost_indices: [{ activity: 'reaction', cost_index: 0.0123 }] },
  { solar_system_id: 30000144, cost_indices: [] },
]

async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const v = await probe()
    if (ok(v)) return v
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const completeSnapshots = (dataset: IndustryDataset) =>
  queryRows<{ snapshot_id: string; rows: number }>(
    app.ctx.ch,
    `SELECT snapshot_id, rows FROM industry_snapshots FINAL WHERE dataset = {d:String} AND status = 'complete' ORDER BY snapshot_id`,
    { d: dataset },
  )

async function storeNow() {
  const store = new IndustryInputsStore(app.ctx.ch, createLogger('silent'))
  await store.refresh()
  return store
}

beforeAll(async () => {
  addStatusRoutes(esi, { current: { players: 100, server_version: '1', start_time: '2026-11-22T00:00:00Z' } })
  const market = createMarketState()
  addMarketRoutes(esi, market)
  for (const [region, orders] of minimalBooks()) setBook(market, region, orders)
  addIndustryRoutes(esi, industry)
  industry.expiresIn = 0 // the data changes between fetches in these tests
  setIndustryData(industry, { prices: prices(1), systems: systems(0.05) })
  await esi.start()
  // The job runs once at start; the tests fetch by hand after that.
  app = await startTestApp({ ESI_BASE_URL: esi.url })
  await waitFor(
    () => completeSnapshots('adjusted_prices'),
    (r) => r.length === 1,
  )
  await waitFor(
    () => completeSnapshots('cost_indices'),
    (r) => r.length === 1,
  )
}, 120_000)
afterAll(async () => {
  await app?.close()
  await esi.close()
})

describe('industry inputs (ESI → topic → ClickHouse → api memory)', () => {
  it('stores a whole snapshot of adjusted prices sent in parts, and of cost indices', async () => {
    expect((await completeSnapshots('adjusted_prices'))[0].rows).toBe(PRICE_COUNT)
    expect((await completeSnapshots('cost_indices'))[0].rows).toBe(4) // system × activity entries
    const store = await storeNow()
    expect(store.adjustedPrice(1)).toBe(1)
    expect(store.adjustedPrice(PRICE_COUNT)).toBe(PRICE_COUNT)
    expect(store.adjustedPrice(PRICE_COUNT + 1)).toBeNull()
    expect(store.costIndices(JITA)).toEqual({ manufacturing: 0.05, reaction: 0.001 })
    expect(store.costIndices(J_SYSTEM)).toEqual({ manufacturing: null, reaction: 0.0123 })
    expect(store.costIndices(30000144)).toEqual({ manufacturing: null, reaction: null })
    expect(store.fetchedAt('adjusted_prices')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it('publishes nothing when ESI still has the same data (same Last-Modified)', async () => {
    expect(await fetchIndustryDataset(app.ctx, 'adjusted_prices')).toBe('unchanged')
    expect(await fetchIndustryDataset(app.ctx, 'cost_indices')).toBe('unchanged')
  })

  it('takes new data as a new snapshot, and keeps only the newest two', async () => {
    for (const factor of [2, 3]) {
      setIndustryData(industry, { prices: prices(factor), systems: systems(0.01 * factor) })
      expect(await fetchIndustryDataset(app.ctx, 'adjusted_prices')).toBe('published')
      expect(await fetchIndustryDataset(app.ctx, 'cost_indices')).toBe('published')
      await waitFor(
        async () => (await storeNow()).adjustedPrice(10),
        (p) => p === 10 * factor,
      )
    }
    const store = await waitFor(storeNow, (s) => s.costIndices(JITA).manufacturing === 0.03)
    expect(store.adjustedPrice(7)).toBe(21)
    const snapshots = await completeSnapshots('adjusted_prices')
    expect(snapshots).toHaveLength(3)
    const [oldest] = snapshots
    const left = await queryRows<{ n: string }>(app.ctx.ch, 'SELECT count() AS n FROM industry_adjusted_prices WHERE snapshot_id = {s:UInt64}', {
      s: oldest.snapshot_id,
    })
    expect(Number(left[0].n)).toBe(0) // its partition was dropped
    const partitions = await queryRows<{ n: string }>(app.ctx.ch, 'SELECT uniqExact(snapshot_id) AS n FROM industry_adjusted_prices')
    expect(Number(partitions[0].n)).toBe(2)
  })

  it('keeps the previous snapshot serving when ESI is down or answers in another shape', async () => {
    // A client with short backoff, so the retries of the 503 do not slow the test.
    const quick = { ...app.ctx, esi: new EsiClient({ baseUrl: esi.url, userAgent: 'test', log: createLogger('silent'), backoffMs: 1 }) }
    setIndustryData(industry, { prices: null })
    expect(await fetchIndustryDataset(quick, 'adjusted_prices')).toBe('failed')
    setIndustryData(industry, { prices: [{ type_id: 'x' } as unknown as EsiMarketPrice] })
    expect(await fetchIndustryDataset(quick, 'adjusted_prices')).toBe('failed')
    // An empty list has ESI's shape but would leave every material without an adjusted price.
    setIndustryData(industry, { prices: [], systems: [] })
    expect(await fetchIndustryDataset(quick, 'adjusted_prices')).toBe('failed')
    expect(await fetchIndustryDataset(quick, 'cost_indices')).toBe('failed')
    const store = await storeNow()
    expect(store.adjustedPrice(7)).toBe(21)
    expect(store.costIndices(JITA).manufacturing).toBe(0.03)
  })

  it('marks a snapshot whose parts did not all arrive as incomplete, and does not serve it', async () => {
    const m = {
      dataset: 'adjusted_prices' as const,
      snapshot_id: Date.now(),
      part: 2,
      parts: 2,
      total_rows: 10,
      last_modified: null,
      fetched_at: new Date().toISOString(),
      rows: [],
    }
    await app.ctx.ch.insert({
      table: 'industry_adjusted_prices',
      values: [{ snapshot_id: m.snapshot_id, type_id: 7, adjusted_price: 999, average_price: 1 }],
      format: 'JSONEachRow',
    })
    expect(await finalizeIndustrySnapshot(app.ctx, m)).toBe('incomplete')
    expect((await storeNow()).adjustedPrice(7)).toBe(21)
  })

  it('leaves a complete snapshot alone when its last part is delivered again', async () => {
    const [latest] = (await completeSnapshots('cost_indices')).slice(-1)
    const again = {
      dataset: 'cost_indices' as const,
      snapshot_id: Number(latest.snapshot_id),
      part: 1,
      parts: 1,
      total_rows: 4,
      last_modified: null,
      fetched_at: new Date().toISOString(),
      rows: [],
    }
    expect(await finalizeIndustrySnapshot(app.ctx, again)).toBe('duplicate')
  })
})
