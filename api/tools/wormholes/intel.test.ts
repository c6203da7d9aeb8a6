import { describe, expect, it } from 'vitest'
import type { CommunityData } from '../../../schemas/community.js'
import type { WormholeTypeInfo } from '../../../schemas/wormholes.js'
import { sitesFor, typeDetail, wanderingFor } from './intel.js'

const type = (code: string, destination: string, total: number): WormholeTypeInfo => ({
  code,
  destinations: [destination],
  total_mass: total,
  max_jump_mass: 375e6,
  lifetime_hours: 16,
  mass_regen: null,
  static: true,
  community: { total_mass: null, max_jump_mass: null, lifetime_hours: null, mass_regen: null },
  sde: [],
  disagreements: [],
})
const types = new Map([type('C140', 'ls', 3e9), type('Z142', 'ns', 3e9), type('H296', 'c5', 3.3e9)].map((t) => [t.code, t]))
const wandering: CommunityData['wormholeWandering'] = { C5: ['D792', 'C140', 'Z142'], C6: ['C140', 'Z142', 'H296'], C13: [] }

describe('wandering holes of a class', () => {
  it('lists the codes of the class in order, with their type data (null for a code the type data lacks)', () => {
    expect(wanderingFor('C5', wandering, types)).toEqual([
      { code: 'C140', type: types.get('C140') },
      { code: 'D792', type: null },
      { code: 'Z142', type: types.get('Z142') },
    ])
  })
  it('is empty for a class with none listed, and null when the data set is missing', () => {
    expect(wanderingFor('C13', wandering, types)).toEqual([])
    expect(wanderingFor('Vidette', wandering, types)).toEqual([])
    expect(wanderingFor('C5', null, types)).toBeNull()
  })
})

describe('sites of a class', () => {
  const wave = { number: 1, label: 'Wave 1', npcs: [] }
  const community = {
    sleeperSites: [
      { name: 'Core Garrison', siteType: 'combat' as const, blueLootIsk: 60e6, class: 'C3' as const, waves: [wave] },
      { name: 'Forgotten Frontier Quarantine Outpost', siteType: 'relic' as const, blueLootIsk: null, class: 'C3' as const, waves: [wave] },
      { name: 'Core Citadel', siteType: 'combat' as const, blueLootIsk: 200e6, class: 'C5' as const, waves: [wave] },
    ],
    gasSites: [
      { name: 'Barren Perimeter Reservoir', siteType: 'gas' as const, blueLootIsk: 2e6, classes: ['C1', 'C3'], resourceValueIsk: 82_432_500, gases: [] },
    ],
    oreSites: [{ name: 'Average Frontier Deposit', siteType: 'ore' as const, blueLootIsk: 4.2e6, classes: ['C5'], ores: [] }],
  } as unknown as Pick<CommunityData, 'sleeperSites' | 'gasSites' | 'oreSites'>
  it('gives the sleeper sites of the class with blue loot, and the gas and ore sites that spawn in it with their resource value', () => {
    expect(sitesFor('C3', community)).toEqual([
      { kind: 'combat', name: 'Core Garrison', site_class: 'C3', blue_loot_isk: 60e6, resource_isk: null },
      { kind: 'relic', name: 'Forgotten Frontier Quarantine Outpost', site_class: 'C3', blue_loot_isk: null, resource_isk: null },
      { kind: 'gas', name: 'Barren Perimeter Reservoir', site_class: 'C3', blue_loot_isk: 2e6, resource_isk: 82_432_500 },
    ])
    // an ore site without a resource value in the data says so (null), rather than 0
    expect(sitesFor('C5', community)!.find((s) => s.kind === 'ore')).toMatchObject({ resource_isk: null, blue_loot_isk: 4.2e6 })
  })
  it('is empty for a class the data does not cover, and null when no site data set loaded', () => {
    expect(sitesFor('C13', community)).toEqual([])
    expect(sitesFor('C3', { sleeperSites: null, gasSites: null, oreSites: null })).toBeNull()
  })
})

describe('a wormhole type by code', () => {
  it('counts the systems that have it as a static by class, and names the classes it wanders into', () => {
    const systems = [
      { class_label: 'C6', statics: ['H296'] },
      { class_label: 'C5', statics: ['H296', 'C140'] },
      { class_label: 'C5', statics: ['H296'] },
      { class_label: 'C3', statics: ['D845'] },
    ]
    expect(typeDetail(types.get('H296')!, systems, wandering)).toEqual({
      type: types.get('H296'),
      static_in: [
        { class_label: 'C5', systems: 2 },
        { class_label: 'C6', systems: 1 },
      ],
      wandering_in: ['C6'],
    })
    expect(typeDetail(types.get('C140')!, systems, null).wandering_in).toBeNull()
  })
})
