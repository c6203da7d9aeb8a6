import { Catalog, type Schematic } from '../../../platform/catalog/catalog.js'
import type { PiChainSource } from './chains.js'

/**
 * A hand-copied slice of the SDE planet schematics (ids, names, batches, cycle times and customs values as in the
 * SDE): Water and Electrolytes (P1), Coolant (P2), and the whole Sterile Conduits tree (P4: two P3, four P2,
 * nine P1, nine P0). Tests build chains from it without a database.
 */
const TYPES: Array<[id: number, name: string, customsValue: number]> = [
  [2268, 'Aqueous Liquids', 5],
  [2309, 'Ionic Solutions', 5],
  [2267, 'Base Metals', 5],
  [2272, 'Heavy Metals', 5],
  [2306, 'Non-CS Crystals', 5],
  [2307, 'Felsic Magma', 5],
  [2287, 'Complex Organisms', 5],
  [2288, 'Carbon Compounds', 5],
  [2073, 'Microorganisms', 5],
  [2286, 'Planktic Colonies', 5],
  [3645, 'Water', 400],
  [2390, 'Electrolytes', 400],
  [2398, 'Reactive Metals', 400],
  [2400, 'Toxic Metals', 400],
  [2401, 'Chiral Structures', 400],
  [9828, 'Silicon', 400],
  [2395, 'Proteins', 400],
  [2396, 'Biofuels', 400],
  [2393, 'Bacteria', 400],
  [3779, 'Biomass', 400],
  [9832, 'Coolant', 7200],
  [3828, 'Construction Blocks', 7200],
  [9842, 'Miniature Electronics', 7200],
  [3725, 'Livestock', 7200],
  [3775, 'Viral Agent', 7200],
  [2351, 'Smartfab Units', 60000],
  [28974, 'Vaccines', 60000],
  [2875, 'Sterile Conduits', 1200000],
]
const ID = Object.fromEntries(TYPES.map(([id, name]) => [name, id])) as Record<string, number>

/** The type id of a fixture type by name. */
export const piTypeId = (name: string): number => {
  const id = ID[name]
  if (id === undefined) throw new Error(`not in the PI fixture: ${name}`)
  return id
}

let nextSchematic = 1
const schematic = (output: string, batch: number, cycleTime: number, inputs: Array<[string, number]>): Schematic => ({
  schematicId: nextSchematic++,
  name: output,
  cycleTime,
  output: { typeId: piTypeId(output), quantity: batch },
  inputs: inputs.map(([name, quantity]) => ({ typeId: piTypeId(name), quantity })),
})
const p1 = (output: string, raw: string) => schematic(output, 20, 1800, [[raw, 3000]])
const p2 = (output: string, a: string, b: string) =>
  schematic(output, 5, 3600, [
    [a, 40],
    [b, 40],
  ])

export const FIXTURE_SCHEMATICS: Schematic[] = [
  p1('Water', 'Aqueous Liquids'),
  p1('Electrolytes', 'Ionic Solutions'),
  p1('Reactive Metals', 'Base Metals'),
  p1('Toxic Metals', 'Heavy Metals'),
  p1('Chiral Structures', 'Non-CS Crystals'),
  p1('Silicon', 'Felsic Magma'),
  p1('Proteins', 'Complex Organisms'),
  p1('Biofuels', 'Carbon Compounds'),
  p1('Bacteria', 'Microorganisms'),
  p1('Biomass', 'Planktic Colonies'),
  p2('Coolant', 'Electrolytes', 'Water'),
  p2('Construction Blocks', 'Reactive Metals', 'Toxic Metals'),
  p2('Miniature Electronics', 'Chiral Structures', 'Silicon'),
  p2('Livestock', 'Proteins', 'Biofuels'),
  p2('Viral Agent', 'Bacteria', 'Biomass'),
  schematic('Smartfab Units', 3, 3600, [
    ['Construction Blocks', 10],
    ['Miniature Electronics', 10],
  ]),
  schematic('Vaccines', 3, 3600, [
    ['Livestock', 10],
    ['Viral Agent', 10],
  ]),
  schematic('Sterile Conduits', 1, 3600, [
    ['Smartfab Units', 6],
    ['Water', 40],
    ['Vaccines', 6],
  ]),
]

export function fixtureSource(overrides: { schematics?: Schematic[]; taxBase?: (typeId: number) => number | null } = {}): PiChainSource {
  const names = new Map(TYPES.map(([id, name]) => [id, name]))
  const bases = new Map(TYPES.map(([id, , base]) => [id, base]))
  return {
    schematics: overrides.schematics ?? FIXTURE_SCHEMATICS,
    name: (id) => names.get(id) ?? `Type ${id}`,
    taxBase: overrides.taxBase ?? ((id) => bases.get(id) ?? null),
  }
}

/**
 * A real `Catalog` holding only the fixture: the types, their customs values as the SDE stores them (dogma
 * attributes 1640 importTaxMultiplier and 1641 exportTaxMultiplier) and the schematics.
 */
export function fixtureCatalog(importId = 1): Catalog {
  const attr = (attribute_id: number, name: string) => ({
    attribute_id,
    name,
    display_name: null,
    unit_id: null,
    default_value: 1,
    high_is_good: false,
    stackable: true,
  })
  return new Catalog({
    importId,
    sourceVersion: 'pi-fixture',
    importedAt: '2026-01-01T00:00:00Z',
    summary: { sdeVersion: 'pi-fixture', counts: {}, community: [], seconds: 0 },
    types: TYPES.map(([type_id, name]) => ({
      type_id,
      name,
      group_id: 1,
      category_id: 43,
      market_group_id: null,
      volume: 1,
      capacity: 0,
      mass: 0,
      portion_size: 1,
      base_price: null,
      published: true,
      meta_group_id: null,
    })),
    groups: [],
    categories: [],
    marketGroups: [],
    attributes: [attr(1640, 'importTaxMultiplier'), attr(1641, 'exportTaxMultiplier')],
    typeAttributes: TYPES.flatMap(([id, , base]): Array<[number, number, number]> => [
      [id, 1640, base],
      [id, 1641, base],
    ]),
    typeEffects: [],
    typeMaterials: [],
    blueprints: [],
    blueprintMaterials: [],
    blueprintProducts: [],
    blueprintSkills: [],
    schematics: FIXTURE_SCHEMATICS.map((s): [number, string, number] => [s.schematicId, s.name, s.cycleTime]),
    schematicTypes: FIXTURE_SCHEMATICS.flatMap((s): Array<[number, number, number, boolean]> => [
      [s.schematicId, s.output.typeId, s.output.quantity, false],
      ...s.inputs.map((i): [number, number, number, boolean] => [s.schematicId, i.typeId, i.quantity, true]),
    ]),
    systems: [],
    planets: [],
    community: [],
  })
}
