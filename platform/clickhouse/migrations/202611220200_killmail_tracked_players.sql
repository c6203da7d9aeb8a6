-- Players with a kill tracker page at /{path}: set in the admin, read by the kill tracker.
-- A delete is a row with deleted = true; read with FINAL and WHERE NOT deleted.
CREATE TABLE IF NOT EXISTS tracked_players (
  path String,
  display_name String,
  character_ids Array(UInt64),
  deleted Bool DEFAULT false,
  updated_at DateTime64(3) DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY path;
