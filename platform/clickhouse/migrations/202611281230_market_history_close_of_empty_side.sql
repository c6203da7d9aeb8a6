-- Daily history: a day's closing 5% price is the last sample's, also when that sample had no orders on the side.
-- argMax skips a NULL value, so a type whose sells were all bought out by the day's last snapshot still closed at
-- the earlier sell price, beside a closing sell volume of 0. The view now stores NaN for "no orders" (argMax keeps
-- it), which the price API reads back as null. Days already stored keep what they hold. The new view replaces
-- market_history_daily_by_snapshot_mv (dropped first, so no insert is counted by both).
DROP VIEW IF EXISTS market_history_daily_by_snapshot_mv;

CREATE MATERIALIZED VIEW IF NOT EXISTS market_history_daily_close_mv TO market_history_daily AS
SELECT
  station_id,
  type_id,
  toDate(last_updated) AS day,
  min(sell_min) AS sell_min_low,
  max(buy_max) AS buy_max_high,
  argMaxState(toNullable(ifNull(sell_5pct, nan)), last_updated) AS sell_5pct_close,
  argMaxState(toNullable(ifNull(buy_5pct, nan)), last_updated) AS buy_5pct_close,
  avgState(sell_5pct) AS sell_5pct_avg,
  avgState(buy_5pct) AS buy_5pct_avg,
  argMaxState(sell_volume, last_updated) AS sell_volume_close,
  argMaxState(buy_volume, last_updated) AS buy_volume_close,
  toUInt64(count()) AS samples
FROM market_prices_station_by_snapshot
GROUP BY station_id, type_id, day;
