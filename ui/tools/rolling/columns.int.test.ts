import { describe, expect, inject, it } from 'vitest'
import type { WormholeTypeInfo } from '../../../schemas/wormholes.js'
import { assignColumns, SPEC_CODES } from './columns.js'

const base = inject('appUrl')
const codesIn = (a: ReturnType<typeof assignColumns>, gg: number) => a.columns.get(gg)!.map((t) => t.code)

describe('rolling columns from the wormhole type data', () => {
  it('places every listed code by its total mass; the data wins over the spec list', async () => {
    const types = (await (await fetch(`${base}/api/wormhole-types`)).json()) as WormholeTypeInfo[]
    const a = assignColumns(types)
    for (const [gg, list] of a.columns) for (const t of list) expect(t.total_mass, t.code).toBe(gg * 1e6)
    expect(codesIn(a, 1000)).toEqual(['D364', 'M267', 'O128', 'X702'])
    // listed under 3000Gg by the spec, 3300Gg in the data
    for (const code of ['U319', 'N944', 'S199', 'N432']) expect(codesIn(a, 3300), code).toContain(code)
    // listed under 3300Gg by the spec, 3000Gg in the data
    for (const code of ['B520', 'D792']) expect(codesIn(a, 3000), code).toContain(code)
    // listed under both 2000 and 3000Gg: 2000Gg only
    for (const code of ['A641', 'B274']) {
      expect(codesIn(a, 2000)).toContain(code)
      expect(codesIn(a, 3000)).not.toContain(code)
    }
    expect(a.notInData).toEqual(['Q877'])
    // K329: 5,000,000,000 kg in the bundled SDE (the community data says 3,000,000,000), in none of the four columns
    expect(a.otherMass.map((t) => [t.code, t.total_mass])).toEqual([['K329', 5e9]])
    expect(a.moved.map((m) => m.code).sort()).toEqual(['A641', 'B274', 'B520', 'D792', 'K329', 'N290', 'N432', 'N944', 'S199', 'U319'])
    const unique = new Set(Object.values(SPEC_CODES).flat())
    expect([...a.columns.values()].flat().length + a.notInData.length + a.otherMass.length).toBe(unique.size)
  })

  it('follows the data when a mass changes', () => {
    const type = (code: string, total_mass: number | null): WormholeTypeInfo => ({
      code,
      destinations: ['c5'],
      total_mass,
      max_jump_mass: 375e6,
      lifetime_hours: 16,
      mass_regen: 0,
      static: true,
      community: { total_mass: null, max_jump_mass: null, lifetime_hours: null, mass_regen: null },
      sde: [],
      disagreements: [],
    })
    const a = assignColumns([type('D364', 3.3e9), type('H296', 1.5e9), type('C247', null)])
    expect(codesIn(a, 3300)).toEqual(['D364'])
    expect(a.otherMass.map((t) => t.code)).toEqual(['H296'])
    expect(a.notInData).toContain('C247')
  })
})
