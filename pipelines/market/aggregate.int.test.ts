import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EsiMarketOrder } from '../../schemas/market.js'
import { createClickHouse, queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { MIGRATIONS_DIR, migrate } from '../../platform/clickhouse/migrate.js'
import type { AppContext } from '../../platform/context.js'
import { PriceStore } from '../../api/common/price-store.js'
import { createLogger } from '../../platform/log.js'
import { MemoryStream } from '../../platform/stream/memory.js'
import { AGGREGATE_PARTS, aggregateRegionPrices, aggregateStationPrices } from './aggregate.js'
import { finalizeSnapshot, insertOrderRows, pageRows } from './consumer.js'
import { order } from './testing.js'
import { API_FIXTURES_DIR } from '../../platform/fakes/api-fixtures.js'

const FORGE = 10000002
const JITA = 60003760
const HAIL_S = 12608
const DOMAIN = 10000043
const AMARR = 60008494
const log = createLogger('silent')

let ch: ClickHouseClient
let dataDir: string
let nextSnapshot = 1_000

const METROPOLIS = 10000042
const HEK = 60005686
/** The first migration with price tables keyed by snapshot: the database is built as it was before it, then upgraded. */
const KEYED_BY_SNAPSHOT = '202611230200_market_prices_by_snapshot'
const LEGACY_SNAPSHOT = 500

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-market-agg-'))
  ch = await createClickHouse({
    DATA_DIR: dataDir,
    CLICKHOUSE_URL: undefined,
    CLICKHOUSE_USER: 'default',
    CLICKHOUSE_PASSWORD: '',
    CLICKHOUSE_DATABASE: 'default',
  })
  const before = path.join(dataDir, 'migrations-before')
  fs.mkdirSync(before)
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < KEYED_BY_SNAPSHOT))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file))
  await migrate(ch, before)
  // A database in use before the upgrade: Hek's current prices in the old tables (and one history sample).
  const at = '2026-11-22 10:00:00'
  await ch.insert({
    table: 'market_snapshots',
    values: [
      {
        region_id: METROPOLIS,
        snapshot_id: LEGACY_SNAPSHOT,
        status: 'complete',
        pages: 1,
        order_count: 2,
        esi_last_modified: '',
        started_at: at,
        finished_at: at,
        detail: '',
      },
    ],
    format: 'JSONEachRow',
  })
  await ch.insert({
    table: 'market_prices_station',
    values: [
      {
        station_id: HEK,
        type_id: 34,
        region_id: METROPOLIS,
        snapshot_id: LEGACY_SNAPSHOT,
        sell_min: 4.2,
        buy_max: 4,
        sell_5pct: 4.2,
        buy_5pct: 4,
        sell_orders: 1,
        buy_orders: 1,
        sell_volume: 10,
        buy_volume: 10,
        last_updated: at,
      },
    ],
    format: 'JSONEachRow',
  })
  await ch.insert({
    table: 'market_prices_region',
    values: [
      { region_id: METROPOLIS, type_id: 34, snapshot_id: LEGACY_SNAPSHOT, sell_median: 4.2, sell_min: 4.2, buy_median: 4, buy_max: 4, last_updated: at },
    ],
    format: 'JSONEachRow',
  })
  await migrate(ch)
})
afterAll(async () => {
  await ch?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Store a snapshot's pages as the order writer does; answers the snapshot id. */
async function storeOrders(pages: EsiMarketOrder[][], regionId = FORGE): Promise<number> {
  const snapshotId = nextSnapshot++
  const rows = pages.flatMap((orders, i) =>
    pageRows({ kind: 'page', region_id: regionId, snapshot_id: snapshotId, page: i + 1, pages: pages.length, last_modified: null, orders }),
  )
  await insertOrderRows(ch, rows)
  return snapshotId
}

interface StationRow {
  sell_min: number | null
  buy_max: number | null
  sell_5pct: number | null
  buy_5pct: number | null
  sell_orders: number
  buy_orders: number
  sell_volume: number
  buy_volume: number
}

async function stationRow(snapshotId: number, typeId: number, stationId = JITA): Promise<StationRow> {
  const [row] = await queryRows<StationRow>(
    ch,
    `SELECT sell_min, buy_max, sell_5pct, buy_5pct, sell_orders, buy_orders, toFloat64(sell_volume) AS sell_volume, toFloat64(buy_volume) AS buy_volume
     FROM market_prices_station_by_snapshot FINAL WHERE snapshot_id = {s:UInt64} AND station_id = {st:UInt64} AND type_id = {t:UInt32}`,
    { s: snapshotId, st: stationId, t: typeId },
  )
  return row
}

/** The real Hail S sell orders at Jita 4-4 of the shared ESI sample (42 orders, 72.99 to 7,201 ISK). */
function hailSSells(): EsiMarketOrder[] {
  const file = path.join(API_FIXTURES_DIR, 'esi/markets-10000002-orders-jita-sample-2023-11.json')
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as EsiMarketOrder[]).filter((o) => o.type_id === HAIL_S)
}

describe('station 5% prices leave out outlier orders (Fuzzwork rule)', () => {
  it('gives no weight to a sell above 100 × the lowest sell or a buy below the highest buy ÷ 100', async () => {
    // Sells: the real book (33,275,350 units; 5% = 1,663,767.5 units from 72.99 up → 73.011), plus 2e9 units at
    // 8,000 ISK (> 100 × 72.99), which would otherwise make 5% = 101.7M units and the average 5,410.08.
    // Buys: 70 × 500k, 69.5 × 2M, 60 × 3M (5% of 5.5M = 275k units, all at 70) plus a penny order 0.01 × 1e9
    // (< 70 ÷ 100), which would otherwise make 5% = 50.3M units reaching into the penny order: 7.0502.
    const snapshot = await storeOrders([
      [...hailSSells(), order(HAIL_S, JITA, false, 8_000, 2_000_000_000)],
      [
        order(HAIL_S, JITA, true, 70, 500_000),
        order(HAIL_S, JITA, true, 69.5, 2_000_000),
        order(HAIL_S, JITA, true, 60, 3_000_000),
        order(HAIL_S, JITA, true, 0.01, 1_000_000_000),
      ],
    ])
    await aggregateStationPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    expect(await stationRow(snapshot, HAIL_S)).toEqual({
      sell_min: 72.99,
      buy_max: 70,
      sell_5pct: 73.011,
      buy_5pct: 70,
      // every order is counted; the volumes are those the 5% is taken of (Fuzzwork reports the same)
      sell_orders: 43,
      buy_orders: 4,
      sell_volume: 33_275_350,
      buy_volume: 5_500_000,
    })
  })

  it('keeps orders at exactly 100 × the best sell or the best buy ÷ 100', async () => {
    const snapshot = await storeOrders([
      [order(34, JITA, false, 10, 100), order(34, JITA, false, 1000, 100), order(34, JITA, false, 1000.01, 100)],
      [order(34, JITA, true, 10, 100), order(34, JITA, true, 0.1, 100), order(34, JITA, true, 0.0999, 100)],
    ])
    await aggregateStationPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    expect(await stationRow(snapshot, 34)).toMatchObject({ sell_5pct: 10, buy_5pct: 10, sell_orders: 3, buy_orders: 3, sell_volume: 200, buy_volume: 200 })
  })
})

describe('an order with no volume left is no price', () => {
  it('leaves filled orders out of the best prices, 5% prices, counts and region fallback, also when only a later copy is filled', async () => {
    // Sells: a filled order at 5 (below the real best, 8), and an order at 6 listed twice, its later copy filled.
    // Buys: only a filled order. Type 38 has nothing but a filled order.
    const repeated = order(39, JITA, false, 6, 50)
    const snapshot = await storeOrders([
      [order(39, JITA, false, 5, 0), repeated, order(39, JITA, false, 8, 100), order(39, JITA, true, 4, 0), order(38, JITA, false, 3, 0)],
      [{ ...repeated, volume_remain: 0 }],
    ])
    await aggregateStationPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    await aggregateRegionPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    expect(await stationRow(snapshot, 39)).toEqual({
      sell_min: 8,
      buy_max: null,
      sell_5pct: 8,
      buy_5pct: null,
      sell_orders: 1,
      buy_orders: 0,
      sell_volume: 100,
      buy_volume: 0,
    })
    expect(await stationRow(snapshot, 38)).toBeUndefined()
    const region = await queryRows<{ type_id: number; sell_median: number | null; sell_min: number | null; buy_median: number | null; buy_max: number | null }>(
      ch,
      'SELECT type_id, sell_median, sell_min, buy_median, buy_max FROM market_prices_region_by_snapshot FINAL WHERE snapshot_id = {s:UInt64} ORDER BY type_id',
      { s: snapshot },
    )
    expect(region).toEqual([{ type_id: 39, sell_median: 8, sell_min: 8, buy_median: null, buy_max: null }])
  })
})

describe('an order id repeated in a snapshot counts once, and the copy kept is deterministic', () => {
  const regionSellMin = async (snapshotId: number, typeId: number) =>
    (
      await queryRows<{ sell_min: number }>(
        ch,
        'SELECT sell_min FROM market_prices_region_by_snapshot FINAL WHERE snapshot_id = {s:UInt64} AND type_id = {t:UInt32}',
        { s: snapshotId, t: typeId },
      )
    )[0]?.sell_min

  it('keeps the copy with the newer issued time, whatever its page', async () => {
    const older = { ...order(36, JITA, false, 8, 100), issued: '2026-11-20T10:00:00Z' }
    const newer = { ...older, price: 6, volume_remain: 90, issued: '2026-11-20T11:00:00Z' }
    const snapshot = await storeOrders([[newer, order(36, JITA, false, 9, 100)], [older]])
    await aggregateStationPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    await aggregateRegionPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    expect(await stationRow(snapshot, 36)).toMatchObject({ sell_min: 6, sell_orders: 2, sell_volume: 190 })
    expect(await regionSellMin(snapshot, 36)).toBe(6)
  })

  it('keeps the copy from the later page when the issued times are the same', async () => {
    const first = order(37, JITA, false, 6, 100)
    const later = { ...first, price: 8, volume_remain: 90 }
    const snapshot = await storeOrders([[first, order(37, JITA, false, 9, 100)], [later]])
    await aggregateStationPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    await aggregateRegionPrices(ch, FORGE, snapshot, '2026-11-22T10:00:00Z')
    expect(await stationRow(snapshot, 37)).toMatchObject({ sell_min: 8, sell_orders: 2, sell_volume: 190 })
    expect(await regionSellMin(snapshot, 37)).toBe(8)
  })
})

/** Store a snapshot's pages and its `complete` marker as the pipeline does; answers the snapshot id. */
async function completeSnapshot(pages: EsiMarketOrder[][], regionId: number, lastModified: string | null = null, startedAt = '2026-11-22T10:00:00Z') {
  const snapshotId = await storeOrders(pages, regionId)
  const ctx = { ch, stream: new MemoryStream(), log } as unknown as AppContext
  const orderCount = new Set(pages.flat().map((o) => o.order_id)).size
  const outcome = await finalizeSnapshot(ctx, {
    kind: 'complete',
    region_id: regionId,
    snapshot_id: snapshotId,
    pages: pages.length,
    order_count: orderCount,
    last_modified: lastModified,
    started_at: startedAt,
  })
  expect(outcome).toBe('complete')
  return snapshotId
}

const amarrBook = (sell34: number, sell35: number) => [
  [order(34, AMARR, false, sell34, 100), order(35, AMARR, false, sell35, 100)],
  [order(34, AMARR, true, sell34 - 1, 100)],
]

describe('a complete snapshot loads whole whatever newer snapshots wrote', () => {
  it("serves every type of the current snapshot after a newer snapshot's prices are written but not complete", async () => {
    const current = await completeSnapshot(amarrBook(10, 20), DOMAIN)
    // The next snapshot's aggregates are written, then it fails (or is not recorded complete yet) …
    const next = await storeOrders(amarrBook(11, 21), DOMAIN)
    await aggregateStationPrices(ch, DOMAIN, next, '2026-11-22T10:30:00Z')
    await aggregateRegionPrices(ch, DOMAIN, next, '2026-11-22T10:30:00Z')
    // … and an api process starts and loads the current snapshot.
    const store = new PriceStore(ch, log)
    await store.refresh()
    expect(store.snapshotOf(AMARR)?.snapshotId).toBe(current)
    expect(store.stationPrices(AMARR, [34, 35]).map((r) => [r.type_id, r.sell_min])).toEqual([
      [34, 10],
      [35, 20],
    ])
    expect(store.fallbackPrices(DOMAIN, [34, 35]).map((r) => [r.type_id, r.sell_min])).toEqual([
      [34, 10],
      [35, 20],
    ])
  })
})

describe('a marker delivered again after a failed finalisation', () => {
  /** The snapshot's completion marker, delivered (again) for a one-page snapshot of `orders` orders dated `day`. */
  const finalizeAgain = (snapshotId: number, orders: number, day: string) =>
    finalizeSnapshot({ ch, stream: new MemoryStream(), log } as unknown as AppContext, {
      kind: 'complete',
      region_id: DOMAIN,
      snapshot_id: snapshotId,
      pages: 1,
      order_count: orders,
      last_modified: `${day}T10:00:00Z`,
      started_at: `${day}T10:01:00Z`,
    })

  it('counts the snapshot once in the daily history when its hub prices were already written', async () => {
    const ORE = 41
    const pages = [[order(ORE, AMARR, false, 50, 100), order(ORE, AMARR, true, 45, 100)]]
    const snapshotId = await storeOrders(pages, DOMAIN)
    // the first delivery wrote the hub prices, then failed before the snapshot was recorded complete
    await aggregateStationPrices(ch, DOMAIN, snapshotId, '2026-11-21T10:00:00Z')
    expect(await finalizeAgain(snapshotId, 2, '2026-11-21')).toBe('complete')
    const [history] = await queryRows<{ samples: string }>(
      ch,
      'SELECT sum(samples) AS samples FROM market_history_daily WHERE station_id = {st:UInt64} AND type_id = {t:UInt32}',
      { st: AMARR, t: ORE },
    )
    expect(Number(history.samples)).toBe(1)
    expect(await stationRow(snapshotId, ORE, AMARR)).toMatchObject({ sell_min: 50, buy_max: 45 })
  })

  it('writes the parts of the hub prices the first delivery had not written, and counts each type once', async () => {
    // 42 and 43 fall in different parts (type_id % AGGREGATE_PARTS); the first delivery wrote 43's part only
    const [WRITTEN, MISSING] = [43, 42]
    expect(WRITTEN % AGGREGATE_PARTS).not.toBe(MISSING % AGGREGATE_PARTS)
    const pages = [[order(WRITTEN, AMARR, false, 60, 100), order(MISSING, AMARR, false, 70, 100), order(MISSING, AMARR, true, 65, 100)]]
    const snapshotId = await storeOrders(pages, DOMAIN)
    await aggregateStationPrices(ch, DOMAIN, snapshotId, '2026-11-23T10:00:00Z', { index: WRITTEN % AGGREGATE_PARTS, of: AGGREGATE_PARTS })
    expect(await finalizeAgain(snapshotId, 3, '2026-11-23')).toBe('complete')
    for (const type of [WRITTEN, MISSING]) {
      const [history] = await queryRows<{ samples: string }>(
        ch,
        'SELECT sum(samples) AS samples FROM market_history_daily WHERE station_id = {st:UInt64} AND type_id = {t:UInt32}',
        { st: AMARR, t: type },
      )
      expect(Number(history.samples)).toBe(1)
    }
    expect(await stationRow(snapshotId, WRITTEN, AMARR)).toMatchObject({ sell_min: 60, buy_max: null })
    expect(await stationRow(snapshotId, MISSING, AMARR)).toMatchObject({ sell_min: 70, buy_max: 65 })
  })
})

describe('snapshots in the price tables', () => {
  const snapshotsStored = async (regionId: number) =>
    Promise.all(
      ['market_prices_station_by_snapshot', 'market_prices_region_by_snapshot'].map(async (table) =>
        (await queryRows<{ s: string }>(ch, `SELECT DISTINCT snapshot_id AS s FROM ${table} WHERE region_id = {r:UInt32} ORDER BY s`, { r: regionId })).map(
          (r) => Number(r.s),
        ),
      ),
    )

  it("deletes a region's snapshots older than the previous complete one once a new one completes", async () => {
    const SINQ_LAISON = 10000032
    const DODIXIE = 60011866
    const book = (price: number) => [[order(34, DODIXIE, false, price, 100), order(34, DODIXIE, true, price - 1, 100)]]
    const first = await completeSnapshot(book(10), SINQ_LAISON)
    const failed = await storeOrders(book(11), SINQ_LAISON)
    await aggregateStationPrices(ch, SINQ_LAISON, failed, '2026-11-22T10:30:00Z')
    await aggregateRegionPrices(ch, SINQ_LAISON, failed, '2026-11-22T10:30:00Z')
    const second = await completeSnapshot(book(12), SINQ_LAISON)
    expect(await snapshotsStored(SINQ_LAISON)).toEqual([
      [first, failed, second],
      [first, failed, second],
    ])
    const third = await completeSnapshot(book(13), SINQ_LAISON)
    expect(await snapshotsStored(SINQ_LAISON)).toEqual([
      [second, third],
      [second, third],
    ])
    const store = new PriceStore(ch, log)
    await store.refresh()
    expect(store.stationPrice(DODIXIE, 34)).toMatchObject({ sell_min: 13, buy_max: 12 })
  })

  it('upgrades a database with the old tables: current prices carried over, history fed from the new table', async () => {
    const tables = (
      await queryRows<{ name: string }>(ch, "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'market_%' ORDER BY name")
    ).map((t) => t.name)
    expect(tables).not.toContain('market_prices_station')
    expect(tables).not.toContain('market_prices_region')
    expect(tables).not.toContain('market_history_daily_mv')
    const samples = async () =>
      Number(
        (
          await queryRows<{ n: string }>(ch, 'SELECT sum(samples) AS n FROM market_history_daily WHERE station_id = {st:UInt64} AND type_id = 34', { st: HEK })
        )[0].n,
      )
    expect(await samples()).toBe(1) // the carried-over row is not a second sample

    const store = new PriceStore(ch, log)
    await store.refresh()
    expect(store.snapshotOf(HEK)?.snapshotId).toBe(LEGACY_SNAPSHOT)
    expect(store.stationPrice(HEK, 34)).toMatchObject({ sell_min: 4.2, buy_max: 4, sell_volume: 10 })
    expect(store.fallbackPrices(METROPOLIS, [34])).toEqual([{ type_id: 34, sell_median: 4.2, sell_min: 4.2, buy_median: 4, buy_max: 4 }])

    await completeSnapshot([[order(34, HEK, false, 4.5, 100)]], METROPOLIS)
    expect(await samples()).toBe(2)
  })
})

describe("prices are dated by ESI's data time", () => {
  const lastUpdated = async (snapshotId: number) =>
    (
      await queryRows<{ t: string }>(
        ch,
        "SELECT formatDateTime(last_updated, '%Y-%m-%dT%H:%i:%SZ', 'UTC') AS t FROM market_prices_station_by_snapshot FINAL WHERE snapshot_id = {s:UInt64}",
        { s: snapshotId },
      )
    )[0].t

  it("takes the pages' Last-Modified, and the fetch start when ESI sent none", async () => {
    const book = () => amarrBook(10, 20)
    const withHeader = await completeSnapshot(book(), DOMAIN, 'Sun, 22 Nov 2026 09:56:12 GMT', '2026-11-22T10:00:00.250Z')
    expect(await lastUpdated(withHeader)).toBe('2026-11-22T09:56:12Z')
    const store = new PriceStore(ch, log)
    await store.refresh()
    expect(store.snapshotOf(AMARR)).toEqual({ snapshotId: withHeader, at: new Date('2026-11-22T09:56:12Z') })

    const without = await completeSnapshot(book(), DOMAIN, null, '2026-11-22T10:30:00.250Z')
    expect(await lastUpdated(without)).toBe('2026-11-22T10:30:00Z')
    await store.refresh()
    expect(store.snapshotOf(AMARR)).toEqual({ snapshotId: without, at: new Date('2026-11-22T10:30:00.250Z') })
  })
})
