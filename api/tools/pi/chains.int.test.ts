import { describe, expect, it } from 'vitest'
import { buildChains } from './chains.js'
import { FIXTURE_SCHEMATICS, fixtureSource, piTypeId as id } from './testing.js'

const index = buildChains(fixtureSource())
const chain = (name: string) => index.chains.get(id(name))!
const asNames = (qs: Array<{ typeId: number; quantity: number }>) => Object.fromEntries(qs.map((q) => [index.name(q.typeId), q.quantity]))

describe('tiers from the schematic structure', () => {
  it('calls types no schematic makes P0 and every product one tier above its highest input', () => {
    expect(index.tiers.get(id('Aqueous Liquids'))).toBe(0)
    expect(chain('Water').tier).toBe(1)
    expect(chain('Coolant').tier).toBe(2)
    expect(chain('Smartfab Units').tier).toBe(3)
    // Sterile Conduits takes a P1 (Water) beside its two P3: still P4
    expect(chain('Sterile Conduits').tier).toBe(4)
    expect(index.chains.has(id('Aqueous Liquids'))).toBe(false)
    expect(index.chains.size).toBe(FIXTURE_SCHEMATICS.length)
  })

  it('refuses schematics that loop', () => {
    const loop = [
      { schematicId: 1, name: 'A', cycleTime: 60, output: { typeId: 1, quantity: 1 }, inputs: [{ typeId: 2, quantity: 1 }] },
      { schematicId: 2, name: 'B', cycleTime: 60, output: { typeId: 2, quantity: 1 }, inputs: [{ typeId: 1, quantity: 1 }] },
    ]
    expect(() => buildChains(fixtureSource({ schematics: loop }))).toThrow(/loop/)
  })
})

describe('what one batch takes', () => {
  it('P1: the batch and the P0 are the schematic itself', () => {
    const water = chain('Water')
    expect([water.batch, water.cycleTime]).toEqual([20, 1800])
    expect(asNames(water.inputs)).toEqual({ 'Aqueous Liquids': 3000 })
    expect(asNames(water.raw)).toEqual({ 'Aqueous Liquids': 3000 })
    expect(water.intermediates).toEqual([])
  })

  it('P2: 40 + 40 P1 per 5 Coolant; each 40 P1 is two P1 cycles of 3000 P0', () => {
    const coolant = chain('Coolant')
    expect(asNames(coolant.inputs)).toEqual({ Electrolytes: 40, Water: 40 })
    expect(asNames(coolant.raw)).toEqual({ 'Ionic Solutions': 6000, 'Aqueous Liquids': 6000 })
    expect(asNames(coolant.intermediates)).toEqual({ Electrolytes: 40, Water: 40 })
  })

  it('P4: Sterile Conduits goes down to eight P0 at 24,000 and 6,000 Aqueous Liquids', () => {
    // 6 Smartfab Units = 2 cycles = 20 Construction Blocks + 20 Miniature Electronics;
    // 20 P2 = 4 cycles = 160 + 160 P1; 160 P1 = 8 cycles = 24,000 P0. The 40 Water = 2 cycles = 6,000 Aqueous Liquids.
    const sterile = chain('Sterile Conduits')
    expect(asNames(sterile.inputs)).toEqual({ 'Smartfab Units': 6, Vaccines: 6, Water: 40 })
    const raw = asNames(sterile.raw)
    expect(raw['Aqueous Liquids']).toBeCloseTo(6000, 9)
    for (const p0 of [
      'Base Metals',
      'Heavy Metals',
      'Non-CS Crystals',
      'Felsic Magma',
      'Complex Organisms',
      'Carbon Compounds',
      'Microorganisms',
      'Planktic Colonies',
    ]) {
      expect(raw[p0]).toBeCloseTo(24000, 9)
    }
    expect(Object.keys(raw)).toHaveLength(9)
    const made = asNames(sterile.intermediates)
    expect(made['Smartfab Units']).toBeCloseTo(6, 9)
    expect(made['Construction Blocks']).toBeCloseTo(20, 9)
    expect(made['Reactive Metals']).toBeCloseTo(160, 9)
    expect(made['Water']).toBeCloseTo(40, 9)
    expect(Object.keys(made)).toHaveLength(2 + 4 + 9)
  })

  it('lists inputs by name, whatever order the schematic had', () => {
    expect(chain('Sterile Conduits').inputs.map((q) => index.name(q.typeId))).toEqual(['Smartfab Units', 'Vaccines', 'Water'])
  })
})
