import { MINERALS, ORE_GROUPS, type MineralName, type OreGroup } from '../../../schemas/ore-planner-constants.js'
import type { CompressedOre } from '../../../schemas/ore-planner.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'

/** A compressed ore with what the planner needs: per-batch minerals indexed like MINERALS. */
export interface PlannerOre extends CompressedOre {
  /** Units of each mineral (MINERALS order) in one batch, before refine yield. */
  batchYield: number[]
}

const MINERAL_INDEX = new Map<number, number>(MINERALS.map((m, i) => [m.typeId, i]))
const COMPRESSED_PREFIX = 'Compressed '

/** "Simple Ore Processing" → simple; skills that are not one of the six ore groups (moon ores, ice) → null. */
function groupOfSkill(skillName: string | undefined): OreGroup | null {
  const m = /^(\w+) Ore Processing$/i.exec(skillName ?? '')
  const group = m?.[1].toLowerCase()
  return group && (ORE_GROUPS as readonly string[]).includes(group) ? (group as OreGroup) : null
}

/**
 * Every compressed asteroid ore that reprocesses into minerals, read from the SDE rather than a typed list:
 * - a published, marketable type in the Asteroid category,
 * - named "Compressed X" where X is another type of the same SDE group (its uncompressed form),
 * - whose reprocessing skill (dogma `reprocessingSkillType`) is one of Simple, Coherent, Variegated, Complex,
 *   Abyssal or Mercoxit Ore Processing: that skill names its group. Moon ores and ice have other skills and
 *   other outputs, so they are not here,
 * - and whose type materials are all among the eight minerals.
 * Ordered by group, then family (by the family's smallest volume, then name), then richer variants last.
 */
export function compressedOres(catalog: Catalog): PlannerOre[] {
  const asteroid = [...catalog.categories.values()].find((c) => c.name === 'Asteroid')
  if (!asteroid) return []
  const namesByGroup = new Map<number, Set<string>>()
  for (const t of catalog.types.values()) {
    if (t.category_id !== asteroid.category_id) continue
    const set = namesByGroup.get(t.group_id) ?? new Set<string>()
    set.add(t.name)
    namesByGroup.set(t.group_id, set)
  }
  const ores: PlannerOre[] = []
  for (const t of catalog.types.values()) {
    if (t.category_id !== asteroid.category_id || !t.published || t.market_group_id === null || t.portion_size <= 0) continue
    if (!t.name.startsWith(COMPRESSED_PREFIX) || !namesByGroup.get(t.group_id)?.has(t.name.slice(COMPRESSED_PREFIX.length))) continue
    const skillId = catalog.dogma(t.type_id).get(catalog.attributesByName.get('reprocessingSkillType')?.attribute_id ?? -1)
    const group = groupOfSkill(skillId === undefined ? undefined : catalog.type(skillId)?.name)
    if (!group) continue
    const materials = catalog.reprocessing(t.type_id)
    if (materials.length === 0 || materials.some((m) => !MINERAL_INDEX.has(m.typeId))) continue
    const batchYield = MINERALS.map(() => 0)
    const batchMinerals: Partial<Record<MineralName, number>> = {}
    for (const m of materials) {
      const i = MINERAL_INDEX.get(m.typeId)!
      batchYield[i] += m.quantity
      batchMinerals[MINERALS[i].name] = batchYield[i]
    }
    ores.push({
      name: t.name,
      typeIdCompressed: t.type_id,
      volumeCompressedM3: t.volume,
      group,
      family: catalog.groups.get(t.group_id)?.name ?? t.name.slice(COMPRESSED_PREFIX.length),
      portionSize: t.portion_size,
      batchMinerals,
      batchYield,
    })
  }
  const familyVolume = new Map<string, number>()
  for (const o of ores) familyVolume.set(o.family, Math.min(familyVolume.get(o.family) ?? Infinity, o.volumeCompressedM3))
  const richness = (o: PlannerOre) => o.batchYield.reduce((a, b) => a + b, 0)
  return ores.sort(
    (a, b) =>
      ORE_GROUPS.indexOf(a.group) - ORE_GROUPS.indexOf(b.group) ||
      familyVolume.get(a.family)! - familyVolume.get(b.family)! ||
      a.family.localeCompare(b.family) ||
      richness(a) - richness(b) ||
      a.typeIdCompressed - b.typeIdCompressed,
  )
}

/** Find allowed ores by type id or name ("Compressed Veldspar" or just "Veldspar", any case). */
export function resolveAllowedOres(ores: PlannerOre[], wanted: Array<number | string>): { found: PlannerOre[]; unknown: string[] } {
  const byId = new Map(ores.map((o) => [o.typeIdCompressed, o]))
  const byName = new Map(ores.map((o) => [o.name.toLowerCase(), o]))
  const found = new Map<number, PlannerOre>()
  const unknown: string[] = []
  for (const w of wanted) {
    const ore = typeof w === 'number' ? byId.get(w) : (byName.get(w.toLowerCase()) ?? byName.get(`${COMPRESSED_PREFIX}${w}`.toLowerCase()))
    if (ore) found.set(ore.typeIdCompressed, ore)
    else unknown.push(String(w))
  }
  return { found: [...found.values()], unknown }
}
