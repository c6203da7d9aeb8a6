import { describe, expect, it } from 'vitest'
import { ReactionRequest } from '../../../schemas/reactions.js'
import { AGES, hubRow, SDE_BONUSES } from '../industry/testing/fixtures.js'
import { calcReaction, type ReactionData } from './calc.js'
import type { ReactionBlueprint } from './families.js'

// Methanofullerene Reaction Formula (46157) as the SDE has it.
const METHANOFULLERENE: ReactionBlueprint = {
  blueprintID: 46157,
  blueprintName: 'Methanofullerene Reaction Formula',
  rigFamily: 'polymer',
  family: 'hybrid',
  seconds: 10_800,
  materials: [
    { typeId: 4246, quantity: 5 }, // Hydrogen Fuel Block
    { typeId: 30372, quantity: 100 }, // Fullerite-C70
    { typeId: 30373, quantity: 100 }, // Fullerite-C72
    { typeId: 37, quantity: 300 }, // Isogen
  ],
  products: [{ typeId: 30306, quantity: 160 }], // Methanofullerene
}
const NAMES: Record<number, string> = { 4246: 'Hydrogen Fuel Block', 30372: 'Fullerite-C70', 30373: 'Fullerite-C72', 37: 'Isogen', 30306: 'Methanofullerene' }
const HUB = new Map([
  [4246, hubRow(4246, 20_000, 18_000)],
  [30372, hubRow(30372, 900, 850)],
  [30373, hubRow(30373, 1_000, 950)],
  [37, hubRow(37, 200, 190)],
  [30306, hubRow(30306, 2_000, 1_900)],
])
const ADJUSTED: Record<number, number> = { 4246: 19_000, 30372: 880, 30373: 980, 37: 195 }

const data = (overrides: Partial<ReactionData> = {}): ReactionData => ({
  name: (id) => NAMES[id],
  hubPrice: (id) => HUB.get(id),
  adjustedPrice: (id) => ADJUSTED[id] ?? null,
  bonuses: SDE_BONUSES,
  ages: AGES,
  ...overrides,
})
const request = (fields: Partial<ReactionRequest> = {}) => ReactionRequest.parse({ blueprintID: 46157, ...fields })

describe('reaction profit', () => {
  it("the spec's defaults: buy inputs at sell, sell outputs at buy, no bonuses, no taxes but the SCC surcharge", () => {
    const r = calcReaction(request(), METHANOFULLERENE, data())
    expect(r.inputs.map((i) => i.quantity)).toEqual([5, 100, 100, 300])
    // 5 × 20,000 + 100 × 900 + 100 × 1,000 + 300 × 200
    expect(r.inputCost).toBe(350_000)
    expect(r.outputs).toEqual([{ typeID: 30306, name: 'Methanofullerene', quantity: 160 }])
    expect(r.outputValue).toBe(304_000) // 160 × 1,900
    // EIV = 5 × 19,000 + 100 × 880 + 100 × 980 + 300 × 195 = 339,500; SCC 4% = 13,580
    expect(r.estimatedItemValue).toBe(339_500)
    expect([r.jobInstallCost, r.facilityTax, r.sccTax, r.totalTaxes]).toEqual([0, 0, 13_580, 13_580])
    expect(r.profit).toBe(304_000 - 350_000 - 13_580)
    expect(r.time).toEqual({ baseSecondsPerRun: 10_800, secondsPerRun: 10_800, totalSeconds: 10_800 })
    expect(r.prices['30306']).toEqual({ sell: 2_000, buy: 1_900, split: 1_950, sell5: 2_000, buy5: 1_900 })
    expect(r.missingPrices).toEqual([])
  })

  it('a Tatara in a wormhole with T2 rigs, Reactions V, index 5%, facility tax 1%', () => {
    const r = calcReaction(
      request({
        structureType: 'Tatara',
        meRig: 'T2',
        teRig: 'T2',
        reactionSkill: 5,
        systemCostIndex: 0.05,
        facilityTaxPercent: 1,
        securityStatus: 'wormhole',
      }),
      METHANOFULLERENE,
      data(),
    )
    // material factor 1 − 2.4% × 1.1 = 0.9736: 4.868 → 5, 97.36 → 98, 292.08 → 293
    expect(r.materialMultiplier).toBeCloseTo(0.9736, 12)
    expect(r.inputs.map((i) => i.quantity)).toEqual([5, 98, 98, 293])
    expect(r.inputCost).toBe(5 * 20_000 + 98 * 900 + 98 * 1_000 + 293 * 200) // 344,800
    // the EIV uses base quantities, so rigs do not lower the taxes
    expect(r.jobInstallCost).toBe(16_975) // 339,500 × 5%
    expect(r.facilityTax).toBe(3_395)
    expect(r.sccTax).toBe(13_580)
    expect(r.totalTaxes).toBe(33_950)
    expect(r.profit).toBe(304_000 - 344_800 - 33_950)
    // 10,800 × (1 − 0.2) × 0.75 × (1 − 24% × 1.1) = 4,769.28 s
    expect(r.time.secondsPerRun).toBe(4_769)
  })

  it('low-sec rigs get no security bonus; more runs round over the whole job', () => {
    const r = calcReaction(request({ meRig: 'T1', securityStatus: 'low', runs: 10 }), METHANOFULLERENE, data())
    // 1 − 2% = 0.98: 49, 980, 980, 2940
    expect(r.inputs.map((i) => i.quantity)).toEqual([49, 980, 980, 2_940])
    expect(r.outputs[0].quantity).toBe(1_600)
    expect(r.estimatedItemValue).toBe(3_395_000)
  })

  it('prices in the chosen modes: split inputs, sell outputs', () => {
    const r = calcReaction(request({ inputPricingMode: 'split', outputPricingMode: 'sell' }), METHANOFULLERENE, data())
    expect(r.inputCost).toBe(5 * 19_000 + 100 * 875 + 100 * 975 + 300 * 195)
    expect(r.outputValue).toBe(320_000)
  })

  it('counts a price the hub lacks as 0 and lists it, for the page to flag', () => {
    const hub = new Map(HUB)
    hub.set(37, hubRow(37, null, 190))
    hub.delete(30306)
    const r = calcReaction(request(), METHANOFULLERENE, data({ hubPrice: (id) => hub.get(id) }))
    expect(r.inputCost).toBe(350_000 - 300 * 200)
    expect(r.outputValue).toBe(0)
    expect(r.missingPrices).toEqual([
      { typeID: 37, name: 'Isogen', side: 'input' },
      { typeID: 30306, name: 'Methanofullerene', side: 'output' },
    ])
    expect(r.prices['37']).toEqual({ sell: null, buy: 190, split: null, sell5: null, buy5: 190 })
  })

  it('leaves inputs without an ESI adjusted price out of the EIV and lists them', () => {
    const r = calcReaction(request(), METHANOFULLERENE, data({ adjustedPrice: (id) => (id === 4246 ? null : ADJUSTED[id]) }))
    expect(r.estimatedItemValue).toBe(339_500 - 95_000)
    expect(r.missingAdjustedPrices).toEqual([4246])
  })
})

describe('reaction request', () => {
  it("fills the spec's defaults", () => {
    expect(request()).toEqual({
      blueprintID: 46157,
      station: 60003760,
      inputPricingMode: 'sell',
      outputPricingMode: 'buy',
      reactionSkill: 0,
      structureType: 'Station',
      meRig: 'None',
      teRig: 'None',
      systemCostIndex: 0,
      facilityTaxPercent: 0,
      securityStatus: 'wormhole',
      runs: 1,
    })
  })

  it('refuses high-sec, skills above 5 and negative indices', () => {
    expect(ReactionRequest.safeParse({ blueprintID: 46157, securityStatus: 'high' }).success).toBe(false)
    expect(ReactionRequest.safeParse({ blueprintID: 46157, reactionSkill: 6 }).success).toBe(false)
    expect(ReactionRequest.safeParse({ blueprintID: 46157, systemCostIndex: -0.1 }).success).toBe(false)
  })
})
