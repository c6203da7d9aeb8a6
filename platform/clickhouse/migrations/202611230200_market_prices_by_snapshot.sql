-- Hub and region prices keyed by snapshot (docs/tools/market.md, "Snapshots in the price tables").
-- market_prices_station / market_prices_region were ReplacingMergeTrees keyed (station_id, type_id) and
-- (region_id, type_id): a newer snapshot's rows replaced the older snapshot's, so once snapshot N+1's prices were
-- inserted, reading snapshot N (still the current complete one until N+1 is recorded, or for good if N+1 failed)
-- found its rows gone. These tables keep every snapshot's rows apart; the pipeline deletes a region's snapshots
-- older than its previous complete one after a new one completes (pipelines/market/consumer.ts).
-- ClickHouse cannot change a table's sorting key in place, hence new tables; the old ones are dropped by the next
-- migration (a separate file, so that a rerun of this one still finds them to copy from).
CREATE TABLE IF NOT EXISTS market_prices_station_by_snapshot (
  station_id UInt64,
  type_id UInt32,
  region_id UInt32,
  snapshot_id UInt64,
  sell_min Nullable(Float64),
  buy_max Nullable(Float64),
  sell_5pct Nullable(Float64),
  buy_5pct Nullable(Float64),
  sell_orders UInt32,
  buy_orders UInt32,
  sell_volume UInt64,
  buy_volume UInt64,
  last_updated DateTime64(3)
) ENGINE = ReplacingMergeTree(last_updated) ORDER BY (region_id, snapshot_id, station_id, type_id);

CREATE TABLE IF NOT EXISTS market_prices_region_by_snapshot (
  region_id UInt32,
  type_id UInt32,
  snapshot_id UInt64,
  sell_median Nullable(Float64),
  sell_min Nullable(Float64),
  buy_median Nullable(Float64),
  buy_max Nullable(Float64),
  last_updated DateTime64(3)
) ENGINE = ReplacingMergeTree(last_updated) ORDER BY (region_id, snapshot_id, type_id);

-- Carry over what an existing database serves now, so prices keep serving through the upgrade. Only into an empty
-- table (a rerun after a partial failure copies nothing twice), and before the history view below exists, so the
-- copy does not count as new history samples.
INSERT INTO market_prices_station_by_snapshot
SELECT station_id, type_id, region_id, snapshot_id, sell_min, buy_max, sell_5pct, buy_5pct, sell_orders, buy_orders, sell_volume, buy_volume, last_updated
FROM market_prices_station FINAL
WHERE (SELECT count() FROM market_prices_station_by_snapshot) = 0;

INSERT INTO market_prices_region_by_snapshot
SELECT region_id, type_id, snapshot_id, sell_median, sell_min, buy_median, buy_max, last_updated
FROM market_prices_region FINAL
WHERE (SELECT count() FROM market_prices_region_by_snapshot) = 0;

-- Daily history, now fed from the new table (the same SELECT as market_history_daily_mv, which the next migration
-- drops with its table: nothing inserts into the old table any more).
CREATE MATERIALIZED VIEW IF NOT EXISTS market_history_daily_by_snapshot_mv TO market_history_daily AS
SELECT
  station_id,
  type_id,
  toDate(last_updated) AS day,
  min(sell_min) AS sell_min_low,
  max(buy_max) AS buy_max_high,
  argMaxState(sell_5pct, last_updated) AS sell_5pct_close,
  argMaxState(buy_5pct, last_updated) AS buy_5pct_close,
  avgState(sell_5pct) AS sell_5pct_avg,
  avgState(buy_5pct) AS buy_5pct_avg,
  argMaxState(sell_volume, last_updated) AS sell_volume_close,
  argMaxState(buy_volume, last_updated) AS buy_volume_close,
  toUInt64(count()) AS samples
FROM market_prices_station_by_snapshot
GROUP BY station_id, type_id, day;
