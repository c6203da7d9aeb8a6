-- Industry inputs from ESI: adjusted prices (/markets/prices/, for the estimated item value of industry jobs) and
-- system cost indices (/industry/systems/). One partition per snapshot, so old snapshots are dropped whole once
-- newer ones are complete (the writer keeps the newest two complete ones).

CREATE TABLE IF NOT EXISTS industry_adjusted_prices (
  snapshot_id UInt64,
  type_id UInt32,
  adjusted_price Nullable(Float64),
  average_price Nullable(Float64)
) ENGINE = ReplacingMergeTree
PARTITION BY snapshot_id
ORDER BY (snapshot_id, type_id);

CREATE TABLE IF NOT EXISTS industry_cost_indices (
  snapshot_id UInt64,
  solar_system_id UInt32,
  activity LowCardinality(String),
  cost_index Float64
) ENGINE = ReplacingMergeTree
PARTITION BY snapshot_id
ORDER BY (snapshot_id, solar_system_id, activity);

-- One row per snapshot and dataset (ReplacingMergeTree keeps the latest state of each).
CREATE TABLE IF NOT EXISTS industry_snapshots (
  dataset LowCardinality(String),
  snapshot_id UInt64,
  status LowCardinality(String),
  rows UInt32,
  esi_last_modified String,
  fetched_at DateTime64(3),
  detail String,
  updated_at DateTime64(3) DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY (dataset, snapshot_id)
TTL toDateTime(fetched_at) + INTERVAL 30 DAY;
