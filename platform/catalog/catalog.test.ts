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

describe('dogma values in the catalog', () => {
  const attributes = [
    { attribute_id: 9, name: 'hp', display_name: 'Structure Hitpoints', unit_id: 1, default_value: 0, high_is_good: true, stackable: true },
    { attribute_id: 37, name: 'maxVelocity', display_name: 'Maximum Velocity', unit_id: 11, default_value: 0, high_is_good: true, stackable: true },
    { attribute_id: 4, name: 'mass', display_name: 'Mass', unit_id: 2, default_value: 7, high_is_good: true, stackable: true },
  ]

  it('answers the same whether the values come one per row or grouped by type, and falls back to the default', () => {
    const rows = new Catalog(
      catalogSource({
        attributes,
        typeAttributes: [
          [587, 9, 350],
          [587, 37, 365],
          [588, 9, 1],
        ],
      }),
    )
    const grouped = new Catalog(
      catalogSource({
        attributes,
        typeDogma: [
          [587, [9, 37], [350, 365]],
          [588, [9], [1]],
        ],
      }),
    )
    for (const c of [rows, grouped]) {
      expect(c.attribute(587, 'hp')).toBe(350)
      expect(c.attribute(587, 'maxVelocity')).toBe(365)
      expect(c.attribute(588, 'hp')).toBe(1)
      expect(c.attribute(588, 'mass')).toBe(7) // the attribute's default
      expect(c.attribute(588, 'maxVelocity')).toBe(0)
      expect(c.dogmaValue(588, 37)).toBeUndefined()
      expect([...c.dogma(587)].sort((a, b) => a[0] - b[0])).toEqual([
        [9, 350],
        [37, 365],
      ])
      expect(c.dogma(1).size).toBe(0)
    }
  })

  it('merges grouped rows that name a type or an attribute twice, the last value winning, as loose rows do', () => {
    const twice = new Catalog(
      catalogSource({
        attributes,
        typeDogma: [
          [587, [9, 9], [300, 350]],
          [588, [9], [1]],
          [588, [37], [2]],
        ],
      }),
    )
    expect(twice.dogmaValue(587, 9)).toBe(350)
    expect(twice.dogma(587).size).toBe(1)
    expect([...twice.dogma(588)].sort((a, b) => a[0] - b[0])).toEqual([
      [9, 1],
      [37, 2],
    ])
  })

  it('keeps fractions and large values exactly', () => {
    const c = new Catalog(catalogSource({ attributes, typeDogma: [[34, [4, 9], [0.01, 5_000_000_000]]] }))
    expect(c.attribute(34, 'mass')).toBe(0.01)
    expect(c.attribute(34, 'hp')).toBe(5_000_000_000)
  })
})
