import { describe, expect, it } from 'vitest'
import type { SolarSystemRow } from '../../schemas/static-data.js'
import { Catalog } from './catalog.js'
import { catalogSource } from './testing.js'

const system = (solar_system_id: number, name: string): SolarSystemRow => ({
  solar_system_id,
  name,
  region_id: 10000002,
  region_name: 'The Forge',
  constellation_id: 20000020,
  constellation_name: 'Kimotoro',
  security: 0.9,
  class_id: 7,
  is_jspace: false,
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

describe('the stargate graph in the catalog', () => {
  const catalog = new Catalog(
    catalogSource({
      systems: [system(30000142, 'Jita'), system(30000144, 'Perimeter'), system(30000140, 'Maurasi'), system(31000005, 'Thera')],
      // Jita ↔ Perimeter has one gate each way; two gates from Jita to Maurasi count once.
      stargates: [
        [30000142, 30000144],
        [30000144, 30000142],
        [30000142, 30000140],
        [30000142, 30000140],
        [30000140, 30000142],
      ],
    }),
  )

  it('lists the systems one jump away, once each, ascending', () => {
    expect(catalog.jumpNeighbours(30000142)).toEqual([30000140, 30000144])
    expect(catalog.jumpNeighbours(30000144)).toEqual([30000142])
  })

  it('has no neighbours for a system without gates or an unknown id', () => {
    expect(catalog.jumpNeighbours(31000005)).toEqual([])
    expect(catalog.jumpNeighbours(1)).toEqual([])
  })

  it('finds a system id by name, whatever the case', () => {
    expect(catalog.systemIdByName('jita')).toBe(30000142)
    expect(catalog.systemIdByName(' PERIMETER ')).toBe(30000144)
    expect(catalog.systemIdByName('Nowhere')).toBeNull()
  })
})
