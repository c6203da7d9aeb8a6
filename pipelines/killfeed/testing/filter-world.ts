import type { FilterSystem, FilterWorld } from '../filters.js'

/**
 * A small world for the filter tests. Jita and Tanoo are the SDE's records (mapSolarSystems sample); the rest are
 * stand-ins with made-up ids in the SDE's shape (wormholeClassID 1-6, 12 Thera, 13, 14-18 Drifter). Types: Rifter
 * (587, group 25 Frigate), Rokh (24688, group 27 Battleship), both category 6 Ship; Astrahus (35832, group 1657
 * Citadel, category 65 Structure).
 */
const sys = (solar_system_id: number, over: Partial<FilterSystem>): FilterSystem => ({
  solar_system_id,
  name: `S${solar_system_id}`,
  region_id: 11000001,
  constellation_id: 21000001,
  security: -1,
  class_id: null,
  is_jspace: true,
  ...over,
})
export const JITA = sys(30000142, { name: 'Jita', region_id: 10000002, constellation_id: 20000020, security: 0.946, class_id: 7, is_jspace: false })
export const TANOO = sys(30000001, { name: 'Tanoo', region_id: 10000001, constellation_id: 20000001, security: 0.858, class_id: 7, is_jspace: false })
export const LOW = sys(30000900, { region_id: 10000001, constellation_id: 20000002, security: 0.35, class_id: 8, is_jspace: false })
export const EDGE = sys(30000901, { region_id: 10000001, constellation_id: 20000002, security: 0.05, class_id: 8, is_jspace: false })
export const NULL = sys(30000902, { region_id: 10000003, constellation_id: 20000003, security: -0.2, class_id: 9, is_jspace: false })
export const C2 = sys(31000101, { class_id: 2 })
export const C5 = sys(31000105, { class_id: 5, region_id: 11000005, constellation_id: 21000005 })
export const C6 = sys(31000106, { class_id: 6, region_id: 11000005, constellation_id: 21000006 })
export const THERA = sys(31000005, { class_id: 12, region_id: 11000031, constellation_id: 21000324 })
export const C13 = sys(31000113, { class_id: 13, region_id: 11000032 })
export const DRIFTER = sys(31000114, { class_id: 16, region_id: 11000033 })
export const SHATTERED_C4 = sys(31000104, { class_id: 4 })

export const world: FilterWorld = {
  systems: [JITA, TANOO, LOW, EDGE, NULL, C2, C5, C6, THERA, C13, DRIFTER, SHATTERED_C4],
  types: [
    { type_id: 587, group_id: 25, category_id: 6 },
    { type_id: 24688, group_id: 27, category_id: 6 },
    { type_id: 35832, group_id: 1657, category_id: 65 },
  ],
  groupIds: new Set([25, 27, 1657]),
  categoryIds: new Set([6, 65]),
  shattered: new Set([SHATTERED_C4.solar_system_id, C13.solar_system_id]),
}
