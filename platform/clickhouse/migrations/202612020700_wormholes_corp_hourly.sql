-- Residents' active hours (wormhole system dialog): kills per system, corporation (victim or attacker; NPC
-- corporations left out, as in killboard_system_corp_daily), UTC day and hour. api/tools/wormholes/residents.ts reads it.
CREATE TABLE IF NOT EXISTS wormholes_system_corp_hourly (
  solar_system_id UInt32,
  day Date,
  hour UInt8,
  corporation_id UInt64,
  kills UInt64
) ENGINE = SummingMergeTree ORDER BY (solar_system_id, day, corporation_id, hour) TTL day + INTERVAL 120 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS wormholes_system_corp_hourly_mv TO wormholes_system_corp_hourly AS
SELECT solar_system_id, toDate(killmail_time) AS day, toHour(killmail_time) AS hour, corporation_id, count() AS kills
FROM killmails
ARRAY JOIN arrayDistinct(arrayFilter(c -> c >= 2000000, arrayPushBack(attacker_corporation_ids, victim_corporation_id))) AS corporation_id
GROUP BY solar_system_id, day, hour, corporation_id;

-- Kills stored before this view existed, once: only while the table is still empty, so a second run adds nothing.
INSERT INTO wormholes_system_corp_hourly
SELECT solar_system_id, toDate(killmail_time) AS day, toHour(killmail_time) AS hour, corporation_id, count() AS kills
FROM killmails FINAL
ARRAY JOIN arrayDistinct(arrayFilter(c -> c >= 2000000, arrayPushBack(attacker_corporation_ids, victim_corporation_id))) AS corporation_id
WHERE (SELECT count() FROM wormholes_system_corp_hourly) = 0
GROUP BY solar_system_id, day, hour, corporation_id;
