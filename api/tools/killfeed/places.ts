import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { PlaceList, PlaceQuery } from '../../../schemas/killfeed.js'
import type { RouteFiltersShape } from '../../../schemas/killfeed-constants.js'
import { classLabel } from '../../../schemas/wormhole-classes.js'

const LIMIT = 20

/**
 * Names from the static data that contain the text (case-insensitive): names that start with it first, then the
 * shorter ones. Groups and categories are the published ones (what a victim's ship can be).
 */
export function searchPlaces(catalog: Catalog, query: PlaceQuery): PlaceList {
  const q = query.q.toLowerCase()
  const found: Array<{ id: number; name: string; detail: string }> = []
  const seen = new Set<number>()
  const add = (id: number, name: string, detail: string) => {
    if (seen.has(id) || !name.toLowerCase().includes(q)) return
    seen.add(id)
    found.push({ id, name, detail })
  }
  if (query.kind === 'group')
    for (const g of catalog.groups.values()) if (g.published) add(g.group_id, g.name, catalog.categories.get(g.category_id)?.name ?? '')
  if (query.kind === 'category') for (const c of catalog.categories.values()) if (c.published) add(c.category_id, c.name, '')
  for (const s of query.kind === 'region' || query.kind === 'constellation' || query.kind === 'system' ? catalog.systems.values() : []) {
    if (query.kind === 'region') add(s.region_id, s.region_name, '')
    if (query.kind === 'constellation') add(s.constellation_id, s.constellation_name, s.region_name)
    if (query.kind === 'system')
      add(s.solar_system_id, s.name, [s.is_jspace && s.class_id !== null ? classLabel(s.class_id) : s.security.toFixed(1), s.region_name].join(', '))
  }
  const rank = (name: string) => (name.toLowerCase().startsWith(q) ? 0 : 1)
  return found.sort((a, b) => rank(a.name) - rank(b.name) || a.name.length - b.name.length || a.name.localeCompare(b.name)).slice(0, LIMIT)
}

/** Names of the regions, constellations, systems, ship groups and categories filters name, by id (from the static data). */
export function placeNames(catalog: Catalog | null, f: RouteFiltersShape): Record<string, string> {
  const names: Record<string, string> = {}
  if (!catalog) return names
  const want = (ids: number[] | undefined) => new Set(ids ?? [])
  const regions = want(f.region_ids)
  const constellations = want(f.constellation_ids)
  const systems = want(f.system_ids)
  if (regions.size || constellations.size || systems.size)
    for (const s of catalog.systems.values()) {
      if (regions.has(s.region_id)) names[s.region_id] = s.region_name
      if (constellations.has(s.constellation_id)) names[s.constellation_id] = s.constellation_name
      if (systems.has(s.solar_system_id)) names[s.solar_system_id] = s.name
    }
  for (const id of f.victim_group_ids ?? []) {
    const g = catalog.groups.get(id)
    if (g) names[id] = g.name
  }
  for (const id of f.victim_category_ids ?? []) {
    const c = catalog.categories.get(id)
    if (c) names[id] = c.name
  }
  return names
}
