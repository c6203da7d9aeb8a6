import { describe, expect, it } from 'vitest'
import { Catalog, type CatalogSource } from '../../../platform/catalog/catalog.js'
import type { SolarSystemRow } from '../../../schemas/static-data.js'
import { rankByName, rankBySeen, searchSystems } from './resolve.js'

const system = (solar_system_id: number, name: string): SolarSystemRow => ({
  solar_system_id,
  name,
  region_id: 1,
  region_name: 'R',
  constellation_id: 1,
  constellation_name: 'C',
  security: -1,
  class_id: 4,
  is_jspace: true,
  star_type_id: null,
  star_type_name: null,
  star_spectral_class: null,
  secondary_sun_type_id: null,
  effect: null,
  effect_beacon_type_id: null,
  effect_strength: null,
  planet_count: 0,
  moon_count: 0,
})

/** A catalog with only a few systems (names in J-space's own pattern; ids made up for the test). */
function catalogWith(systems: SolarSystemRow[]): Catalog {
  const empty = { types: [], groups: [], categories: [], marketGroups: [], attributes: [], typeAttributes: [], typeEffects: [], typeMaterials: [] }
  const more = {
    blueprints: [],
    blueprintMaterials: [],
    blueprintProducts: [],
    blueprintSkills: [],
    schematics: [],
    schematicTypes: [],
    planets: [],
    community: [],
  }
  return new Catalog({ importId: 1, sourceVersion: 'test', importedAt: '', summary: { community: [] }, ...empty, ...more, systems } as unknown as CatalogSource)
}

describe('system search', () => {
  const catalog = catalogWith([system(1, 'J100001'), system(2, 'J110001'), system(3, 'AJ10-X'), system(4, 'J10'), system(5, 'Thera')])

  it('ranks the exact name first, then names that start with the text, then names that contain it', () => {
    expect(searchSystems(catalog, 'j10').map((s) => s.name)).toEqual(['J10', 'J100001', 'AJ10-X'])
    expect(searchSystems(catalog, 'thera')).toEqual([{ id: 5, name: 'Thera' }])
    expect(searchSystems(catalog, 'zz')).toEqual([])
  })

  it('finds a system by id', () => {
    expect(searchSystems(catalog, '3')).toEqual([{ id: 3, name: 'AJ10-X' }])
  })

  it('caps the answer at 20', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: i, name: `Name ${i}` }))
    expect(rankByName(many, 'name')).toHaveLength(20)
  })
})

describe('stored names ranking', () => {
  it('puts the exact name first, then the most seen on stored kills, then names that start with the text', () => {
    const names = [
      { id: 1, name: 'Hard Knocks Citizens', kills: 1 },
      { id: 2, name: 'Knock', kills: 0 },
      { id: 3, name: 'Hard Knocks Academy', kills: 7 },
      { id: 4, name: 'Knockers Ltd', kills: 1 },
      { id: 5, name: 'Other', kills: 99 },
    ]
    expect(rankBySeen(names, 'KNOCK').map((n) => n.id)).toEqual([2, 3, 4, 1])
    expect(rankBySeen(names, 'knocks').map((n) => n.id)).toEqual([3, 1])
    expect(rankBySeen(names, 'knock', 2)).toHaveLength(2)
  })
})
