import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { Wormhole, WormholeList, WormholeSystem } from '../../../schemas/wormholes.js'
import { toListRow, WORMHOLE_LIST_COLUMNS } from '../../../schemas/wormhole-list.js'
import { classLabel, drifterName, isShattered, planetKind, THERA_CLASS } from '../../../schemas/wormhole-classes.js'

export { classLabel, drifterName, THERA_CLASS }

/** Every J-space system but Thera with all the dialog shows, statics from community data (empty when that data set is missing). */
export function buildWormholeSystems(catalog: Catalog): WormholeSystem[] {
  const statics = new Map((catalog.community.wormholeSystems ?? []).map((s) => [s.solarSystemID, s.statics]))
  const list: WormholeSystem[] = []
  for (const s of catalog.systems.values()) {
    if (!s.is_jspace || s.class_id === null || s.class_id === THERA_CLASS) continue
    const planets = catalog
      .planets(s.solar_system_id)
      .map((p) => ({ planet_id: p.planet_id, name: p.name, type_id: p.type_id, type_name: p.type_name, moon_count: p.moon_count }))
    const star = { star_name: s.star_type_name, star_spectral_class: s.star_spectral_class, planets }
    list.push({
      jcode: s.name,
      solarsystemid: s.solar_system_id,
      class: s.class_id,
      class_label: classLabel(s.class_id),
      effect: s.effect,
      statics: statics.get(s.solar_system_id) ?? [],
      planet_types: [...new Set(planets.map((p) => planetKind(p.type_name)))].sort(),
      star_type_id: s.star_type_id,
      shattered: isShattered(star),
      region: s.region_name,
      constellation: s.constellation_name,
      effect_strength: s.effect_strength,
      effect_beacon_type_id: s.effect_beacon_type_id,
      ...star,
    })
  }
  return list.sort((a, b) => a.jcode.localeCompare(b.jcode))
}

/** The list's row of a system: what the list shows and filters on (the rest loads with the dialog). */
export const listRow = (s: WormholeSystem): Wormhole => ({
  jcode: s.jcode,
  solarsystemid: s.solarsystemid,
  class: s.class,
  class_label: s.class_label,
  effect: s.effect,
  statics: s.statics,
  planet_types: s.planet_types,
  star_type_id: s.star_type_id,
  shattered: s.shattered,
})

/** The list answer: the rows as a table (see WormholeList). */
export const listTable = (systems: readonly WormholeSystem[]): WormholeList => ({
  columns: [...WORMHOLE_LIST_COLUMNS],
  rows: systems.map((s) => toListRow(listRow(s))),
})
