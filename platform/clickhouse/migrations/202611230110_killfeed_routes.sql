-- Killfeed admin: entities the site's live killfeed follows, and routes that post matching kills to Discord.
-- Edits and deletes are new rows with a later updated_at; read with FINAL and WHERE NOT deleted.
CREATE TABLE IF NOT EXISTS killfeed_tracked (
  item_type LowCardinality(String),
  entity_id UInt64,
  display_name String,
  mode LowCardinality(String),
  created_at DateTime64(3, 'UTC'),
  deleted Bool DEFAULT false,
  updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY (item_type, entity_id);

CREATE TABLE IF NOT EXISTS killfeed_routes (
  id UUID,
  item_type LowCardinality(String),
  entity_id UInt64,
  display_name String,
  mode LowCardinality(String),
  -- Discord webhook URLs, one per line
  webhook_url String,
  enabled Bool,
  created_at DateTime64(3, 'UTC'),
  deleted Bool DEFAULT false,
  updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY id;

-- One row per (route, killmail, webhook): the outbox and the record that makes posting at most once.
-- status: queued (not sent yet, safe to send), sending (a request may be out), posted, failed, unknown
-- (was sending when the process stopped: never sent again). The latest row per key wins.
CREATE TABLE IF NOT EXISTS killfeed_deliveries (
  route_id UUID,
  killmail_id UInt64,
  webhook_id String,
  webhook_url String,
  status LowCardinality(String),
  attempts UInt8,
  error String,
  -- the Discord message body, so a queued post survives a restart
  payload String,
  queued_at DateTime64(3, 'UTC'),
  posted_at Nullable(DateTime64(3, 'UTC')),
  updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY (route_id, killmail_id, webhook_id)
TTL toDateTime(queued_at) + INTERVAL 30 DAY;

-- Kills shown on the public live killfeed (kills of tracked entities), for pages that open later.
CREATE TABLE IF NOT EXISTS killfeed_live_kills (
  killmail_id UInt64,
  killmail_time DateTime64(3, 'UTC'),
  pushed_at DateTime64(3, 'UTC'),
  -- the LiveKill JSON (schemas/live-kill.ts)
  kill String
) ENGINE = ReplacingMergeTree(pushed_at) ORDER BY killmail_id
TTL toDateTime(pushed_at) + INTERVAL 14 DAY;
