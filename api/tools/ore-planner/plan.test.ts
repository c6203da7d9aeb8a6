import { describe, expect, it } from 'vitest'
import type { StationPriceRow } from '../../../schemas/market.js'
import { MINERALS, refineYield, DEFAULT_REFINE_SETUP } from '../../../schemas/ore-planner-constants.js'
import type { PlanRequest } from '../../../schemas/ore-planner.js'
import type { PlannerOre } from './ores.js'
import { makePlan, unitPrice, type HubPrices } from './plan.js'
import { inProcessSearch } from './solver/branch-and-bound.js'
import { inProcessRunner } from './solver/mip.js'

const JITA = 60003760

/** Hand-built compressed ores (per-batch minerals before yield), not the SDE's. */
function ore(typeId: number, name: string, volume: number, minerals: Record<string, number>): PlannerOre {
  return {
    name: `Compressed ${name}`,
    typeIdCompressed: typeId,
    volumeCompressedM3: volume,
    group: 'simple',
    family: name,
    portionSize: 100,
    batchMinerals: minerals,
    batchYield: MINERALS.map((m) => minerals[m.name] ?? 0),
  }
}
const ORES = [
  ore(1, 'Cheapite', 0.02, { Tritanium: 400 }), // cheap, bulky
  ore(2, 'Densite', 0.001, { Tritanium: 400 }), // small, pricier
  ore(3, 'Mixite', 0.01, { Tritanium: 200, Pyerite: 200 }),
]

function prices(perUnit: Record<number, number | null>, minerals: Record<number, number> = { 34: 4, 35: 10 }): HubPrices {
  const row = (type_id: number, p: number | null): StationPriceRow => ({
    station_id: JITA,
    type_id,
    sell_min: p,
    buy_max: p === null ? null : p * 0.9,
    sell_5pct: p,
    buy_5pct: p === null ? null : p * 0.8,
    sell_orders: 1,
    buy_orders: 1,
    sell_volume: 1,
    buy_volume: 1,
    last_updated: new Date().toISOString(),
  })
  const rows = new Map([...Object.entries(perUnit), ...Object.entries(minerals)].map(([id, p]) => [Number(id), row(Number(id), p)]))
  return { rows: (_station, ids) => ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : [])), snapshotAt: () => new Date(Date.now() - 120_000) }
}

const plan = (req: Partial<PlanRequest> & Pick<PlanRequest, 'targets'>, hub = prices({ 1: 10, 2: 15, 3: 30 })) =>
  makePlan({ refineRate: 100, allowedOres: [1, 2, 3], strategy: { type: 'min_cost', station_id: JITA, price_field: 'sell_5pct' }, ...req } as PlanRequest, {
    ores: ORES,
    prices: hub,
    run: inProcessRunner,
    search: inProcessSearch,
    timeLimitMs: 5000,
    staleAfterSeconds: 3600,
  })

describe('makePlan', () => {
  it('min_cost buys the cheapest ore and reports rows, totals and the summary figures', async () => {
    const p = await plan({ targets: { Tritanium: 1000 } })
    expect(p.rows.map((r) => [r.name, r.batches, r.yields])).toEqual([['Compressed Cheapite', 3, { Tritanium: 1200 }]])
    expect(p.totals.Tritanium).toEqual({ target: 1000, produced: 1200, surplus: 200, shortfall: 0 })
    expect(p.summary).toEqual({
      batchesTotal: 3,
      oresM3: 6,
      targetedMineralsM3: 10,
      surplusMineralsM3: 2,
      allMineralsM3: 12,
      oresCostIsk: 3000,
      targetedValueIsk: 4000,
      surplusValueIsk: 800,
      allMineralsValueIsk: 4800,
    })
    expect(p.optimality).toMatchObject({ proven: true, measure: 'isk', value: 3000 })
    expect(p.warnings).toEqual([])
  })

  it('min_haul by m³ picks the small ore; by batches it counts batches', async () => {
    const m3 = await plan({ targets: { Tritanium: 1000 }, strategy: { type: 'min_haul', haul_mode: 'm3', station_id: JITA, price_field: 'sell_5pct' } })
    expect(m3.rows.map((r) => [r.name, r.batches])).toEqual([['Compressed Densite', 3]])
    const batches = await plan({
      targets: { Tritanium: 400, Pyerite: 400 },
      strategy: { type: 'min_haul', haul_mode: 'batches', station_id: JITA, price_field: 'sell_5pct' },
    })
    expect(batches.summary.batchesTotal).toBe(2)
  })

  it('blend weight 1 is min_cost and 0 is min_haul', async () => {
    const blend = (w: number) =>
      plan({ targets: { Tritanium: 1000 }, strategy: { type: 'blend', blend_weight: w, station_id: JITA, price_field: 'sell_5pct' } })
    expect((await blend(1)).rows[0].name).toBe('Compressed Cheapite')
    expect((await blend(0)).rows[0].name).toBe('Compressed Densite')
  })

  it('applies the refine rate per stack, rounding down, and reads a rate above 1 as percent', async () => {
    const p = await plan({ targets: { Tritanium: 1000 }, refineRate: 86.7 })
    // 400 × 0.867 = 346.8 → 3 batches give floor(1040.4) = 1040
    expect(p.rows[0]).toMatchObject({ batches: 3, yields: { Tritanium: 1040 } })
    expect(p.refineRate).toBeCloseTo(0.867, 9)
    expect((await plan({ targets: { Tritanium: 1000 }, refineRate: 0.867 })).rows[0].batches).toBe(3)
  })

  it('reports a mineral no allowed ore yields as a shortfall with a warning', async () => {
    const p = await plan({ targets: { Tritanium: 400, Morphite: 10 } })
    expect(p.totals.Morphite).toEqual({ target: 10, produced: 0, surplus: 0, shortfall: 10 })
    expect(p.warnings.some((w) => w.startsWith('No allowed ore yields Morphite'))).toBe(true)
    expect(p.rows).toHaveLength(1)
  })

  it('does not tell the player to allow an ore that is allowed but has no price', async () => {
    const unpriced = await plan({ targets: { Tritanium: 400, Pyerite: 100 } }, prices({ 1: 10, 2: 15, 3: null }))
    expect(unpriced.totals.Pyerite.shortfall).toBe(100)
    expect(unpriced.warnings).toContain('No allowed ore with a sell (5% average) price at Jita 4-4 yields Pyerite: 100 short.')
    const notAllowed = await plan({ targets: { Tritanium: 400, Pyerite: 100 }, allowedOres: [1, 2] })
    expect(notAllowed.warnings).toContain('No allowed ore yields Pyerite: 100 short. Allow Mixite to get it.')
  })

  it('a hauling plan that buys an unpriced ore says its cost is not shown, as the summary shows none', async () => {
    const p = await plan(
      { targets: { Tritanium: 1000 }, strategy: { type: 'min_haul', haul_mode: 'm3', station_id: JITA, price_field: 'sell_5pct' } },
      prices({ 1: 10, 2: null, 3: 30 }),
    )
    expect(p.rows.map((r) => [r.name, r.cost])).toEqual([['Compressed Densite', null]])
    expect(p.summary.oresCostIsk).toBeNull()
    expect(p.warnings).toEqual(['No sell (5% average) price at Jita 4-4 for Compressed Densite: the ore cost is not shown.'])
  })

  it('leaves out ores without a hub price, says so, and refuses unknown ores', async () => {
    const p = await plan({ targets: { Tritanium: 1000 } }, prices({ 1: null, 2: 15, 3: 30 }))
    expect(p.rows.map((r) => r.name)).toEqual(['Compressed Densite'])
    expect(p.warnings[0]).toMatch(/^No sell \(5% average\) price at Jita 4-4 for Compressed Cheapite: left out of the plan\.$/)
    await expect(plan({ targets: { Tritanium: 1 }, allowedOres: [1, 'Unobtanium'] })).rejects.toThrow(/'Unobtanium'/)
  })

  it('without a price snapshot, refuses cost plans saying why and where to look, and still plans hauling', async () => {
    const none: HubPrices = { rows: () => [], snapshotAt: () => null }
    await expect(plan({ targets: { Tritanium: 1000 } }, none)).rejects.toMatchObject({
      status: 503,
      message: 'No market prices for Jita 4-4 yet: the market data has not arrived from ESI (see the Status page). Prioritize Hauling plans without prices.',
    })
    const haul = await plan({ targets: { Tritanium: 1000 }, strategy: { type: 'min_haul', haul_mode: 'm3', station_id: JITA, price_field: 'sell_5pct' } }, none)
    expect(haul.rows.map((r) => r.name)).toEqual(['Compressed Densite'])
  })

  it('warns when a hauling plan costs far more than a cost plan for the same minerals', async () => {
    const haul = { type: 'min_haul', haul_mode: 'm3', station_id: JITA, price_field: 'sell_5pct' } as const
    // m³ picks Densite, 3 batches at 100 ISK a unit: 30,000 ISK, where 3 batches of Cheapite cost 3,000 (10×).
    const dear = await plan({ targets: { Tritanium: 1000 }, strategy: haul }, prices({ 1: 10, 2: 100, 3: 30 }))
    expect(dear.summary.oresCostIsk).toBe(30_000)
    expect(dear.warnings).toEqual([
      'This plan costs 30,000 ISK, at least 10 times the 3,000 ISK of a Minimize Cost plan for the same minerals: it saves hauling at that price.',
    ])
    // At 15 ISK a unit it costs 1.5 times as much: no warning.
    expect((await plan({ targets: { Tritanium: 1000 }, strategy: haul })).warnings).toEqual([])
  })

  it('keeps a cap on distinct ores and a minimum of batches per ore (worked numbers)', async () => {
    const targets = { Tritanium: 1000, Pyerite: 100 }
    // No limits: 1 Mixite (200 + 200, 3,000 ISK) and 2 Cheapite (800, 2,000 ISK): 5,000 ISK.
    const free = await plan({ targets })
    expect(free.rows.map((r) => [r.name, r.batches])).toEqual([
      ['Compressed Cheapite', 2],
      ['Compressed Mixite', 1],
    ])
    // One ore: Mixite alone, 5 batches for 1,000 Tritanium: 15,000 ISK, proven.
    const one = await plan({ targets, maxOres: 1 })
    expect(one.rows.map((r) => [r.name, r.batches])).toEqual([['Compressed Mixite', 5]])
    expect(one.summary.oresCostIsk).toBe(15_000)
    expect(one.optimality).toMatchObject({ proven: true, value: 15_000 })
    // At least 3 batches of each: 3 Cheapite + 3 Mixite (1,800 Tritanium, 600 Pyerite): 3,000 + 9,000 = 12,000 ISK,
    // below 5 Mixite alone (15,000) and 3 Mixite + 3 Densite (13,500).
    const min3 = await plan({ targets, minBatchesPerOre: 3 })
    expect(min3.rows.map((r) => [r.name, r.batches])).toEqual([
      ['Compressed Cheapite', 3],
      ['Compressed Mixite', 3],
    ])
    expect(min3.optimality).toMatchObject({ proven: true, value: 12_000 })
  })

  it('says, with no rows, when no plan keeps the cap on distinct ores', async () => {
    const ores = [ore(1, 'Cheapite', 0.02, { Tritanium: 400 }), ore(4, 'Pyrite', 0.02, { Pyerite: 400 })]
    const p = await makePlan(
      {
        targets: { Tritanium: 400, Pyerite: 400 },
        refineRate: 100,
        allowedOres: [1, 4],
        maxOres: 1,
        strategy: { type: 'min_cost', station_id: JITA, price_field: 'sell_5pct' },
      },
      { ores, prices: prices({ 1: 10, 4: 10 }), run: inProcessRunner, timeLimitMs: 5000, staleAfterSeconds: 3600 },
    )
    expect(p.rows).toEqual([])
    expect(p.optimality).toBeNull()
    expect(p.warnings).toEqual([
      'No plan with at most 1 ore meets every target: no such set of allowed ores yields all the minerals. Allow more ores, or raise the cap.',
    ])
  })

  it('values avg_price as the midpoint of sell 5% and buy 5%', () => {
    const row = { sell_5pct: 10, buy_5pct: 8, sell_min: 9, buy_max: 8.5 } as StationPriceRow
    expect(unitPrice(row, 'avg_price')).toBe(9)
    expect(unitPrice({ ...row, buy_5pct: null }, 'avg_price')).toBeNull()
    expect(unitPrice(undefined, 'sell_min')).toBeNull()
  })
})

describe('refine yield formula', () => {
  it('multiplies the spec’s factors and applies security only with a rig', () => {
    const y = refineYield(DEFAULT_REFINE_SETUP)
    expect(y).toBeCloseTo(0.53 * 1.15 * 1.1 * 1.1 * 1 * 1.12 * 1.055, 12)
    expect(refineYield({ ...DEFAULT_REFINE_SETUP, rig: 0 })).toBeCloseTo(0.5 * 1.15 * 1.1 * 1.1 * 1.055, 12)
    expect(refineYield({ ...DEFAULT_REFINE_SETUP, reprocessing: 9, efficiency: -2 })).toBeCloseTo(0.53 * 1.15 * 1.1 * 1.12 * 1.055, 12)
    expect(refineYield({ ...DEFAULT_REFINE_SETUP, rig: 0.6, implant: 0.04 })).toBe(1)
  })
})
