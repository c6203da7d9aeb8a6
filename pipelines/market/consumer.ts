import { MarketFetchTopic, MarketOrdersTopic, PricesUpdatedTopic, snapshotDataTime, type MarketOrdersMessage } from '../../schemas/market.js'
import type { AppContext } from '../../platform/context.js'
import { queryRows, releaseFreedMemory, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Pipeline } from '../index.js'
import { publish, subscribe } from '../../platform/stream/typed.js'
import { collectGarbage } from '../../platform/memory.js'
import { AGGREGATE_PARTS, aggregateRegionPrices, aggregateStationPrices, type AggregatePart } from './aggregate.js'

type PageMessage = Extract<MarketOrdersMessage, { kind: 'page' }>
type CompleteMessage = Extract<MarketOrdersMessage, { kind: 'complete' }>

/** ESI times look like '2026-11-22T10:00:00Z'; ClickHouse DateTime takes 'YYYY-MM-DD hh:mm:ss'. */
const chTime = (iso: string) => iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '')

/** The `market_orders` columns a page's rows fill, in the order of each row's values (`pageRows`). */
export const ORDER_COLUMNS = [
  'region_id',
  'snapshot_id',
  'page',
  'order_id',
  'type_id',
  'location_id',
  'system_id',
  'is_buy_order',
  'price',
  'volume_remain',
  'volume_total',
  'min_volume',
  'range',
  'duration',
  'issued',
] as const

export type OrderRow = [number, number, number, number, number, number, number, boolean, number, number, number, number, string, number, string]

/**
 * The `market_orders` rows of one page message, each its values in `ORDER_COLUMNS` order. Arrays, not objects named
 * by column: written as JSONCompactEachRow, a Forge snapshot (400,000 rows) took a third less CPU to store than as
 * JSONEachRow (half the text to build and for the engine to parse, no row objects), and peaked lower.
 */
export function pageRows(m: PageMessage): OrderRow[] {
  return m.orders.map((o): OrderRow => [
    m.region_id,
    m.snapshot_id,
    m.page,
    o.order_id,
    o.type_id,
    o.location_id,
    o.system_id,
    o.is_buy_order,
    o.price,
    o.volume_remain,
    o.volume_total,
    o.min_volume,
    o.range,
    o.duration,
    chTime(o.issued),
  ])
}

/** Store order rows (`pageRows`) in one insert. */
export async function insertOrderRows(ch: ClickHouseClient, rows: OrderRow[]): Promise<void> {
  if (!rows.length) return
  // One parsing thread: parallel parsing of big inserts costs hundreds of MB in an embedded engine.
  await ch.insert({
    table: 'market_orders',
    columns: [...ORDER_COLUMNS],
    values: rows,
    format: 'JSONCompactEachRow',
    clickhouse_settings: { input_format_parallel_parsing: 0, max_insert_threads: '1' },
  })
  // Each insert frees a few MB inside the embedded engine, which it keeps for reuse unless they are given back: given
  // back at once, the ingest process peaked 15-40 MB lower through a Forge snapshot, for 0.5-0.8 s more CPU (of 9).
  await releaseFreedMemory(ch)
}

async function recordSnapshot(
  ch: ClickHouseClient,
  row: {
    region_id: number
    snapshot_id: number
    status: string
    pages: number
    order_count: number
    esi_last_modified: string
    started_at: string
    finished_at: string | null
    detail: string
  },
) {
  await ch.insert({ table: 'market_snapshots', values: [{ ...row, updated_at: new Date().toISOString() }], format: 'JSONEachRow' })
}

/**
 * A snapshot's marker arrived: check every page and order it names is stored, then compute its prices and make it
 * current. A marker delivered again (at-least-once) for a snapshot already complete does nothing.
 */
export async function finalizeSnapshot(ctx: AppContext, m: CompleteMessage): Promise<'complete' | 'incomplete' | 'duplicate'> {
  const { ch } = ctx
  const [done] = await queryRows<{ n: string }>(
    ch,
    `SELECT count() AS n FROM market_snapshots FINAL WHERE region_id = {r:UInt32} AND snapshot_id = {s:UInt64} AND status = 'complete'`,
    { r: m.region_id, s: m.snapshot_id },
  )
  if (Number(done.n) > 0) return 'duplicate'
  const [stored] = await queryRows<{ orders: string; pages: string }>(
    ch,
    'SELECT uniqExact(order_id) AS orders, uniqExact(page) AS pages FROM market_orders WHERE region_id = {r:UInt32} AND snapshot_id = {s:UInt64}',
    { r: m.region_id, s: m.snapshot_id },
  )
  const base = {
    region_id: m.region_id,
    snapshot_id: m.snapshot_id,
    pages: m.pages,
    order_count: m.order_count,
    esi_last_modified: m.last_modified ?? '',
    started_at: m.started_at,
    finished_at: new Date().toISOString(),
  }
  if (Number(stored.pages) !== m.pages || Number(stored.orders) !== m.order_count) {
    await recordSnapshot(ch, { ...base, status: 'incomplete', detail: `stored ${stored.pages}/${m.pages} pages and ${stored.orders}/${m.order_count} orders` })
    return 'incomplete'
  }
  // Prices are dated by ESI's data time (Last-Modified); the snapshot's started_at stays the time we fetched.
  const at = snapshotDataTime(m.last_modified, m.started_at)
  const parts = Array.from({ length: AGGREGATE_PARTS }, (_, index): AggregatePart => ({ index, of: AGGREGATE_PARTS }))
  for (const part of parts) {
    // A marker delivered again after this step had written a part's hub prices (a later step failed): the daily
    // history's view counted those rows as a sample when they were inserted, and would count a second insert as another.
    if (!(await hasStationPrices(ch, m.region_id, m.snapshot_id, part))) await aggregateStationPrices(ch, m.region_id, m.snapshot_id, at, part)
    // Each part's sort and window buffers go back before the next part needs its own (releaseFreedMemory).
    await releaseFreedMemory(ch)
  }
  for (const part of parts) {
    await aggregateRegionPrices(ch, m.region_id, m.snapshot_id, at, part)
    await releaseFreedMemory(ch)
  }
  await recordSnapshot(ch, { ...base, status: 'complete', detail: `${m.order_count} orders in ${m.pages} pages` })
  await publish(ctx.stream, PricesUpdatedTopic, [
    { key: String(m.region_id), value: { region_id: m.region_id, snapshot_id: m.snapshot_id, at: new Date().toISOString() } },
  ])
  await dropOldSnapshots(ch, m.region_id, m.snapshot_id).catch((err) =>
    ctx.log.warn({ err, regionId: m.region_id }, 'could not delete old snapshot prices; the next snapshot tries again'),
  )
  return 'complete'
}

async function hasStationPrices(ch: ClickHouseClient, regionId: number, snapshotId: number, part: AggregatePart): Promise<boolean> {
  const [row] = await queryRows<{ n: string }>(
    ch,
    'SELECT count() AS n FROM market_prices_station_by_snapshot WHERE region_id = {r:UInt32} AND snapshot_id = {s:UInt64} AND type_id % {parts:UInt32} = {part:UInt32}',
    { r: regionId, s: snapshotId, parts: part.of, part: part.index },
  )
  return Number(row.n) > 0
}

/**
 * The price tables keep each snapshot's rows apart (a newer snapshot never replaces an older one's rows), so old
 * snapshots are deleted here: once `snapshotId` is complete, a region's rows older than its previous complete
 * snapshot go. The previous one stays, for an api process that started loading it just before this one was
 * recorded; rows of snapshots that never completed go once they are older than the previous complete one.
 */
async function dropOldSnapshots(ch: ClickHouseClient, regionId: number, snapshotId: number): Promise<void> {
  const [previous] = await queryRows<{ id: string }>(
    ch,
    `SELECT max(snapshot_id) AS id FROM market_snapshots FINAL WHERE region_id = {r:UInt32} AND status = 'complete' AND snapshot_id < {s:UInt64}`,
    { r: regionId, s: snapshotId },
  )
  const keepFrom = Number(previous?.id ?? 0)
  if (!keepFrom) return
  for (const table of ['market_prices_station_by_snapshot', 'market_prices_region_by_snapshot']) {
    await ch.command({ query: `DELETE FROM ${table} WHERE region_id = {r:UInt32} AND snapshot_id < {s:UInt64}`, query_params: { r: regionId, s: keepFrom } })
  }
}

/** Writes order pages to ClickHouse in batches and turns complete snapshots into hub prices. */
export const marketPipeline: Pipeline = {
  name: 'market-orders',
  async start(ctx) {
    const log = ctx.log.child({ component: 'market-pipeline' })
    const orders = await subscribe(
      ctx.stream,
      MarketOrdersTopic,
      { groupId: 'market-orders-writer', fromBeginning: true, maxBatchSize: 4, log },
      async (messages) => {
        let rows: OrderRow[] = []
        const flush = async () => {
          await insertOrderRows(ctx.ch, rows)
          rows = []
        }
        for (const m of messages) {
          if (m.kind === 'page') {
            for (const row of pageRows(m)) rows.push(row)
            continue
          }
          await flush()
          const started = performance.now()
          const outcome = await finalizeSnapshot(ctx, m)
          // The snapshot's pages went through this process as garbage the heap may keep until something else
          // allocates: with no heap limit (the all-in-one process) V8 kept some 200 MB of it after a Forge snapshot.
          if (outcome === 'complete') collectGarbage()
          log.info({ regionId: m.region_id, snapshotId: m.snapshot_id, outcome, ms: Math.round(performance.now() - started) }, 'market snapshot finalised')
        }
        await flush()
      },
    )
    const fetches = await subscribe(ctx.stream, MarketFetchTopic, { groupId: 'market-fetch-recorder', fromBeginning: true, log }, async (events) => {
      for (const e of events) {
        await recordSnapshot(ctx.ch, {
          region_id: e.region_id,
          snapshot_id: e.snapshot_id,
          status: e.status,
          pages: 0,
          order_count: 0,
          esi_last_modified: '',
          started_at: e.started_at,
          finished_at: e.finished_at,
          detail: e.detail,
        })
      }
    })
    return [orders, fetches]
  },
}
