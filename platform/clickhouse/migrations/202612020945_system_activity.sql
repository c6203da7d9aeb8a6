-- System activity from ESI (ingest/system-activity, GET /universe/system_kills/ and /universe/system_jumps/): each
-- hourly answer's rows land in system_activity_esi (a Null table: nothing is kept there) and the view writes them into
-- one row per system and hour, the hour being the one ESI published the answer in (its Last-Modified). Kills and jumps
-- arrive in separate answers: each fills its own columns and leaves the others 0, and max() merges them into one row,
-- so an answer delivered twice (at-least-once topic, a restart) counts once. Kept 30 days.
CREATE TABLE IF NOT EXISTS system_activity_esi (
  source LowCardinality(String),
  last_modified DateTime,
  solar_system_id UInt32,
  npc_kills UInt32,
  ship_kills UInt32,
  pod_kills UInt32,
  ship_jumps UInt32
) ENGINE = Null;

CREATE TABLE IF NOT EXISTS system_activity_hourly (
  solar_system_id UInt32,
  hour DateTime,
  npc_kills SimpleAggregateFunction(max, UInt32),
  ship_kills SimpleAggregateFunction(max, UInt32),
  pod_kills SimpleAggregateFunction(max, UInt32),
  ship_jumps SimpleAggregateFunction(max, UInt32)
) ENGINE = AggregatingMergeTree ORDER BY (solar_system_id, hour)
TTL hour + INTERVAL 30 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS system_activity_hourly_mv TO system_activity_hourly AS
SELECT solar_system_id, toStartOfHour(last_modified) AS hour, npc_kills, ship_kills, pod_kills, ship_jumps
FROM system_activity_esi;

-- One row per ESI answer stored whole (written after its last part): which hours have a kills or a jumps answer, so a
-- system missing from an answer reads as 0 for that hour and an hour without an answer as unknown. Kept 30 days.
CREATE TABLE IF NOT EXISTS system_activity_answers (
  source LowCardinality(String),
  last_modified DateTime,
  systems UInt32,
  fetched_at DateTime64(3)
) ENGINE = ReplacingMergeTree ORDER BY (source, last_modified)
TTL last_modified + INTERVAL 30 DAY;
