-- One row per ingest job run (at start or on its schedule): when it was due, how it ended (fetched, unchanged,
-- failed, done) and when the next run is due, so the status page can show each schedule. Kept 90 days.
CREATE TABLE IF NOT EXISTS ingest_runs (
  job LowCardinality(String),
  trigger LowCardinality(String),
  schedule String,
  due_at DateTime64(3),
  started_at DateTime64(3),
  finished_at DateTime64(3),
  outcome LowCardinality(String),
  detail String,
  next_due_at Nullable(DateTime64(3))
) ENGINE = MergeTree ORDER BY (job, due_at)
TTL toDateTime(due_at) + INTERVAL 90 DAY;

-- One row per component per status check (site, database, market pipeline, killmail feed, ESI, zKillboard): the
-- status page's uptime over 24 h / 7 d / 30 d / 90 d and its incident list are read from here. Kept 90 days.
CREATE TABLE IF NOT EXISTS status_checks (
  at DateTime64(3),
  component LowCardinality(String),
  state LowCardinality(String),
  detail String
) ENGINE = MergeTree ORDER BY (component, at)
TTL toDateTime(at) + INTERVAL 90 DAY;
