-- One row per poll of EVE-Scout's public signatures feed (Thera and Turnur connections, ingest/thera): how it ended
-- (fetched, unchanged, failed), the validators for the next conditional request, and, on a fetched poll, the
-- connections as JSON. GET /api/thera reads the newest fetched list, the last answer and the failures since.
-- Connections live at most two days, so 30 days is plenty to keep the last list through a long outage.
CREATE TABLE IF NOT EXISTS thera_polls (
  at DateTime64(3),
  outcome LowCardinality(String),
  status UInt16,
  etag String,
  last_modified String,
  error String,
  connections String
) ENGINE = MergeTree ORDER BY at
TTL toDateTime(at) + INTERVAL 30 DAY;
