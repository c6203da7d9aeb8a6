import { z } from 'zod'
import type {
  BlueprintActivity,
  BlueprintMaterialRow,
  BlueprintProductRow,
  BlueprintRow,
  BlueprintSkillRow,
  CategoryRow,
  DogmaAttributeRow,
  GroupRow,
  MarketGroupRow,
  SchematicRow,
  SchematicTypeRow,
  TypeAttributeRow,
  TypeEffectRow,
  TypeMaterialRow,
  TypeRow,
} from '../../schemas/static-data.js'
import { SourceError, yamlTables, type SdeTables } from './sde-files.js'

/** Localised text in the SDE: we keep English. */
const Localised = z.object({ en: z.union([z.string(), z.number()]).transform(String).optional() })
const english = (text: z.infer<typeof Localised> | undefined, fallback: string) => text?.en ?? fallback

const RawType = z.object({
  groupID: z.number().int(),
  name: Localised.optional(),
  marketGroupID: z.number().int().optional(),
  volume: z.number().optional(),
  capacity: z.number().optional(),
  mass: z.number().optional(),
  portionSize: z.number().int().optional(),
  basePrice: z.number().optional(),
  published: z.boolean().optional(),
  metaGroupID: z.number().int().optional(),
})

const RawGroup = z.object({ categoryID: z.number().int(), name: Localised.optional(), published: z.boolean().optional() })
const RawCategory = z.object({ name: Localised.optional(), published: z.boolean().optional() })
const RawMarketGroup = z.object({
  nameID: Localised.optional(),
  name: Localised.optional(),
  parentGroupID: z.number().int().optional(),
  hasTypes: z.boolean().optional(),
})

export async function readGroupsAndCategories(sde: SdeTables = yamlTables()): Promise<{ groups: GroupRow[]; categories: CategoryRow[] }> {
  const categories = (await sde.keyed('categories', RawCategory)).map(([id, c]) => ({
    category_id: id,
    name: english(c.name, `Category ${id}`),
    published: c.published ?? false,
  }))
  const groups = (await sde.keyed('groups', RawGroup)).map(([id, g]) => ({
    group_id: id,
    name: english(g.name, `Group ${id}`),
    category_id: g.categoryID,
    published: g.published ?? false,
  }))
  return { groups, categories }
}

export async function readMarketGroups(sde: SdeTables = yamlTables()): Promise<MarketGroupRow[]> {
  return (await sde.keyed('marketGroups', RawMarketGroup)).map(([id, m]) => ({
    market_group_id: id,
    name: english(m.nameID ?? m.name, `Market group ${id}`),
    parent_group_id: m.parentGroupID ?? null,
    has_types: m.hasTypes ?? false,
  }))
}

/** types.yaml is the largest file (≈140 MB); only English names and the fields tools use are kept. */
export async function readTypes(groupCategory: Map<number, number>, sde: SdeTables = yamlTables()): Promise<TypeRow[]> {
  const file = sde.format === 'yaml' ? 'fsd/types.yaml' : 'types.jsonl'
  return (await sde.keyed('types', RawType)).map(([id, t]) => {
    const category = groupCategory.get(t.groupID)
    if (category === undefined) throw new SourceError(`${file}: record ${id}: groupID ${t.groupID} is not in the groups file`)
    return {
      type_id: id,
      name: english(t.name, `Type ${id}`),
      group_id: t.groupID,
      category_id: category,
      market_group_id: t.marketGroupID ?? null,
      volume: t.volume ?? 0,
      capacity: t.capacity ?? 0,
      mass: t.mass ?? 0,
      portion_size: t.portionSize ?? 1,
      base_price: t.basePrice ?? null,
      published: t.published ?? false,
      meta_group_id: t.metaGroupID ?? null,
    }
  })
}

const RawAttribute = z.object({
  name: z.string(),
  displayNameID: Localised.optional(),
  displayName: Localised.optional(),
  unitID: z.number().int().optional(),
  defaultValue: z.number().optional(),
  highIsGood: z.boolean().optional(),
  stackable: z.boolean().optional(),
})
const RawEffect = z.object({ effectName: z.string().optional(), name: z.string().optional() })
const RawTypeDogma = z.object({
  dogmaAttributes: z.array(z.object({ attributeID: z.number().int(), value: z.number() })).optional(),
  dogmaEffects: z.array(z.object({ effectID: z.number().int(), isDefault: z.boolean().optional() })).optional(),
})

export async function readDogma(
  sde: SdeTables = yamlTables(),
): Promise<{ attributes: DogmaAttributeRow[]; typeAttributes: TypeAttributeRow[]; typeEffects: TypeEffectRow[] }> {
  const attributes = (await sde.keyed('dogmaAttributes', RawAttribute)).map(([id, a]) => ({
    attribute_id: id,
    name: a.name,
    display_name: (a.displayNameID ?? a.displayName)?.en ?? null,
    unit_id: a.unitID ?? null,
    default_value: a.defaultValue ?? 0,
    high_is_good: a.highIsGood ?? true,
    stackable: a.stackable ?? true,
  }))
  const effectNames = new Map((await sde.keyed('dogmaEffects', RawEffect)).map(([id, e]) => [id, e.effectName ?? e.name ?? `effect ${id}`]))
  const typeAttributes: TypeAttributeRow[] = []
  const typeEffects: TypeEffectRow[] = []
  for (const [typeId, d] of await sde.keyed('typeDogma', RawTypeDogma)) {
    for (const a of d.dogmaAttributes ?? []) typeAttributes.push({ type_id: typeId, attribute_id: a.attributeID, value: a.value })
    for (const e of d.dogmaEffects ?? [])
      typeEffects.push({
        type_id: typeId,
        effect_id: e.effectID,
        effect_name: effectNames.get(e.effectID) ?? `effect ${e.effectID}`,
        is_default: e.isDefault ?? false,
      })
  }
  return { attributes, typeAttributes, typeEffects }
}

// A few records carry randomizedMaterials instead (no fixed outcome): they reprocess into nothing fixed.
const RawTypeMaterials = z.object({ materials: z.array(z.object({ materialTypeID: z.number().int(), quantity: z.number().int() })).optional() })

export async function readTypeMaterials(sde: SdeTables = yamlTables()): Promise<TypeMaterialRow[]> {
  const rows: TypeMaterialRow[] = []
  for (const [typeId, m] of await sde.keyed('typeMaterials', RawTypeMaterials)) {
    for (const x of m.materials ?? []) rows.push({ type_id: typeId, material_type_id: x.materialTypeID, quantity: x.quantity })
  }
  return rows
}

const Quantity = z.object({ typeID: z.number().int(), quantity: z.number().int(), probability: z.number().optional() })
const RawActivity = z.object({
  time: z.number().int().optional(),
  materials: z.array(Quantity).optional(),
  products: z.array(Quantity).optional(),
  skills: z.array(z.object({ typeID: z.number().int(), level: z.number().int() })).optional(),
})
const RawBlueprint = z.object({
  activities: z.record(z.string(), RawActivity),
  maxProductionLimit: z.number().int().optional(),
})
const ACTIVITIES = new Set<string>(['manufacturing', 'reaction', 'invention', 'copying', 'research_material', 'research_time'])

export async function readBlueprints(sde: SdeTables = yamlTables()) {
  const blueprints: BlueprintRow[] = []
  const materials: BlueprintMaterialRow[] = []
  const products: BlueprintProductRow[] = []
  const skills: BlueprintSkillRow[] = []
  for (const [bpId, bp] of await sde.keyed('blueprints', RawBlueprint)) {
    for (const [name, act] of Object.entries(bp.activities)) {
      if (!ACTIVITIES.has(name))
        throw new SourceError(`${sde.format === 'yaml' ? 'fsd/blueprints.yaml' : 'blueprints.jsonl'}: record ${bpId}: unknown activity '${name}'`)
      const activity = name as BlueprintActivity
      blueprints.push({ blueprint_type_id: bpId, activity, time: act.time ?? 0, max_production_limit: bp.maxProductionLimit ?? 0 })
      for (const m of act.materials ?? []) materials.push({ blueprint_type_id: bpId, activity, type_id: m.typeID, quantity: m.quantity })
      for (const p of act.products ?? [])
        products.push({ blueprint_type_id: bpId, activity, type_id: p.typeID, quantity: p.quantity, probability: p.probability ?? null })
      for (const s of act.skills ?? []) skills.push({ blueprint_type_id: bpId, activity, type_id: s.typeID, level: s.level })
    }
  }
  return { blueprints, materials, products, skills }
}

const SchematicType = z.object({ isInput: z.boolean(), quantity: z.number().int() })
/** YAML keys `types` by type id; JSON Lines turns that integer-keyed map into a list of records with `_key`. */
const RawSchematic = z.object({
  cycleTime: z.number().int(),
  nameID: Localised.optional(),
  name: Localised.optional(),
  types: z.union([
    z.record(z.string(), SchematicType),
    z.array(SchematicType.extend({ _key: z.number().int() })).transform((list) => Object.fromEntries(list.map(({ _key, ...t }) => [String(_key), t]))),
  ]),
})

export async function readSchematics(sde: SdeTables = yamlTables()): Promise<{ schematics: SchematicRow[]; types: SchematicTypeRow[] }> {
  const schematics: SchematicRow[] = []
  const types: SchematicTypeRow[] = []
  for (const [id, s] of await sde.keyed('planetSchematics', RawSchematic)) {
    schematics.push({ schematic_id: id, name: english(s.nameID ?? s.name, `Schematic ${id}`), cycle_time: s.cycleTime })
    for (const [typeId, t] of Object.entries(s.types)) types.push({ schematic_id: id, type_id: Number(typeId), quantity: t.quantity, is_input: t.isInput })
  }
  return { schematics, types }
}
