-- The SDE's stargate graph, written with each static import (issue #37).
CREATE TABLE IF NOT EXISTS sde_stargates (
  import_id UInt32, stargate_id UInt32, solar_system_id UInt32, destination_stargate_id UInt32, destination_system_id UInt32
) ENGINE = MergeTree PARTITION BY import_id ORDER BY (import_id, solar_system_id, stargate_id);
