-- Market pipeline: raw orders per snapshot (expire after a day), snapshot bookkeeping, hub and region prices,
-- and daily history per (station, type) fed by a materialized view from the hub prices.

CREATE TABLE IF NOT EXISTS market_orders (
  region_id UInt32,
  snapshot_id UInt64,
  page UInt16,
  order_id UInt64,
  type_id UInt32,
  location_id UInt64,
  system_id UInt32,
  is_buy_order Bool,
  price Float64,
  volume_remain UInt32,
  volume_total UInt32,
  min_volume UInt32,
  range LowCardinality(String),
  duration UInt16,
  issued DateTime,
  received_at DateTime DEFAULT now()
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(received_at)
ORDER BY (region_id, snapshot_id, location_id, type_id, order_id)
TTL received_at + INTERVAL 1 DAY;

-- One row per fetch attempt of a region (ReplacingMergeTree keeps the latest state of each).
CREATE TABLE IF NOT EXISTS market_snapshots (
  region_id UInt32,
  snapshot_id UInt64,
  status LowCardinality(String),
  pages UInt16,
  order_count UInt32,
  esi_last_modified String,
  started_at DateTime64(3),
  finished_at Nullable(DateTime64(3)),
  detail String,
  updated_at DateTime64(3) DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY (region_id, snapshot_id)
TTL toDateTime(started_at) + INTERVAL 30 DAY;

CREATE TABLE IF NOT EXISTS market_prices_station (
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
) ENGINE = ReplacingMergeTree(last_updated) ORDER BY (station_id, type_id);

CREATE TABLE IF NOT EXISTS market_prices_region (
  region_id UInt32,
  type_id UInt32,
  snapshot_id UInt64,
  sell_median Nullable(Float64),
  sell_min Nullable(Float64),
  buy_median Nullable(Float64),
  buy_max Nullable(Float64),
  last_updated DateTime64(3)
) ENGINE = ReplacingMergeTree(last_updated) ORDER BY (region_id, type_id);

CREATE TABLE IF NOT EXISTS market_history_daily (
  station_id UInt64,
  type_id UInt32,
  day Date,
  sell_min_low SimpleAggregateFunction(min, Nullable(Float64)),
  buy_max_high SimpleAggregateFunction(max, Nullable(Float64)),
  sell_5pct_close AggregateFunction(argMax, Nullable(Float64), DateTime64(3)),
  buy_5pct_close AggregateFunction(argMax, Nullable(Float64), DateTime64(3)),
  sell_5pct_avg AggregateFunction(avg, Nullable(Float64)),
  buy_5pct_avg AggregateFunction(avg, Nullable(Float64)),
  sell_volume_close AggregateFunction(argMax, UInt64, DateTime64(3)),
  buy_volume_close AggregateFunction(argMax, UInt64, DateTime64(3)),
  samples SimpleAggregateFunction(sum, UInt64)
) ENGINE = AggregatingMergeTree ORDER BY (station_id, type_id, day);

CREATE MATERIALIZED VIEW IF NOT EXISTS market_history_daily_mv TO market_history_daily AS
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
FROM market_prices_station
GROUP BY station_id, type_id, day;
