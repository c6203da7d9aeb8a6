import type { Catalog } from '../../platform/catalog/catalog.js'
import type { RouteFiltersShape, SecurityBand, WormholeClassChoice } from '../../schemas/killfeed-constants.js'
import { WORMHOLE_CLASS_LABEL } from '../../schemas/killfeed-constants.js'
import type { KillmailMessage } from '../../schemas/killmails.js'
import { THERA_CLASS } from '../../schemas/wormhole-classes.js'
import { killPasses, type CompiledFilter, type KillFacts } from '../../schemas/killfeed-match.js'

export { killPasses, type CompiledFilter, type KillFacts }

/**
 * Route filters (issue #40), one matcher for the router and the preview. A route's filters are compiled once against
 * the static data into plain facts: the set of systems the place filters allow (wormhole space, classes, security,
 * regions, constellations, systems, intersected), the set of victim ship types the ship filters allow (categories and
 * groups, intersected), and the numeric limits. The router checks a kill against those facts in memory
 * (`killPasses`); the preview hands the same facts to ClickHouse as query parameters (`filterSql`). So the two can
 * never disagree about what a filter means.
 */

export interface FilterSystem {
  solar_system_id: number
  name: string
  region_id: number
  constellation_id: number
  security: number
  class_id: number | null
  is_jspace: boolean
}

export interface FilterShipType {
  type_id: number
  group_id: number
  category_id: number
}

/** The static data the filters read: systems (with whether they are shattered), ship types, groups and categories. */
export interface FilterWorld {
  systems: FilterSystem[]
  types: FilterShipType[]
  groupIds: ReadonlySet<number>
  categoryIds: ReadonlySet<number>
  /** Systems the spec calls shattered (part 2, Wormhole DB): star type A0IV, or a planet type containing 'shattered'. */
  shattered: ReadonlySet<number>
}

export function worldFromCatalog(catalog: Catalog): FilterWorld {
  const systems = [...catalog.systems.values()]
  const shattered = new Set<number>()
  for (const s of systems) {
    if (!s.is_jspace) continue
    if (s.star_type_name?.includes('A0IV') || catalog.planets(s.solar_system_id).some((p) => /shattered/i.test(p.type_name))) shattered.add(s.solar_system_id)
  }
  return {
    systems,
    types: [...catalog.types.values()].map((t) => ({ type_id: t.type_id, group_id: t.group_id, category_id: t.category_id })),
    groupIds: new Set(catalog.groups.keys()),
    categoryIds: new Set(catalog.categories.keys()),
    shattered,
  }
}

export type CompileResult = { ok: true; filter: CompiledFilter } | { ok: false; problem: string }

/**
 * Security band as the game shows it: the true security rounded to one decimal (0.05 shows as 0.1, low security).
 * high 0.5 and above, low 0.1-0.4, null 0.0 and below. Only known space has a band: wormhole space is left out.
 */
export function securityBand(system: Pick<FilterSystem, 'security' | 'is_jspace'>): SecurityBand | null {
  if (system.is_jspace) return null
  const shown = Math.round(system.security * 10) / 10
  return shown >= 0.5 ? 'high' : shown > 0 ? 'low' : 'null'
}

/** Whether a system is of a chosen wormhole class (SDE wormholeClassID; see WORMHOLE_CLASS_CHOICES). */
export function inWormholeClass(system: FilterSystem, choice: WormholeClassChoice, shattered: ReadonlySet<number>): boolean {
  const c = system.class_id
  switch (choice) {
    case 'thera':
      return c === THERA_CLASS
    case 'c13':
      return c === 13
    case 'drifter':
      return c !== null && c >= 14 && c <= 18
    case 'shattered':
      return shattered.has(system.solar_system_id)
    default:
      return system.is_jspace && c === Number(choice.slice(1))
  }
}

const listOf = (ids: number[]) => (ids.length > 3 ? `${ids.slice(0, 3).join(', ')}…` : ids.join(', '))

/** Compile filters against the static data, or say in a sentence why they could never match a kill. */
export function compileFilters(f: RouteFiltersShape, world: FilterWorld): CompileResult {
  const fail = (problem: string): CompileResult => ({ ok: false, problem })
  const minAttackers = f.min_attackers ?? (f.solo ? 1 : 0)
  const maxAttackers = f.max_attackers ?? Infinity
  if (minAttackers > maxAttackers)
    return fail(`At least ${minAttackers} attackers and at most ${maxAttackers} can never both hold, so this route would post nothing.`)
  if (f.solo && minAttackers > 1) return fail(`A solo kill has one attacker, so 'solo only' with at least ${minAttackers} attackers would post nothing.`)

  let systems: FilterSystem[] | null = null
  const places: string[] = []
  const narrow = (label: string, keep: (s: FilterSystem) => boolean) => {
    places.push(label)
    systems = (systems ?? world.systems).filter(keep)
  }
  const checkIds = (ids: number[] | undefined, known: (id: number) => boolean, what: string): string | null => {
    const unknown = (ids ?? []).filter((id) => !known(id))
    return unknown.length
      ? `${what} ${listOf(unknown)} ${unknown.length > 1 ? 'are' : 'is'} not in the static data, so this route would post nothing there.`
      : null
  }
  const regionIds = new Set(world.systems.map((s) => s.region_id))
  const constellationIds = new Set(world.systems.map((s) => s.constellation_id))
  const systemIds = new Set(world.systems.map((s) => s.solar_system_id))
  const unknown =
    checkIds(f.region_ids, (id) => regionIds.has(id), f.region_ids?.length === 1 ? 'Region' : 'Regions') ??
    checkIds(f.constellation_ids, (id) => constellationIds.has(id), f.constellation_ids?.length === 1 ? 'Constellation' : 'Constellations') ??
    checkIds(f.system_ids, (id) => systemIds.has(id), f.system_ids?.length === 1 ? 'System' : 'Systems') ??
    checkIds(f.victim_group_ids, (id) => world.groupIds.has(id), f.victim_group_ids?.length === 1 ? 'Ship group' : 'Ship groups') ??
    checkIds(f.victim_category_ids, (id) => world.categoryIds.has(id), f.victim_category_ids?.length === 1 ? 'Ship category' : 'Ship categories')
  if (unknown) return fail(unknown)

  if (f.wspace_only) narrow('wormhole space only', (s) => s.is_jspace)
  if (f.wormhole_classes?.length) {
    const chosen = f.wormhole_classes
    narrow(chosen.map((c) => WORMHOLE_CLASS_LABEL[c]).join('/'), (s) => chosen.some((c) => inWormholeClass(s, c, world.shattered)))
  }
  if (f.security?.length) {
    const bands = new Set<SecurityBand | null>(f.security)
    narrow(`${f.security.join('/')} security`, (s) => bands.has(securityBand(s)))
  }
  if (f.region_ids?.length) {
    const ids = new Set(f.region_ids)
    narrow('the chosen regions', (s) => ids.has(s.region_id))
  }
  if (f.constellation_ids?.length) {
    const ids = new Set(f.constellation_ids)
    narrow('the chosen constellations', (s) => ids.has(s.constellation_id))
  }
  if (f.system_ids?.length) {
    const ids = new Set(f.system_ids)
    narrow('the chosen systems', (s) => ids.has(s.solar_system_id))
  }
  const placeSet = systems === null ? null : new Set((systems as FilterSystem[]).map((s) => s.solar_system_id))
  if (placeSet && placeSet.size === 0)
    return fail(
      places.length > 1
        ? `No system is in all of ${places.join(', ')}, so this route would post nothing.`
        : `No system in the static data is in ${places[0]}, so this route would post nothing.`,
    )

  let types: FilterShipType[] | null = null
  if (f.victim_category_ids?.length) {
    const ids = new Set(f.victim_category_ids)
    types = world.types.filter((t) => ids.has(t.category_id))
  }
  if (f.victim_group_ids?.length) {
    const ids = new Set(f.victim_group_ids)
    types = (types ?? world.types).filter((t) => ids.has(t.group_id))
  }
  const typeSet = types === null ? null : new Set((types as FilterShipType[]).map((t) => t.type_id))
  if (typeSet && typeSet.size === 0)
    return fail(
      f.victim_category_ids?.length && f.victim_group_ids?.length
        ? 'None of the chosen ship groups is in the chosen ship categories, so this route would post nothing.'
        : 'No ship type is in the chosen ship groups or categories, so this route would post nothing.',
    )

  return {
    ok: true,
    filter: {
      minValue: f.min_value_isk ?? 0,
      includeNpc: f.include_npc ?? false,
      solo: f.solo ?? false,
      minAttackers,
      maxAttackers,
      systems: placeSet,
      shipTypes: typeSet,
    },
  }
}

/** zKillboard's flags as the killmail store keeps them (pipelines/killmails/store.ts): absent counts as false. */
export function killFacts(msg: KillmailMessage): KillFacts {
  return {
    value: msg.zkb.totalValue,
    npc: msg.zkb.npc ?? false,
    solo: msg.zkb.solo ?? false,
    attackers: msg.esi.attackers.length,
    systemId: msg.esi.solar_system_id,
    shipTypeId: msg.esi.victim.ship_type_id,
  }
}

/**
 * The same filter as ClickHouse conditions over the `killmails` table (one row per kill; attackers as parallel
 * arrays, so the attacker count is the length of one of them). Parameters only, never text from input.
 */
export function filterSql(f: CompiledFilter): { conditions: string[]; params: Record<string, unknown> } {
  const conditions = ['total_value >= {f_min_value:Float64}']
  const params: Record<string, unknown> = { f_min_value: f.minValue }
  if (!f.includeNpc) conditions.push('NOT npc')
  if (f.solo) conditions.push('solo')
  if (f.minAttackers > 0) {
    conditions.push('length(attacker_character_ids) >= {f_min_attackers:UInt32}')
    params.f_min_attackers = f.minAttackers
  }
  if (Number.isFinite(f.maxAttackers)) {
    conditions.push('length(attacker_character_ids) <= {f_max_attackers:UInt32}')
    params.f_max_attackers = f.maxAttackers
  }
  if (f.systems) {
    conditions.push('solar_system_id IN {f_systems:Array(UInt32)}')
    params.f_systems = [...f.systems]
  }
  if (f.shipTypes) {
    conditions.push('victim_ship_type_id IN {f_ship_types:Array(UInt32)}')
    params.f_ship_types = [...f.shipTypes]
  }
  return { conditions, params }
}

/**
 * Compiled filters by their JSON, so the router compiles each distinct filter once per catalog rather than once per
 * batch. Filters that cannot match (the static data changed since saving) compile to null: the route posts nothing.
 */
export class FilterCache {
  private cache = new Map<string, CompiledFilter | null>()
  private world: FilterWorld | null = null
  constructor(private worldOf: () => FilterWorld | null) {}

  get(filters: RouteFiltersShape): CompiledFilter | null {
    const world = this.worldOf()
    if (world !== this.world) {
      this.world = world
      this.cache.clear()
    }
    const key = JSON.stringify(filters)
    let hit = this.cache.get(key)
    if (hit === undefined) {
      hit = world ? ((r) => (r.ok ? r.filter : null))(compileFilters(filters, world)) : compileWithoutWorld(filters)
      this.cache.set(key, hit)
    }
    return hit
  }
}

/** Whether filters name places or ship kinds, which only the static data can resolve. */
export function needsWorld(f: RouteFiltersShape): boolean {
  return Boolean(
    f.wspace_only ||
    [f.wormhole_classes, f.security, f.region_ids, f.constellation_ids, f.system_ids, f.victim_category_ids, f.victim_group_ids].some((l) => l?.length),
  )
}
export const EMPTY_WORLD: FilterWorld = { systems: [], types: [], groupIds: new Set(), categoryIds: new Set(), shattered: new Set() }

/** With no static data loaded, only filters that need none can be applied; a route with place or ship filters posts nothing. */
function compileWithoutWorld(f: RouteFiltersShape): CompiledFilter | null {
  if (needsWorld(f)) return null
  const r = compileFilters(f, EMPTY_WORLD)
  return r.ok ? r.filter : null
}
