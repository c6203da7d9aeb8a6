-- Static game data (SDE + community data sets). Every row carries the import that wrote it; an import becomes
-- visible to readers only when its 'complete' row lands in static_imports, so a new import appears all at once
-- and a failed one is never seen. Old imports are dropped by partition.

CREATE TABLE IF NOT EXISTS static_imports (
  import_id UInt32,
  source_version String,
  status LowCardinality(String),
  started_at DateTime64(3),
  finished_at Nullable(DateTime64(3)),
  summary String,
  error String,
  updated_at DateTime64(3) DEFAULT now64(3)
) ENGINE = ReplacingMergeTree(updated_at) ORDER BY import_id;

CREATE TABLE IF NOT EXISTS sde_types (
  import_id UInt32, type_id UInt32, name String, group_id UInt32, category_id UInt32, market_group_id Nullable(UInt32),
  volume Float64, capacity Float64, mass Float64, portion_size UInt32, base_price Nullable(Float64), published Bool,
  meta_group_id Nullable(UInt32)
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, type_id);

CREATE TABLE IF NOT EXISTS sde_groups (
  import_id UInt32, group_id UInt32, name String, category_id UInt32, published Bool
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, group_id);

CREATE TABLE IF NOT EXISTS sde_categories (
  import_id UInt32, category_id UInt32, name String, published Bool
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, category_id);

CREATE TABLE IF NOT EXISTS sde_market_groups (
  import_id UInt32, market_group_id UInt32, name String, parent_group_id Nullable(UInt32), has_types Bool
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, market_group_id);

CREATE TABLE IF NOT EXISTS sde_dogma_attributes (
  import_id UInt32, attribute_id UInt32, name String, display_name Nullable(String), unit_id Nullable(UInt32),
  default_value Float64, high_is_good Bool, stackable Bool
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, attribute_id);

CREATE TABLE IF NOT EXISTS sde_type_attributes (
  import_id UInt32, type_id UInt32, attribute_id UInt32, value Float64
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, type_id, attribute_id);

CREATE TABLE IF NOT EXISTS sde_type_effects (
  import_id UInt32, type_id UInt32, effect_id UInt32, effect_name String, is_default Bool
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, type_id, effect_id);

CREATE TABLE IF NOT EXISTS sde_type_materials (
  import_id UInt32, type_id UInt32, material_type_id UInt32, quantity UInt32
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, type_id, material_type_id);

CREATE TABLE IF NOT EXISTS sde_blueprints (
  import_id UInt32, blueprint_type_id UInt32, activity LowCardinality(String), time UInt32, max_production_limit UInt32
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, blueprint_type_id, activity);

CREATE TABLE IF NOT EXISTS sde_blueprint_materials (
  import_id UInt32, blueprint_type_id UInt32, activity LowCardinality(String), type_id UInt32, quantity UInt32
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, blueprint_type_id, activity, type_id);

CREATE TABLE IF NOT EXISTS sde_blueprint_products (
  import_id UInt32, blueprint_type_id UInt32, activity LowCardinality(String), type_id UInt32, quantity UInt32,
  probability Nullable(Float64)
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, blueprint_type_id, activity, type_id);

CREATE TABLE IF NOT EXISTS sde_blueprint_skills (
  import_id UInt32, blueprint_type_id UInt32, activity LowCardinality(String), type_id UInt32, level UInt8
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, blueprint_type_id, activity, type_id);

CREATE TABLE IF NOT EXISTS sde_planet_schematics (
  import_id UInt32, schematic_id UInt32, name String, cycle_time UInt32
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, schematic_id);

CREATE TABLE IF NOT EXISTS sde_schematic_types (
  import_id UInt32, schematic_id UInt32, type_id UInt32, quantity UInt32, is_input Bool
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, schematic_id, type_id);

CREATE TABLE IF NOT EXISTS sde_solar_systems (
  import_id UInt32, solar_system_id UInt32, name String, region_id UInt32, region_name String, constellation_id UInt32,
  constellation_name String, security Float64, class_id Nullable(UInt8), is_jspace Bool, star_type_id Nullable(UInt32),
  star_type_name Nullable(String), star_spectral_class Nullable(String), secondary_sun_type_id Nullable(UInt32),
  effect Nullable(String), effect_beacon_type_id Nullable(UInt32), effect_strength Nullable(UInt8),
  planet_count UInt16, moon_count UInt16
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, solar_system_id);

CREATE TABLE IF NOT EXISTS sde_planets (
  import_id UInt32, solar_system_id UInt32, planet_id UInt32, celestial_index UInt8, name String, type_id UInt32,
  type_name String, moon_count UInt16
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, solar_system_id, planet_id);

CREATE TABLE IF NOT EXISTS community_datasets (
  import_id UInt32, dataset String, file String, present Bool, records UInt32, sha256 String, content String, error String
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, dataset);
