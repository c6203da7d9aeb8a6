-- Saved appraisals (POST /api/appraisals): frozen snapshots the server computed from the paste, read back by
-- their random id (GET /api/appraisals/{id}). Rows, totals and warnings are JSON text.
CREATE TABLE IF NOT EXISTS appraisals
(
    id          String,
    created_at  DateTime64(3, 'UTC'),
    station_id  UInt32,
    mode        LowCardinality(String),
    adjustment  Float64,
    combine     Bool,
    prices_at   Nullable(DateTime64(3, 'UTC')),
    input_raw   String CODEC(ZSTD(3)),
    rows        String CODEC(ZSTD(3)),
    totals      String,
    warnings    String
)
ENGINE = ReplacingMergeTree
ORDER BY id;

-- Packaged (repackaged) volumes from ESI GET /universe/types/{type_id}/ for the types the game repackages
-- (ships, containers); the static data export only has their assembled volume. NULL: ESI gave none.
CREATE TABLE IF NOT EXISTS type_packaged_volumes
(
    type_id          UInt32,
    packaged_volume  Nullable(Float64),
    fetched_at       DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(fetched_at)
ORDER BY type_id;
