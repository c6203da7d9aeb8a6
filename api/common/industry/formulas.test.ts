import { describe, expect, it } from 'vitest'
import {
  estimatedItemValue,
  jobCost,
  materialMultiplier,
  materialQuantity,
  NPC_FACILITY_TAX,
  reactionSecondsPerRun,
  rigReduction,
  SCC_SURCHARGE,
  securityClassOf,
  type RigBonus,
} from './formulas.js'

// Rig numbers as the SDE has them (checked against the real catalog in routes.test.ts).
const REACTION_T2: RigBonus = { percent: 2.4, multipliers: { high: 1, low: 1, null: 1.1, wormhole: 1.1 } }
const ENGINEERING_T1: RigBonus = { percent: 2, multipliers: { high: 1, low: 1.9, null: 2.1, wormhole: 2.1 } }
const ENGINEERING_T2: RigBonus = { percent: 2.4, multipliers: { high: 1, low: 1.9, null: 2.1, wormhole: 2.1 } }

describe('security class', () => {
  it('follows the displayed (rounded) security: 0.45 and up is high, above 0 is low, J-space is wormhole', () => {
    expect(securityClassOf(0.9459, false)).toBe('high')
    expect(securityClassOf(0.45, false)).toBe('high')
    expect(securityClassOf(0.449, false)).toBe('low')
    expect(securityClassOf(0.04, false)).toBe('low') // shows as 0.1 in game
    expect(securityClassOf(0, false)).toBe('null')
    expect(securityClassOf(-0.35, false)).toBe('null')
    expect(securityClassOf(-0.99, true)).toBe('wormhole')
  })
})

describe('rig reduction', () => {
  it('multiplies the rig bonus by its security multiplier', () => {
    expect(rigReduction(REACTION_T2, 'wormhole')).toBeCloseTo(0.0264, 12) // 2.4% × 1.1
    expect(rigReduction(REACTION_T2, 'low')).toBeCloseTo(0.024, 12)
    expect(rigReduction(ENGINEERING_T1, 'low')).toBeCloseTo(0.038, 12) // 2% × 1.9
    expect(rigReduction(ENGINEERING_T2, 'null')).toBeCloseTo(0.0504, 12) // 2.4% × 2.1
    expect(rigReduction(null, 'null')).toBe(0)
  })
})

describe('material quantity', () => {
  // Methanofullerene (46157) per run: 5 Hydrogen Fuel Block, 100 Fullerite-C70, 100 Fullerite-C72, 300 Isogen.
  const wormholeT2 = materialMultiplier({ rig: rigReduction(REACTION_T2, 'wormhole') }) // 0.9736

  it('reaction inputs with a T2 rig in a wormhole: one run', () => {
    expect(wormholeT2).toBeCloseTo(0.9736, 12)
    expect(materialQuantity(5, 1, wormholeT2)).toBe(5) // 4.868 → 5
    expect(materialQuantity(100, 1, wormholeT2)).toBe(98) // 97.36 → 98
    expect(materialQuantity(300, 1, wormholeT2)).toBe(293) // 292.08 → 293
  })

  it('reaction inputs with a T2 rig in a wormhole: ten runs round once over the whole job', () => {
    expect(materialQuantity(5, 10, wormholeT2)).toBe(49) // 48.68 → 49
    expect(materialQuantity(100, 10, wormholeT2)).toBe(974) // 973.6 → 974
    expect(materialQuantity(300, 10, wormholeT2)).toBe(2921) // 2920.8 → 2921
  })

  it('manufacturing with ME 10 in a Raitaru with a T2 rig in null-sec', () => {
    const m = materialMultiplier({ me: 10, structure: 0.99, rig: rigReduction(ENGINEERING_T2, 'null') })
    expect(m).toBeCloseTo(0.9 * 0.99 * 0.9496, 12) // 0.8460936
    expect(materialQuantity(100, 1, m)).toBe(85) // 84.60936 → 84.61 → 85
    expect(materialQuantity(100, 10, m)).toBe(847) // 846.0936 → 846.09 → 847
  })

  it('never asks for less than one unit per run', () => {
    const me10 = materialMultiplier({ me: 10 })
    expect(materialQuantity(1, 1, me10)).toBe(1) // 0.9 → 1
    expect(materialQuantity(1, 10, me10)).toBe(10) // 9 → at least 10
    expect(materialQuantity(2, 10, me10)).toBe(18)
  })

  it('rounds to 2 decimals before the ceiling, so floating-point noise does not add a unit', () => {
    const m = materialMultiplier({ me: 8, rig: rigReduction(ENGINEERING_T1, 'high') }) // 0.92 × 0.98
    expect(375 * 10 * m).toBeGreaterThan(3381) // 3381.0000000000005 in floating point
    expect(materialQuantity(375, 10, m)).toBe(3381)
  })

  it('is zero for a zero base quantity', () => {
    expect(materialQuantity(0, 5, 1)).toBe(0)
  })
})

describe('estimated item value and job cost', () => {
  // Made-up adjusted prices for Methanofullerene's inputs: fuel block 20,000, C70 900, C72 1,000, Isogen 200.
  const lines = [
    { typeId: 4246, basePerRun: 5, adjustedPrice: 20_000 },
    { typeId: 30375, basePerRun: 100, adjustedPrice: 900 },
    { typeId: 30376, basePerRun: 100, adjustedPrice: 1_000 },
    { typeId: 37, basePerRun: 300, adjustedPrice: 200 },
  ]

  it('EIV is Σ adjusted price × base quantity × runs (ME and rigs do not change it)', () => {
    expect(estimatedItemValue(lines, 1)).toEqual({ value: 350_000, missing: [] })
    expect(estimatedItemValue(lines, 10).value).toBe(3_500_000)
  })

  it('leaves out and lists materials without an adjusted price', () => {
    expect(estimatedItemValue([...lines.slice(0, 3), { typeId: 37, basePerRun: 300, adjustedPrice: null }], 1)).toEqual({ value: 290_000, missing: [37] })
  })

  it('reaction job: index 5.12%, facility tax 1%, SCC 4%', () => {
    const cost = jobCost({ eiv: 3_500_000, costIndex: 0.0512, facilityTax: 0.01 })
    expect(cost.gross).toBeCloseTo(179_200, 6)
    expect(cost.facilityTax).toBeCloseTo(35_000, 6)
    expect(cost.scc).toBeCloseTo(140_000, 6)
    expect(cost.total).toBeCloseTo(354_200, 6)
  })

  it('manufacturing in an Azbel (4% job cost bonus) at an NPC-level facility tax', () => {
    const cost = jobCost({ eiv: 1_000_000, costIndex: 0.1, structureCost: 0.96, facilityTax: NPC_FACILITY_TAX })
    expect(cost.gross).toBeCloseTo(96_000, 6)
    expect(cost.facilityTax).toBeCloseTo(2_500, 6)
    expect(cost.scc).toBeCloseTo(40_000, 6)
    expect(cost.total).toBeCloseTo(138_500, 6)
  })

  it('the SCC surcharge is 4%', () => {
    expect(SCC_SURCHARGE).toBe(0.04)
  })
})

describe('reaction time', () => {
  it('3 h formula, Reactions V, Tatara, T2 time rig in a wormhole', () => {
    // 10800 × (1 − 0.04 × 5) × 0.75 × (1 − 0.264) = 4769.28 s
    expect(
      reactionSecondsPerRun({
        baseSeconds: 10_800,
        skillLevel: 5,
        skillPercentPerLevel: 4,
        structure: 0.75,
        rig: rigReduction({ ...REACTION_T2, percent: 24 }, 'wormhole'),
      }),
    ).toBeCloseTo(4769.28, 6)
  })

  it('no skill, no structure bonus, no rig: the blueprint time', () => {
    expect(reactionSecondsPerRun({ baseSeconds: 10_800, skillLevel: 0, skillPercentPerLevel: 4 })).toBe(10_800)
  })
})
