import { describe, expect, it } from 'vitest'
import { calculatePi, productRow, taxBaseByTier, type UnitPrices } from './calc.js'
import { buildChains } from './chains.js'
import { fixtureSource, piTypeId as id } from './testing.js'

/** Hand-built Jita prices: [lowest sell, highest buy] per unit. */
const PRICES: Record<string, [number | null, number | null]> = {
  'Aqueous Liquids': [2, 1],
  'Ionic Solutions': [3, 2],
  'Base Metals': [1.5, 1],
  'Heavy Metals': [2.5, 2],
  'Non-CS Crystals': [4, 3],
  'Felsic Magma': [1, 0.5],
  'Complex Organisms': [3.5, 3],
  'Carbon Compounds': [2, 1.5],
  Microorganisms: [1.2, 1],
  'Planktic Colonies': [2.8, 2],
  Water: [500, 450],
  Electrolytes: [600, 520],
  Coolant: [12_000, 11_000],
  'Smartfab Units': [50_000, 45_000],
  Vaccines: [70_000, 60_000],
  'Sterile Conduits': [1_500_000, 1_350_000],
}
const lookup = (prices: Record<string, [number | null, number | null]>) => {
  const byId = new Map<number, UnitPrices>(Object.entries(prices).map(([name, [sellMin, buyMax]]) => [id(name), { sellMin, buyMax }]))
  return (typeId: number) => byId.get(typeId)
}

const index = buildChains(fixtureSource())
const row = (name: string, options: Parameters<typeof productRow>[3], prices = PRICES) =>
  productRow(index.chains.get(id(name))!, index, lookup(prices), options)

describe('P1 worked example: Water, sell mode, 10% POCO tax', () => {
  const water = row('Water', { marketMode: 'sell', taxRate: 10, p0Source: 'market' })

  it('values the batch of 20 at the lowest sell order', () => {
    expect(water.quantity).toBe(20)
    expect(water.lowestSeller).toBe(500)
    expect(water.highestBuyer).toBe(450)
    expect(water.valueBatch).toBe(20 * 500) // 10,000
  })

  it('Prev-This: 3,000 Aqueous Liquids bought at 2, imported at 5% of 5 ISK, 20 Water exported at 10% of 400 ISK', () => {
    // inputs 6,000; import tax 3,000 × 5 × 0.05 = 750; export tax 20 × 400 × 0.10 = 800
    expect(water.ingredients).toEqual([{ typeId: id('Aqueous Liquids'), name: 'Aqueous Liquids', tier: 0, quantity: 3000, unitPrice: 2, cost: 6000 }])
    expect(water.taxPrevThis).toBeCloseTo(1550, 9)
    expect(water.profitPrevThis).toBeCloseTo(10_000 - 6000 - 1550, 9) // 2,450
  })

  it('P0-This: the P0 never leaves its planet, so only the export of the Water is taxed', () => {
    expect(water.taxP0This).toBeCloseTo(800, 9)
    expect(water.profitP0This).toBeCloseTo(10_000 - 6000 - 800, 9) // 3,200
  })

  it('profit per hour: a 30-minute cycle runs twice an hour', () => {
    expect(water.cycleTime).toBe(1800)
    expect(water.profitPerHour).toBeCloseTo(2 * 2450, 9)
    expect(water.missing).toEqual([])
  })
})

describe('P0 extracted (the default source): raw materials cost nothing and never cross a customs office', () => {
  it('Water, sell mode, 10%: no P0 cost and no import tax, only the export of the 20 Water', () => {
    const water = row('Water', { marketMode: 'sell', taxRate: 10, p0Source: 'extracted' })
    // value 20 × 500 = 10,000; export 20 × 400 × 0.10 = 800; the 3,000 Aqueous Liquids cost 0 and are not imported
    expect(water.ingredients).toEqual([{ typeId: id('Aqueous Liquids'), name: 'Aqueous Liquids', tier: 0, quantity: 3000, unitPrice: 0, cost: 0 }])
    expect(water.taxPrevThis).toBeCloseTo(800, 9)
    expect(water.profitPrevThis).toBeCloseTo(9200, 9)
    expect(water.profitP0This).toBeCloseTo(9200, 9)
    expect(water.profitPerHour).toBeCloseTo(2 * 9200, 9)
  })

  it('Coolant, impatient, 10%: P0-This keeps the P1 moves but drops the 30,000 ISK of P0; Prev-This is unchanged (its inputs are P1)', () => {
    const coolant = row('Coolant', { marketMode: 'impatient', taxRate: 10, p0Source: 'extracted' })
    expect(coolant.rawMaterials.map((r) => r.cost)).toEqual([0, 0])
    expect(coolant.taxP0This).toBeCloseTo(8400, 9)
    expect(coolant.profitP0This).toBeCloseTo(55_000 - 8400, 9) // 46,600
    expect(coolant.profitPrevThis).toBeCloseTo(5800, 9)
  })

  it('gives a number where the market has no P0 price (market source: n/a with the reason)', () => {
    const noAqueous = { ...PRICES, 'Aqueous Liquids': [null, null] as [null, null] }
    const extracted = row('Water', { marketMode: 'sell', taxRate: 0, p0Source: 'extracted' }, noAqueous)
    expect([extracted.profitP0This, extracted.profitPrevThis, extracted.missing]).toEqual([10_000, 10_000, []])
    const bought = row('Water', { marketMode: 'sell', taxRate: 0, p0Source: 'market' }, noAqueous)
    expect([bought.profitP0This, bought.profitPrevThis]).toEqual([null, null])
    expect(bought.missingP0This).toEqual(['Aqueous Liquids (no sell orders)'])
  })
})

describe('P2 worked example: Coolant, impatient mode (inputs from sell orders, product to buy orders), 10% tax', () => {
  const coolant = row('Coolant', { marketMode: 'impatient', taxRate: 10, p0Source: 'market' })

  it('values 5 Coolant at the highest buy order', () => {
    expect(coolant.valueBatch).toBe(5 * 11_000) // 55,000
  })

  it('Prev-This: 40 Electrolytes at 600 + 40 Water at 500, imported at 5% of 400, exported at 10% of 7,200', () => {
    // inputs 24,000 + 20,000 = 44,000; import 80 × 400 × 0.05 = 1,600; export 5 × 7,200 × 0.10 = 3,600
    expect(coolant.ingredients.map((i) => [i.name, i.quantity, i.unitPrice, i.cost])).toEqual([
      ['Electrolytes', 40, 600, 24_000],
      ['Water', 40, 500, 20_000],
    ])
    expect(coolant.taxPrevThis).toBeCloseTo(5200, 9)
    expect(coolant.profitPrevThis).toBeCloseTo(55_000 - 44_000 - 5200, 9) // 5,800
    expect(coolant.profitPerHour).toBeCloseTo(5800, 9) // one 60-minute cycle an hour
  })

  it('P0-This: 6,000 Ionic Solutions at 3 + 6,000 Aqueous Liquids at 2; the 80 P1 exported and imported once', () => {
    // raw 18,000 + 12,000 = 30,000; P1 moves 80 × 400 × (0.10 + 0.05) = 4,800; export 3,600
    expect(coolant.rawMaterials.map((r) => [r.name, r.quantity, r.cost])).toEqual([
      ['Aqueous Liquids', 6000, 12_000],
      ['Ionic Solutions', 6000, 18_000],
    ])
    expect(coolant.taxP0This).toBeCloseTo(8400, 9)
    expect(coolant.profitP0This).toBeCloseTo(55_000 - 30_000 - 8400, 9) // 16,600
  })
})

describe('P4 worked example: Sterile Conduits, patient mode (inputs with buy orders, product with sell orders), 10% tax', () => {
  const sterile = row('Sterile Conduits', { marketMode: 'patient', taxRate: 10, p0Source: 'market' })

  it('Prev-This: 6 Smartfab Units at 45,000 + 6 Vaccines at 60,000 + 40 Water at 450', () => {
    // inputs 270,000 + 360,000 + 18,000 = 648,000
    // import 12 × 60,000 × 0.05 = 36,000 and 40 × 400 × 0.05 = 800; export 1 × 1,200,000 × 0.10 = 120,000 → 156,800
    expect(sterile.valueBatch).toBe(1_500_000)
    expect(sterile.taxPrevThis).toBeCloseTo(156_800, 6)
    expect(sterile.profitPrevThis).toBeCloseTo(1_500_000 - 648_000 - 156_800, 6) // 695,200
  })

  it('P0-This: 24,000 of each of eight P0 and 6,000 Aqueous Liquids at buy prices; every intermediate moved once', () => {
    // raw 24,000 × (1 + 2 + 3 + 0.5 + 3 + 1.5 + 1 + 2) = 336,000, plus 6,000 × 1 = 6,000 → 342,000
    // moves at 15%: 12 P3 × 60,000 = 108,000; 80 P2 × 7,200 = 86,400; 1,320 P1 × 400 = 79,200; export 120,000 → 393,600
    const rawCost = sterile.rawMaterials.reduce((s, r) => s + r.cost!, 0)
    expect(rawCost).toBeCloseTo(342_000, 6)
    expect(sterile.taxP0This).toBeCloseTo(393_600, 6)
    expect(sterile.profitP0This).toBeCloseTo(1_500_000 - 342_000 - 393_600, 6) // 764,400
    expect(sterile.profitPerHour).toBeCloseTo(695_200, 6)
  })
})

describe('market modes', () => {
  it('sell values everything at the lowest sell, buy at the highest buy', () => {
    const sell = row('Coolant', { marketMode: 'sell', taxRate: 0, p0Source: 'market' })
    const buy = row('Coolant', { marketMode: 'buy', taxRate: 0, p0Source: 'market' })
    expect(sell.valueBatch).toBe(60_000)
    expect(sell.profitPrevThis).toBe(60_000 - 40 * 600 - 40 * 500)
    expect(buy.valueBatch).toBe(55_000)
    expect(buy.profitPrevThis).toBe(55_000 - 40 * 520 - 40 * 450)
  })

  it('no tax at 0%', () => {
    const water = row('Water', { marketMode: 'sell', taxRate: 0, p0Source: 'market' })
    expect([water.taxPrevThis, water.taxP0This]).toEqual([0, 0])
  })

  it('50% tax doubles the 25% tax', () => {
    const at25 = row('Coolant', { marketMode: 'sell', taxRate: 25, p0Source: 'market' })
    const at50 = row('Coolant', { marketMode: 'sell', taxRate: 50, p0Source: 'market' })
    expect(at50.taxP0This).toBeCloseTo(2 * at25.taxP0This!, 9)
    expect(at50.taxPrevThis).toBeCloseTo(2 * at25.taxPrevThis!, 9)
  })
})

describe('missing data is said, never zero', () => {
  it('a missing input price leaves that profit empty and names the price', () => {
    const coolant = row('Coolant', { marketMode: 'sell', taxRate: 0, p0Source: 'market' }, { ...PRICES, Water: [null, 450] })
    expect(coolant.valueBatch).toBe(60_000)
    expect(coolant.profitPrevThis).toBeNull()
    expect(coolant.profitPerHour).toBeNull()
    expect(coolant.ingredients.find((i) => i.name === 'Water')).toMatchObject({ unitPrice: null, cost: null })
    // the P0 are all priced, so P0-This still stands
    expect(coolant.profitP0This).toBe(60_000 - 6000 * 3 - 6000 * 2)
    expect(coolant.missing).toEqual(['Water (no sell orders)'])
    expect([coolant.missingPrevThis, coolant.missingP0This]).toEqual([['Water (no sell orders)'], []])
  })

  it('names, for each profit, only the prices that stop it', () => {
    const coolant = row('Coolant', { marketMode: 'sell', taxRate: 0, p0Source: 'market' }, { ...PRICES, 'Aqueous Liquids': [null, 1] })
    expect(coolant.profitPrevThis).not.toBeNull()
    expect(coolant.profitP0This).toBeNull()
    expect([coolant.missingPrevThis, coolant.missingP0This]).toEqual([[], ['Aqueous Liquids (no sell orders)']])
  })

  it('a product without orders has no value and no profit', () => {
    const { Coolant: _, ...withoutCoolant } = PRICES
    const coolant = row('Coolant', { marketMode: 'buy', taxRate: 5, p0Source: 'market' }, withoutCoolant)
    expect([coolant.lowestSeller, coolant.highestBuyer, coolant.valueBatch, coolant.profitP0This, coolant.profitPrevThis]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect(coolant.missing).toEqual(['Coolant (no buy orders)'])
  })

  it('a missing customs value only matters when there is a tax', () => {
    const noBases = buildChains(fixtureSource({ taxBase: () => null }))
    const chain = noBases.chains.get(id('Water'))!
    const taxed = productRow(chain, noBases, lookup(PRICES), { marketMode: 'sell', taxRate: 10, p0Source: 'market' })
    expect(taxed.profitPrevThis).toBeNull()
    expect(taxed.missing).toContain('Water (no customs value in the SDE)')
    const untaxed = productRow(chain, noBases, lookup(PRICES), { marketMode: 'sell', taxRate: 0, p0Source: 'market' })
    expect(untaxed.profitPrevThis).toBe(10_000 - 6000)
  })
})

describe('the whole calculation', () => {
  it('keys products by tier, sorted by name', () => {
    const result = calculatePi(index, lookup(PRICES), { marketMode: 'sell', taxRate: 0, p0Source: 'market' })
    expect(result.P1.map((p) => p.name)).toEqual([
      'Bacteria',
      'Biofuels',
      'Biomass',
      'Chiral Structures',
      'Electrolytes',
      'Proteins',
      'Reactive Metals',
      'Silicon',
      'Toxic Metals',
      'Water',
    ])
    expect(result.P2.map((p) => p.name)).toEqual(['Construction Blocks', 'Coolant', 'Livestock', 'Miniature Electronics', 'Viral Agent'])
    expect(result.P3.map((p) => p.name)).toEqual(['Smartfab Units', 'Vaccines'])
    expect(result.P4.map((p) => p.name)).toEqual(['Sterile Conduits'])
  })

  it('reports the customs value per tier', () => {
    expect(taxBaseByTier(index)).toEqual({ P0: [5], P1: [400], P2: [7200], P3: [60000], P4: [1200000] })
  })
})
