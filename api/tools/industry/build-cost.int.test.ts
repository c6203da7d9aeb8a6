import { describe, expect, it } from 'vitest'
import { BuildCostQuery } from '../../../schemas/industry.js'
import { calcBuildCost, type BuildBlueprint, type BuildCostData, type BuildSystem } from './build-cost.js'
import { AGES, hubRow, SDE_BONUSES } from './testing/fixtures.js'

// A small hand-built blueprint: 1,000 Tritanium, 250 Pyerite and 1 Mexallon per run.
const BP: BuildBlueprint = {
  blueprintID: 999_001,
  blueprintName: 'Test Frigate Blueprint',
  materials: [
    { typeId: 34, quantity: 1_000 },
    { typeId: 35, quantity: 250 },
    { typeId: 36, quantity: 1 },
  ],
  products: [{ typeId: 587, quantity: 1 }],
}
const NULL_SEC: BuildSystem = { solar_system_id: 30_000_001, name: 'Null Test', security: -0.2, is_jspace: false }
const JITA: BuildSystem = { solar_system_id: 30000142, name: 'Jita', security: 0.9459, is_jspace: false }
const NAMES: Record<number, string> = { 34: 'Tritanium', 35: 'Pyerite', 36: 'Mexallon', 587: 'Test Frigate' }
const HUB = new Map([
  [34, hubRow(34, 4, 3.5)],
  [35, hubRow(35, 10, 9)],
  [36, hubRow(36, 50, null)],
  [587, hubRow(587, 90_000, 80_000)],
])
const ADJUSTED: Record<number, number> = { 34: 3.3, 35: 14, 36: 45 }

const data = (overrides: Partial<BuildCostData> = {}): BuildCostData => ({
  name: (id) => NAMES[id],
  hubPrice: (id) => HUB.get(id),
  adjustedPrice: (id) => ADJUSTED[id] ?? null,
  costIndex: 0.04,
  stationLabel: 'Jita 4-4',
  bonuses: SDE_BONUSES,
  ages: AGES,
  ...overrides,
})
const query = (fields: Record<string, string> = {}) => BuildCostQuery.parse({ blueprint: '999001', ...fields })

describe('build cost', () => {
  it('ME 10, Raitaru, T2 rig in null-sec, 5 runs, facility tax 1%', () => {
    const r = calcBuildCost(query({ me: '10', runs: '5', structure: 'Raitaru', rig: 'T2', facilityTax: '1' }), BP, NULL_SEC, data())
    // 0.9 × 0.99 × (1 − 2.4% × 2.1) = 0.8460936
    expect(r.materialMultiplier).toBeCloseTo(0.8460936, 12)
    expect(r.materials.map((m) => [m.typeID, m.adjustedQuantity])).toEqual([
      [34, 4_231], // 4230.468 → 4230.47 → 4231
      [35, 1_058], // 1057.617 → 1057.62 → 1058
      [36, 5], // 4.23 → 5, and at least 1 per run
    ])
    expect(r.materials[0]).toMatchObject({ name: 'Tritanium', baseQuantity: 1_000, price: { sell: 4, buy: 3.5 }, costSell: 16_924, adjustedPrice: 3.3 })
    expect(r.totalCost).toEqual({ sell: 16_924 + 10_580 + 250, buy: 4_231 * 3.5 + 1_058 * 9 })
    // EIV = (1,000 × 3.3 + 250 × 14 + 1 × 45) × 5 = 34,225; gross = 34,225 × 4% × 0.97
    expect(r.jobCost).toEqual({
      avg: 3_039.18,
      estimatedItemValue: 34_225,
      costIndex: 0.04,
      costIndexSource: 'system',
      gross: 1_327.93,
      facilityTax: 342.25,
      sccSurcharge: 1_369,
    })
    expect(r.products).toEqual([{ typeID: 587, name: 'Test Frigate', quantity: 5, price: { sell: 90_000, buy: 80_000 } }])
    expect(r.system).toEqual({ solar_system_id: 30_000_001, system_name: 'Null Test', security: -0.2, security_class: 'null' })
    expect(r.warnings).toEqual(['1 material(s) have no buy orders at Jita 4-4; they count as 0 in the buy total.'])
  })

  it("the spec's defaults: ME 0, 1 run, no structure bonus, Jita's index", () => {
    const r = calcBuildCost(query(), BP, JITA, data())
    expect(r).toMatchObject({ ME: 0, runs: 1, station: 60003760, structure: 'Non-Bonused Structure' })
    expect(r.materials.map((m) => m.adjustedQuantity)).toEqual([1_000, 250, 1])
    // EIV 6,845 × (4% + 0% + 4% SCC) = 547.60
    expect(r.jobCost.avg).toBe(547.6)
  })

  it('a job cost index override replaces the system index', () => {
    const r = calcBuildCost(query({ jobCostOverride: '0.1' }), BP, JITA, data())
    expect(r.jobCost).toMatchObject({ costIndex: 0.1, costIndexSource: 'override', gross: 684.5, avg: 958.3 })
  })

  it('says so when the system has no index, a structure cannot be there, or prices are missing', () => {
    const r = calcBuildCost(
      query({ structure: 'Sotiyo' }),
      BP,
      JITA,
      data({ costIndex: null, hubPrice: (id) => (id === 35 ? undefined : HUB.get(id)), adjustedPrice: (id) => (id === 36 ? null : ADJUSTED[id]) }),
    )
    expect(r.jobCost).toMatchObject({ costIndex: null, costIndexSource: 'missing', gross: 0 })
    expect(r.missingPrices).toEqual([35])
    expect(r.materials[1]).toMatchObject({ price: { sell: null, buy: null }, costSell: 0 })
    expect(r.missingAdjustedPrices).toEqual([36])
    expect(r.warnings).toEqual([
      'A Sotiyo cannot be anchored in high-security space (Jita).',
      'ESI has no manufacturing cost index for Jita; the job cost counts only the taxes. Enter a job cost index to override.',
      '1 material(s) have no ESI adjusted price and are left out of the estimated item value.',
      '1 material(s) have no sell orders at Jita 4-4; they count as 0 in the total.',
      '2 material(s) have no buy orders at Jita 4-4; they count as 0 in the buy total.',
    ])
  })

  it('says the data is not fetched yet, rather than missing in ESI or at the hub, before the first snapshots', () => {
    const ages = { pricesAt: null, adjustedPricesAt: null, costIndicesAt: null, sdeVersion: 'test' }
    const r = calcBuildCost(query(), BP, JITA, data({ costIndex: null, adjustedPrice: () => null, ages }))
    expect(r.jobCost.estimatedItemValue).toBe(0)
    expect(r.warnings).toEqual([
      'System cost indices have not been fetched from ESI yet; the job cost counts only the taxes. Enter a job cost index to override.',
      'Adjusted prices have not been fetched from ESI yet, so the estimated item value and the job cost are n/a.',
      'Prices at Jita 4-4 have not been loaded from ESI yet, so the material costs and the build cost are n/a.',
    ])
  })

  it('says a total is n/a, not 0, when no material has a price on that side', () => {
    const r = calcBuildCost(query(), BP, JITA, data({ hubPrice: () => undefined, adjustedPrice: () => null }))
    expect(r.missingPrices).toEqual([34, 35, 36])
    expect(r.warnings).toEqual([
      'No material has an ESI adjusted price, so the estimated item value and the job cost are n/a.',
      'No material has sell orders at Jita 4-4, so the materials total and the build cost are n/a.',
      'No material has buy orders at Jita 4-4, so the buy total is n/a.',
    ])
  })
})

describe('build cost query', () => {
  it('refuses ME above 10, zero runs and a negative override with a reason', () => {
    const issue = (fields: Record<string, string>) => BuildCostQuery.safeParse({ blueprint: '691', ...fields }).error?.issues[0].message
    expect(issue({ me: '11' })).toBe('me: material efficiency is 0 to 10')
    expect(issue({ runs: '0' })).toBe('runs: at least 1')
    expect(issue({ jobCostOverride: '-1' })).toBe('jobCostOverride: at least 0')
    expect(issue({ structure: 'Keepstar' })).toMatch(/Non-Bonused Structure/)
    expect(BuildCostQuery.parse({ blueprint: '691', jobCostOverride: '' }).jobCostOverride).toBeUndefined()
  })
})
