import type { Medians } from '../../../schemas/appraisal/appraise.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'

/**
 * Reads of the product's own daily price history (`market_history_daily`, filled from every hub price snapshot by a
 * materialized view; platform/clickhouse/migrations/*market*): a day's close is its last snapshot's 5% price, NaN when
 * that snapshot had no orders on the side (read here as no price).
 */

const finite = (n: number | null) => (n === null || !Number.isFinite(n) ? null : n)

/** The middle value, or the mean of the two middle ones; null for none. */
export function median(values: number[]): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * Medians of the daily closes over the last 5 and 30 days, today included, for each type with any day of history.
 * `days_ago` counts from the database's today (0 = today).
 */
export async function mediansOf(ch: ClickHouseClient, stationId: number, typeIds: number[]): Promise<Map<number, Medians>> {
  const rows = await queryRows<{ type_id: number; days_ago: number[]; sell: Array<number | null>; buy: Array<number | null> }>(
    ch,
    `SELECT type_id, groupArray(days_ago) AS days_ago, groupArray(sell) AS sell, groupArray(buy) AS buy FROM (
       SELECT type_id, toUInt32(today() - day) AS days_ago,
              argMaxMerge(sell_5pct_close) AS sell, argMaxMerge(buy_5pct_close) AS buy
       FROM market_history_daily
       WHERE station_id = {station:UInt64} AND type_id IN {ids:Array(UInt32)} AND day > today() - 30
       GROUP BY type_id, day
     ) GROUP BY type_id`,
    { station: stationId, ids: typeIds },
  )
  const out = new Map<number, Medians>()
  for (const r of rows) {
    const side = (values: Array<number | null>, days: number) =>
      median(values.flatMap((v, i) => (r.days_ago[i] < days && finite(v) !== null ? [finite(v)!] : [])))
    out.set(r.type_id, { sell_5d: side(r.sell, 5), sell_30d: side(r.sell, 30), buy_5d: side(r.buy, 5), buy_30d: side(r.buy, 30) })
  }
  return out
}

/** One type's daily closes at a hub over the last `days` days, oldest first. */
export async function dailyCloses(ch: ClickHouseClient, stationId: number, typeId: number, days: number) {
  const rows = await queryRows<{ date: string; sell: number | null; buy: number | null }>(
    ch,
    `SELECT toString(day) AS date, argMaxMerge(sell_5pct_close) AS sell, argMaxMerge(buy_5pct_close) AS buy
     FROM market_history_daily
     WHERE station_id = {station:UInt64} AND type_id = {type:UInt32} AND day > today() - {days:UInt16}
     GROUP BY day ORDER BY day`,
    { station: stationId, type: typeId, days },
  )
  return rows.map((r) => ({ date: r.date, sell: finite(r.sell), buy: finite(r.buy) }))
}
