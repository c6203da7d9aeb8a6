-- Killmails (zKillboard feed + ESI bodies) and the aggregates the killboard panels and the kill tracker read.
-- docs/tools/killmails.md explains the model, the aggregates and the definitions.
--
-- One row per killmail. Ids of absent entities are 0 (a structure victim has no character; NPC attackers have no
-- character or alliance). Attackers are parallel arrays, one element per attacker, in ESI's order.
-- The pipeline inserts only killmail ids that are not stored yet (pipelines/killmails/store.ts), so every kill
-- reaches the materialized views below exactly once; ReplacingMergeTree is the second line of defence for
-- reads with FINAL.
CREATE TABLE IF NOT EXISTS killmails (
  killmail_id UInt64,
  killmail_hash String,
  killmail_time DateTime('UTC'),
  solar_system_id UInt32,
  victim_character_id UInt64,
  victim_corporation_id UInt64,
  victim_alliance_id UInt64,
  victim_ship_type_id UInt32,
  attacker_character_ids Array(UInt64),
  attacker_corporation_ids Array(UInt64),
  attacker_alliance_ids Array(UInt64),
  attacker_ship_type_ids Array(UInt32),
  final_blow_character_id UInt64,
  total_value Float64,
  npc Bool,
  solo Bool,
  awox Bool,
  source LowCardinality(String),
  received_at DateTime64(3, 'UTC'),
  stored_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(stored_at)
PARTITION BY toYYYYMM(killmail_time)
ORDER BY killmail_id;

-- (b) Activity heatmap and kill counts: kills per system, UTC day and hour.
CREATE TABLE IF NOT EXISTS killboard_system_hourly (
  solar_system_id UInt32,
  day Date,
  hour UInt8,
  kills UInt64
) ENGINE = SummingMergeTree ORDER BY (solar_system_id, day, hour);

CREATE MATERIALIZED VIEW IF NOT EXISTS killboard_system_hourly_mv TO killboard_system_hourly AS
SELECT solar_system_id, toDate(killmail_time) AS day, toHour(killmail_time) AS hour, count() AS kills
FROM killmails
GROUP BY solar_system_id, day, hour;

-- (a) Most recent kill per system (all stored history, not only the summary window).
CREATE TABLE IF NOT EXISTS killboard_system_latest (
  solar_system_id UInt32,
  last_kill SimpleAggregateFunction(max, DateTime('UTC')),
  kills SimpleAggregateFunction(sum, UInt64)
) ENGINE = AggregatingMergeTree ORDER BY solar_system_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS killboard_system_latest_mv TO killboard_system_latest AS
SELECT solar_system_id, max(killmail_time) AS last_kill, count() AS kills
FROM killmails
GROUP BY solar_system_id;

-- (a) Corporations seen on kills in a system (as victim or attacker; NPC corporations, ids 1,000,000-1,999,999, left out),
-- per UTC day: active days are the distinct days, last seen the latest kill time.
CREATE TABLE IF NOT EXISTS killboard_system_corp_daily (
  solar_system_id UInt32,
  day Date,
  corporation_id UInt64,
  kills SimpleAggregateFunction(sum, UInt64),
  last_seen SimpleAggregateFunction(max, DateTime('UTC'))
) ENGINE = AggregatingMergeTree ORDER BY (solar_system_id, day, corporation_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS killboard_system_corp_daily_mv TO killboard_system_corp_daily AS
SELECT solar_system_id, toDate(killmail_time) AS day, corporation_id, count() AS kills, max(killmail_time) AS last_seen
FROM killmails
ARRAY JOIN arrayDistinct(arrayFilter(c -> c >= 2000000, arrayPushBack(attacker_corporation_ids, victim_corporation_id))) AS corporation_id
GROUP BY solar_system_id, day, corporation_id;

-- Which UTC days hold any stored kill (anywhere): the data's coverage, from which daysCovered is derived.
CREATE TABLE IF NOT EXISTS killmail_days (
  day Date,
  kills UInt64
) ENGINE = SummingMergeTree ORDER BY day;

CREATE MATERIALIZED VIEW IF NOT EXISTS killmail_days_mv TO killmail_days AS
SELECT toDate(killmail_time) AS day, count() AS kills
FROM killmails
GROUP BY day;

-- (c) Kill tracker: one row per (character, killmail, role). A kill is a killmail the character attacked on (once per
-- killmail however many attacker entries they have), a loss one where the character is the victim. The ship is the
-- victim's ship in both cases (what was destroyed), the value zKillboard's total value.
CREATE TABLE IF NOT EXISTS killmail_character_activity (
  character_id UInt64,
  killmail_time DateTime('UTC'),
  killmail_id UInt64,
  role Enum8('kill' = 1, 'loss' = 2),
  ship_type_id UInt32,
  total_value Float64,
  solar_system_id UInt32
) ENGINE = ReplacingMergeTree ORDER BY (character_id, killmail_time, killmail_id, role);

CREATE MATERIALIZED VIEW IF NOT EXISTS killmail_character_kills_mv TO killmail_character_activity AS
SELECT character_id, killmail_time, killmail_id, 'kill' AS role, victim_ship_type_id AS ship_type_id, total_value, solar_system_id
FROM killmails
ARRAY JOIN arrayDistinct(arrayFilter(c -> c > 0, attacker_character_ids)) AS character_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS killmail_character_losses_mv TO killmail_character_activity AS
SELECT victim_character_id AS character_id, killmail_time, killmail_id, 'loss' AS role, victim_ship_type_id AS ship_type_id, total_value, solar_system_id
FROM killmails
WHERE victim_character_id > 0;

-- Where the live feed (zKillboard R2Z2) stopped: the next sequence number to read. One row per feed.
CREATE TABLE IF NOT EXISTS killmail_feed_state (
  feed String,
  next_sequence UInt64,
  updated_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY feed;

-- Backfill progress per UTC day of zKillboard's history: how many ids the day lists, how many failed for good
-- (ESI refused the hash), and whether the day is finished (every id stored or failed, and the day is final).
CREATE TABLE IF NOT EXISTS killmail_backfill_days (
  day Date,
  listed UInt32,
  failed UInt32,
  complete Bool,
  updated_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY day;

-- Names of characters, corporations and alliances from ESI POST /universe/names/, kept so a page never waits on ESI
-- for a name it has seen before.
CREATE TABLE IF NOT EXISTS eve_names (
  id UInt64,
  name String,
  category LowCardinality(String),
  resolved_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(resolved_at) ORDER BY id;
