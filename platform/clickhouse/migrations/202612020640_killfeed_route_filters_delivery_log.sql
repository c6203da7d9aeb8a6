-- Killfeed routes gain filters (JSON of schemas/killfeed.ts RouteFilters), an embed style, an optional mention above
-- a value, and the reason the server switched a route off (a webhook Discord says is deleted). Issue #40.
ALTER TABLE killfeed_routes ADD COLUMN IF NOT EXISTS filters String DEFAULT '{}';
ALTER TABLE killfeed_routes ADD COLUMN IF NOT EXISTS embed_style LowCardinality(String) DEFAULT 'full';
ALTER TABLE killfeed_routes ADD COLUMN IF NOT EXISTS mention String DEFAULT '';
ALTER TABLE killfeed_routes ADD COLUMN IF NOT EXISTS mention_min_isk Float64 DEFAULT 0;
ALTER TABLE killfeed_routes ADD COLUMN IF NOT EXISTS disabled_reason String DEFAULT '';

-- How long Discord asked a webhook (or, webhook_id '*', every webhook: the global limit) to wait, for the delivery
-- log's "current rate-limit wait". The latest row per webhook wins.
CREATE TABLE IF NOT EXISTS killfeed_rate_limits (
  webhook_id String,
  wait_until DateTime64(3, 'UTC'),
  scope LowCardinality(String),
  updated_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY webhook_id
TTL toDateTime(updated_at) + INTERVAL 1 DAY;
