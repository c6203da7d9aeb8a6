import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { Wormhole } from '../../../schemas/wormholes.js'
import { classLabel, drifterName, THERA_CLASS } from '../../../schemas/wormhole-classes.js'

export { classLabel, drifterName, THERA_CLASS }

/** Every J-space system but Thera, with statics from community data (empty when that data set is missing). */
export function buildWormholeList(catalog: Catalog): Wormhole[] {
  const statics = new Map((catalog.community.wormholeSystems ?? []).map((s) => [s.solarSystemID, s.statics]))
  const list: Wormhole[] = []
  for (const s of catalog.systems.values()) {
    if (!s.is_jspace || s.class_id === null || s.class_id === THERA_CLASS) continue
    list.push({
      jcode: s.name,
      solarsystemid: s.solar_system_id,
      class: s.class_id,
      class_label: classLabel(s.class_id),
      region: s.region_name,
      constellation: s.constellation_name,
      effect: s.effect,
      effect_strength: s.effect_strength,
      effect_beacon_type_id: s.effect_beacon_type_id,
      statics: statics.get(s.solar_system_id) ?? [],
      planets: catalog
        .planets(s.solar_system_id)
        .map((p) => ({ planet_id: p.planet_id, name: p.name, type_id: p.type_id, type_name: p.type_name, moon_count: p.moon_count })),
      star_type_id: s.star_type_id,
      star_name: s.star_type_name,
      star_spectral_class: s.star_spectral_class,
    })
  }
  return list.sort((a, b) => a.jcode.localeCompare(b.jcode))
}
