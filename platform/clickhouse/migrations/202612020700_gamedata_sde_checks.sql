-- The daily check for a newer static data build: one row per source address, the newest kept (issue #37).
CREATE TABLE IF NOT EXISTS sde_check_state (
  url String, etag String, last_modified String, build Nullable(UInt32), release_date String,
  last_check_at DateTime64(3, 'UTC'), outcome String, last_error String, updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY url;
