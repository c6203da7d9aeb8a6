import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { HUBS } from '../../schemas/market.js'

/**
 * The share of a side's volume that the "5%" prices average over. When 5% of the volume is less than one unit,
 * one unit is taken, so a thin book's 5% price is simply its best price (sell_min / buy_max).
 */
export const PERCENTILE_SHARE = 0.05

/**
 * One thread per aggregate: a region is a few hundred thousand rows, and in embedded mode the engine shares the
 * process's memory, where each extra thread's sort and hash buffers count (bench/market.bench.ts). It is a SETTINGS
 * clause in the SQL, not `clickhouse_settings`: the chDB connection applies those as session-wide SET statements,
 * which would leave every later query of the process on one thread.
 */
const AGGREGATE_SETTINGS = 'SETTINGS max_threads = 1'

/**
 * Each aggregate runs over a region's orders in this many parts, by type id: a part's prices depend on its own types'
 * orders only (an order never changes type), and the engine sorts half the region's rows at a time. Over a Forge
 * snapshot (267,000 orders at Jita) the hub prices' query raised the process's RSS by 44 MB in one go, 32 MB in two
 * parts (26 MB in eight: the rest is the engine's code and buffers, whatever the part), the region's by 23 and 15 MB;
 * two parts cost 75 ms more than one (measured alone, the snapshot stored, with the ingest role's heap flags).
 */
export const AGGREGATE_PARTS = 2

/** One part of a region's orders (type_id % of = index); `WHOLE` is all of them. */
export interface AggregatePart {
  index: number
  of: number
}
export const WHOLE: AggregatePart = { index: 0, of: 1 }
const IN_PART = 'type_id % {parts:UInt32} = {part:UInt32}'

/**
 * One row per order id: the stream is at-least-once, and ESI can list an order on two pages of one snapshot. Where
 * the copies differ, the one with the newer `issued` is kept (an order's `issued` moves on when its owner changes
 * the price), then the one from the later page, then the smaller remaining volume (orders only fill down), so the
 * prices never depend on the order the rows were stored in.
 */
const ONE_ROW_PER_ORDER = 'ORDER BY order_id, issued DESC, page DESC, volume_remain ASC, price ASC LIMIT 1 BY order_id'

/**
 * An order with nothing left (volume_remain 0) is no price: nobody can buy from or sell to it. It is left out of
 * every figure, after `ONE_ROW_PER_ORDER`, so an order whose newer copy is filled does not come back as its older copy.
 */
const HAS_VOLUME_LEFT = 'volume_remain > 0'

/**
 * Hub prices for the stations of one region from one snapshot. Orders are de-duplicated by id first
 * (`ONE_ROW_PER_ORDER`). For each (station, type, side) orders are ranked best first (cheapest sell, highest buy).
 * Outliers get no weight, as in Fuzzwork's aggregates (fuzzysteve/FuzzMarket scripts/aggloader-esi.py): a sell
 * priced above 100 × the side's lowest sell, a buy priced below the side's highest buy ÷ 100. Each order then
 * takes `clamp(target − weight before it, 0, its weight)` units, where weight = its volume (0 for an outlier) and
 * target = max(5% of the side's weight, 1): the last order counted is counted partially. The 5% price is
 * Σ price·take / Σ take, to 4 decimals. The volumes are the side's weight (outliers left out, as Fuzzwork's
 * volume); best prices and order counts are over every order with volume left (`HAS_VOLUME_LEFT`).
 */
export async function aggregateStationPrices(ch: ClickHouseClient, regionId: number, snapshotId: number, at: string, part = WHOLE): Promise<void> {
  const stations = HUBS.filter((h) => h.region_id === regionId).map((h) => h.station_id)
  if (!stations.length) return
  await ch.command({
    query: `
      INSERT INTO market_prices_station_by_snapshot
        (station_id, type_id, region_id, snapshot_id, sell_min, buy_max, sell_5pct, buy_5pct, sell_orders, buy_orders, sell_volume, buy_volume, last_updated)
      WITH orders AS (
        SELECT order_id, type_id, location_id, is_buy_order, price, volume_remain
        FROM market_orders
        WHERE region_id = {region:UInt32} AND snapshot_id = {snapshot:UInt64} AND location_id IN {stations:Array(UInt64)} AND ${IN_PART}
        ${ONE_ROW_PER_ORDER}
      ),
      sides AS (
        SELECT location_id, type_id, is_buy_order, order_id, price, toFloat64(volume_remain) AS v,
          min(price) OVER side AS side_min, max(price) OVER side AS side_max
        FROM orders
        WHERE ${HAS_VOLUME_LEFT}
        WINDOW side AS (PARTITION BY location_id, type_id, is_buy_order)
      ),
      weighted AS (
        SELECT *, if(if(is_buy_order, price < side_max / 100, price > side_min * 100), 0, v) AS w FROM sides
      ),
      ranked AS (
        SELECT *,
          sum(w) OVER (PARTITION BY location_id, type_id, is_buy_order
            ORDER BY if(is_buy_order, -price, price) ASC, order_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum,
          sum(w) OVER (PARTITION BY location_id, type_id, is_buy_order) AS total
        FROM weighted
      ),
      taken AS (
        SELECT *, greatest(0, least(w, greatest(total * {share:Float64}, 1) - (cum - w))) AS take FROM ranked
      )
      SELECT location_id, type_id, {region:UInt32}, {snapshot:UInt64},
        minIfOrNull(price, NOT is_buy_order),
        maxIfOrNull(price, is_buy_order),
        round(sumIf(price * take, NOT is_buy_order) / nullIf(sumIf(take, NOT is_buy_order), 0), 4),
        round(sumIf(price * take, is_buy_order) / nullIf(sumIf(take, is_buy_order), 0), 4),
        countIf(NOT is_buy_order), countIf(is_buy_order),
        toUInt64(sumIf(w, NOT is_buy_order)), toUInt64(sumIf(w, is_buy_order)),
        parseDateTime64BestEffort({at:String}, 3)
      FROM taken
      GROUP BY location_id, type_id
      ${AGGREGATE_SETTINGS}`,
    query_params: { region: regionId, snapshot: snapshotId, stations, share: PERCENTILE_SHARE, at, parts: part.of, part: part.index },
  })
}

/** Region-wide fallback prices (every order in the region, any location): medians, best sell and best buy. */
export async function aggregateRegionPrices(ch: ClickHouseClient, regionId: number, snapshotId: number, at: string, part = WHOLE): Promise<void> {
  await ch.command({
    query: `
      INSERT INTO market_prices_region_by_snapshot (region_id, type_id, snapshot_id, sell_median, sell_min, buy_median, buy_max, last_updated)
      SELECT {region:UInt32}, type_id, {snapshot:UInt64},
        quantileExactIfOrNull(0.5)(price, NOT is_buy_order),
        minIfOrNull(price, NOT is_buy_order),
        quantileExactIfOrNull(0.5)(price, is_buy_order),
        maxIfOrNull(price, is_buy_order),
        parseDateTime64BestEffort({at:String}, 3)
      FROM (
        SELECT order_id, type_id, is_buy_order, price, volume_remain FROM market_orders
        WHERE region_id = {region:UInt32} AND snapshot_id = {snapshot:UInt64} AND ${IN_PART}
        ${ONE_ROW_PER_ORDER}
      )
      WHERE ${HAS_VOLUME_LEFT}
      GROUP BY type_id
      ${AGGREGATE_SETTINGS}`,
    query_params: { region: regionId, snapshot: snapshotId, at, parts: part.of, part: part.index },
  })
}
