import { COMMUNITY_DATASETS, type CommunityData, type CommunityDatasetName } from '../../schemas/community.js'
import type {
  BlueprintActivity,
  CategoryRow,
  DatasetStatus,
  DogmaAttributeRow,
  GroupRow,
  ImportSummary,
  MarketGroupRow,
  PlanetRow,
  SolarSystemRow,
  TypeRow,
} from '../../schemas/static-data.js'
import { normalizeName } from './names.js'
import { RenameIndex, Suggester, type NameLookup } from './lookup.js'

export type { NameLookup }

export interface Quantity {
  typeId: number
  quantity: number
}

export interface BlueprintActivityData {
  time: number
  materials: Quantity[]
  products: Array<Quantity & { probability: number | null }>
  skills: Array<{ typeId: number; level: number }>
}

export interface Blueprint {
  blueprintTypeId: number
  maxProductionLimit: number
  activities: Partial<Record<BlueprintActivity, BlueprintActivityData>>
}

export interface Schematic {
  schematicId: number
  name: string
  cycleTime: number
  inputs: Quantity[]
  output: Quantity
}

export interface CatalogSource {
  importId: number
  sourceVersion: string
  importedAt: string
  summary: ImportSummary
  types: TypeRow[]
  groups: GroupRow[]
  categories: CategoryRow[]
  marketGroups: MarketGroupRow[]
  attributes: DogmaAttributeRow[]
  typeAttributes: Array<[number, number, number]>
  /**
   * The same values grouped by type, [type, attribute ids, values], as the loader reads them (48,000 rows where
   * `typeAttributes` takes 600,000); both may be given.
   */
  typeDogma?: Array<[number, number[], number[]]>
  typeEffects: Array<[number, string]>
  typeMaterials: Array<[number, number, number]>
  blueprints: Array<[number, BlueprintActivity, number, number]>
  blueprintMaterials: Array<[number, BlueprintActivity, number, number]>
  blueprintProducts: Array<[number, BlueprintActivity, number, number, number | null]>
  blueprintSkills: Array<[number, BlueprintActivity, number, number]>
  schematics: Array<[number, string, number]>
  schematicTypes: Array<[number, number, number, boolean]>
  systems: SolarSystemRow[]
  planets: PlanetRow[]
  community: Array<{ dataset: string; present: boolean; content: string }>
  /** Stargate links as [solar system, destination solar system], one per gate (absent in sources built before stargates). */
  stargates?: Array<[number, number]>
}

function groupBy<K, V>(items: Iterable<V>, key: (v: V) => K): Map<K, V[]> {
  const map = new Map<K, V[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}

/** A type's dogma slot holds start * DOGMA_SLOT + count: no type carries 4096 attributes (the most carry a few hundred). */
const DOGMA_SLOT = 4096

/** Which of two types with the same name a player means: the published one, on the market, with the lower id. */
function preferred(a: TypeRow, b: TypeRow): TypeRow {
  if (a.published !== b.published) return a.published ? a : b
  if ((a.market_group_id !== null) !== (b.market_group_id !== null)) return a.market_group_id !== null ? a : b
  return a.type_id < b.type_id ? a : b
}

type PackedDogma = [Int32Array, Float64Array]

/**
 * The loader's grouped rows (one per type, distinct attribute ids, no loose rows) go straight into the packed arrays:
 * merging them through a Map per type first made 600,000 entries of garbage and took 120-200 ms of the server's start.
 * Anything else (loose rows, a type or an attribute twice) is left to `packDogma`, where the last value wins.
 */
function packGroupedDogma(src: CatalogSource, slots: Map<number, number>): PackedDogma | null {
  const grouped = src.typeDogma
  if (!grouped || src.typeAttributes.length) return null
  const types = new Set<number>()
  let total = 0
  for (const [typeId, ids] of grouped) {
    if (types.has(typeId)) return null
    types.add(typeId)
    for (let i = 1; i < ids.length; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return null
    total += ids.length
  }
  const packed: PackedDogma = [new Int32Array(total), new Float64Array(total)]
  let at = 0
  for (const [typeId, ids, values] of grouped) {
    if (!ids.length) continue
    slots.set(typeId, at * DOGMA_SLOT + ids.length)
    for (let i = 0; i < ids.length; i++) {
      packed[0][at] = ids[i]
      packed[1][at++] = values[i]
    }
  }
  return packed
}

/** Loose rows and grouped ones merged by type and attribute (the last value wins), then packed. */
function packDogma(src: CatalogSource, slots: Map<number, number>): PackedDogma {
  const dogma = new Map<number, Map<number, number>>()
  const add = (typeId: number, attributeId: number, value: number) => {
    let m = dogma.get(typeId)
    if (!m) dogma.set(typeId, (m = new Map()))
    m.set(attributeId, value)
  }
  for (const [typeId, attributeId, value] of src.typeAttributes) add(typeId, attributeId, value)
  for (const [typeId, ids, values] of src.typeDogma ?? []) for (let i = 0; i < ids.length; i++) add(typeId, ids[i], values[i])
  let total = 0
  for (const m of dogma.values()) total += m.size
  const packed: PackedDogma = [new Int32Array(total), new Float64Array(total)]
  let at = 0
  for (const [typeId, m] of dogma) {
    slots.set(typeId, at * DOGMA_SLOT + m.size)
    for (const [id, value] of m) {
      packed[0][at] = id
      packed[1][at++] = value
    }
  }
  return packed
}

/**
 * Static game data in typed in-memory indexes, built once per import at api boot. The one way tools read
 * game facts: types, names, dogma, reprocessing, blueprints, schematics, the map and community data.
 */
export class Catalog {
  readonly importId: number
  readonly sourceVersion: string
  readonly importedAt: string
  readonly summary: ImportSummary
  readonly types = new Map<number, TypeRow>()
  readonly groups = new Map<number, GroupRow>()
  readonly categories = new Map<number, CategoryRow>()
  readonly marketGroups = new Map<number, MarketGroupRow>()
  readonly attributes = new Map<number, DogmaAttributeRow>()
  readonly attributesByName = new Map<string, DogmaAttributeRow>()
  readonly blueprints = new Map<number, Blueprint>()
  readonly schematics = new Map<number, Schematic>()
  readonly systems = new Map<number, SolarSystemRow>()
  readonly community: CommunityData
  private byName = new Map<string, TypeRow>()
  /**
   * Dogma values packed: a type's attribute ids and values sit side by side in two typed arrays, found by the type's
   * slot (start * DOGMA_SLOT + count). 600,000 values held in some 9 MB, where a Map per type took 31 MB.
   */
  private dogmaSlots = new Map<number, number>()
  private dogmaIds: Int32Array
  private dogmaValues: Float64Array
  private effectsByType: Map<number, string[]>
  private materialsByType = new Map<number, Quantity[]>()
  private blueprintsByProduct = new Map<string, number[]>()
  private schematicByOutput = new Map<number, Schematic>()
  private systemsByName = new Map<string, SolarSystemRow>()
  private planetsBySystem: Map<number, PlanetRow[]>
  private neighbours = new Map<number, number[]>()

  constructor(src: CatalogSource) {
    this.importId = src.importId
    this.sourceVersion = src.sourceVersion
    this.importedAt = src.importedAt
    this.summary = src.summary
    for (const c of src.categories) this.categories.set(c.category_id, c)
    for (const g of src.groups) this.groups.set(g.group_id, g)
    for (const m of src.marketGroups) this.marketGroups.set(m.market_group_id, m)
    for (const t of src.types) {
      this.types.set(t.type_id, t)
      const key = normalizeName(t.name)
      const existing = this.byName.get(key)
      this.byName.set(key, existing ? preferred(existing, t) : t)
    }
    for (const a of src.attributes) {
      this.attributes.set(a.attribute_id, a)
      this.attributesByName.set(a.name, a)
    }
    ;[this.dogmaIds, this.dogmaValues] = packGroupedDogma(src, this.dogmaSlots) ?? packDogma(src, this.dogmaSlots)
    this.effectsByType = new Map([...groupBy(src.typeEffects, (e) => e[0])].map(([k, v]) => [k, v.map((e) => e[1])]))
    for (const [typeId, materialTypeId, quantity] of src.typeMaterials) {
      const list = this.materialsByType.get(typeId) ?? []
      list.push({ typeId: materialTypeId, quantity })
      this.materialsByType.set(typeId, list)
    }
    const activity = (bpId: number, act: BlueprintActivity): BlueprintActivityData => {
      const bp = this.blueprints.get(bpId)!
      return (bp.activities[act] ??= { time: 0, materials: [], products: [], skills: [] })
    }
    for (const [bpId, act, time, limit] of src.blueprints) {
      if (!this.blueprints.has(bpId)) this.blueprints.set(bpId, { blueprintTypeId: bpId, maxProductionLimit: limit, activities: {} })
      activity(bpId, act).time = time
    }
    for (const [bpId, act, typeId, quantity] of src.blueprintMaterials) if (this.blueprints.has(bpId)) activity(bpId, act).materials.push({ typeId, quantity })
    for (const [bpId, act, typeId, quantity, probability] of src.blueprintProducts) {
      if (!this.blueprints.has(bpId)) continue
      activity(bpId, act).products.push({ typeId, quantity, probability })
      const key = `${act}:${typeId}`
      this.blueprintsByProduct.set(key, [...(this.blueprintsByProduct.get(key) ?? []), bpId])
    }
    for (const [bpId, act, typeId, level] of src.blueprintSkills) if (this.blueprints.has(bpId)) activity(bpId, act).skills.push({ typeId, level })
    const schematicTypes = groupBy(src.schematicTypes, (s) => s[0])
    for (const [id, name, cycleTime] of src.schematics) {
      const rows = schematicTypes.get(id) ?? []
      const out = rows.find((r) => !r[3])
      if (!out) continue
      const schematic: Schematic = {
        schematicId: id,
        name,
        cycleTime,
        inputs: rows.filter((r) => r[3]).map((r) => ({ typeId: r[1], quantity: r[2] })),
        output: { typeId: out[1], quantity: out[2] },
      }
      this.schematics.set(id, schematic)
      this.schematicByOutput.set(out[1], schematic)
    }
    for (const s of src.systems) {
      this.systems.set(s.solar_system_id, s)
      this.systemsByName.set(s.name.toLowerCase(), s)
    }
    this.planetsBySystem = groupBy(src.planets, (p) => p.solar_system_id)
    for (const [from, to] of src.stargates ?? []) {
      const list = this.neighbours.get(from)
      if (!list) this.neighbours.set(from, [to])
      else if (!list.includes(to)) list.push(to)
    }
    for (const list of this.neighbours.values()) list.sort((a, b) => a - b)
    this.community = Object.fromEntries(
      (Object.keys(COMMUNITY_DATASETS) as CommunityDatasetName[]).map((name) => {
        const row = src.community.find((c) => c.dataset === name)
        return [name, row?.present && row.content ? JSON.parse(row.content) : null]
      }),
    ) as CommunityData
  }

  type(typeId: number): TypeRow | undefined {
    return this.types.get(typeId)
  }

  /** A type by name (case-insensitive; odd spaces and dashes folded) or by its numeric id. */
  resolve(nameOrId: string): TypeRow | undefined {
    const trimmed = nameOrId.trim()
    if (/^\d{1,10}$/.test(trimmed)) {
      const byId = this.types.get(Number(trimmed))
      if (byId) return byId
    }
    return this.byName.get(normalizeName(trimmed))
  }

  private renames: RenameIndex | null = null
  private suggester: Suggester | null = null

  /**
   * A pasted name: the current type of that name (or id), else the type an old name became (the item-renames set,
   * then "Expired <name>", the name CCP gives a cerebral accelerator past its date), else unknown, with the one type
   * whose name is very close as a suggestion (never used in its place).
   */
  lookupName(name: string): NameLookup {
    const exact = this.resolve(name)
    if (exact) return { kind: 'exact', type: exact }
    const key = normalizeName(name)
    this.renames ??= new RenameIndex(
      this.community.itemRenames ?? [],
      (k) => this.byName.get(k),
      (id) => this.types.get(id),
    )
    const renamed = this.renames.get(key) ?? this.byName.get(`expired ${key}`)
    if (renamed) return { kind: 'renamed', type: renamed, pastedName: name.trim() }
    this.suggester ??= new Suggester(this.types.values())
    return { kind: 'unknown', suggestion: this.suggester.suggest(key) }
  }

  /** A type's dogma attribute value by attribute name, falling back to the attribute's default when the type lacks it. */
  attribute(typeId: number, name: string): number | undefined {
    const attr = this.attributesByName.get(name)
    if (!attr) return undefined
    return this.dogmaValue(typeId, attr.attribute_id) ?? attr.default_value
  }

  /** The value the type itself carries for an attribute (by id), if any. */
  dogmaValue(typeId: number, attributeId: number): number | undefined {
    const slot = this.dogmaSlots.get(typeId)
    if (slot === undefined) return undefined
    const start = Math.floor(slot / DOGMA_SLOT)
    const end = start + (slot % DOGMA_SLOT)
    for (let i = start; i < end; i++) if (this.dogmaIds[i] === attributeId) return this.dogmaValues[i]
    return undefined
  }

  /** Only the attribute values the type itself carries, by attribute id (a new map at each call). */
  dogma(typeId: number): ReadonlyMap<number, number> {
    const values = new Map<number, number>()
    const slot = this.dogmaSlots.get(typeId)
    if (slot === undefined) return values
    const start = Math.floor(slot / DOGMA_SLOT)
    for (let i = start; i < start + (slot % DOGMA_SLOT); i++) values.set(this.dogmaIds[i], this.dogmaValues[i])
    return values
  }

  effects(typeId: number): readonly string[] {
    return this.effectsByType.get(typeId) ?? []
  }

  /** What one portion of the type reprocesses into (before yield). */
  reprocessing(typeId: number): readonly Quantity[] {
    return this.materialsByType.get(typeId) ?? []
  }

  /** Blueprints whose activity makes the type. */
  blueprintsFor(productTypeId: number, activity: BlueprintActivity = 'manufacturing'): Blueprint[] {
    return (this.blueprintsByProduct.get(`${activity}:${productTypeId}`) ?? []).map((id) => this.blueprints.get(id)!)
  }

  schematicFor(outputTypeId: number): Schematic | undefined {
    return this.schematicByOutput.get(outputTypeId)
  }

  system(idOrName: number | string): SolarSystemRow | undefined {
    return typeof idOrName === 'number' ? this.systems.get(idOrName) : this.systemsByName.get(idOrName.toLowerCase())
  }

  /** The systems one stargate jump away (the SDE's stargate graph), ascending by id; none for J-space. */
  jumpNeighbours(solarSystemId: number): readonly number[] {
    return this.neighbours.get(solarSystemId) ?? []
  }

  /** A solar system's id by its name, case-insensitive (surrounding spaces ignored), or null. */
  systemIdByName(name: string): number | null {
    return this.systemsByName.get(name.trim().toLowerCase())?.solar_system_id ?? null
  }

  planets(systemId: number): readonly PlanetRow[] {
    return this.planetsBySystem.get(systemId) ?? []
  }

  group(typeId: number): GroupRow | undefined {
    const t = this.types.get(typeId)
    return t ? this.groups.get(t.group_id) : undefined
  }

  /** Which community data sets loaded, and why the others did not. */
  get datasets(): DatasetStatus[] {
    return this.summary.community
  }
}
