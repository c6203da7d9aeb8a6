import { describe, expect, it } from 'vitest'
import { GasCalcRequest, OreCalcRequest, type GasCalcForm, type OreCalcForm } from '../../../schemas/harvesting.js'
import { formatHuffTime, parseHuffMinutes } from '../../../schemas/harvesting-rules.js'
import { HttpError } from '../../../platform/http/errors.js'
import { fixedPrices } from './fleet.js'
import { calcGas } from './gas.js'
import { calcOre } from './ore.js'
import { subsetData } from './testing/subset-catalog.js'

const data = subsetData()
const id = (name: string) => data.catalog.resolve(name)!.type_id
const gas = (form: GasCalcForm, prices = fixedPrices({})) => calcGas(data, GasCalcRequest.parse(form), prices)
const ore = (form: OreCalcForm, prices = fixedPrices({}, 'buy_max', true)) => calcOre(data, OreCalcRequest.parse(form), prices)
const rejects = (fn: () => unknown, status: number, message: RegExp) => {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError)
    expect((err as HttpError).status).toBe(status)
    expect((err as HttpError).message).toMatch(message)
    return
  }
  throw new Error('expected an error')
}

describe('gas calculator', () => {
  it('the spec defaults (Prospect, two Syndicate scoops, Mining Frigate V): every site as a pair, main cloud first', () => {
    const rows = gas({})
    expect(rows).toHaveLength(18)
    for (let i = 0; i < rows.length; i += 2) {
      expect(rows[i].site).toBe(rows[i + 1].site)
      expect(rows[i].unitsPerCloud).toBeGreaterThanOrEqual(rows[i + 1].unitsPerCloud)
    }
    // Perimeter sites (C1-C6) first, Core sites (C5-C6) last.
    expect(rows[0].classes).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6'])
    expect(rows.at(-1)!.classes).toEqual(['C5', 'C6'])
    const barren = rows.find((r) => r.site === 'Barren Perimeter Reservoir')!
    expect(barren).toMatchObject({
      gas: 'Fullerite-C50',
      unitsPerCloud: 12_000,
      m3PerUnit: 1,
      m3_per_cloud: 12_000,
      m3PerCloud: 12_000,
      m3LostResidue: 0,
      cycleTime: 22.5,
      yieldPerCycle: 40,
    })
    // 12,000 m³ ÷ (2 × 40 m³) = 150 cycles × 22.5 s = 56.25 min → 57m.
    expect(barren.ttk).toBe('57m')
    expect(barren.ttkSeconds).toBeCloseTo(3375, 9)
    expect(barren.m3PerHour).toBeCloseTo(12_800, 9)
  })

  it('values the harvest at the chosen Jita price and says when a price is missing (null, never 0)', () => {
    const prices = fixedPrices({ [id('Fullerite-C50')]: 1_000, [id('Fullerite-C540')]: 50_000 }, 'sell_min')
    const rows = gas({ shipCount: 3, priceField: 'sell_min' }, prices)
    const c50 = rows.find((r) => r.gas === 'Fullerite-C50' && r.site === 'Barren Perimeter Reservoir')!
    expect(c50.price).toBe(1_000)
    expect(c50.iskPerCloud).toBe(12_000_000)
    expect(c50.iskPerHour).toBeCloseTo(3 * 12_800 * 1_000, 6)
    expect(c50.prices).toMatchObject({ hub: 'Jita 4-4', field: 'sell_min', compressed: false })
    // Vital Core Reservoir's C540 cloud: 24,000 units of 10 m³.
    const c540 = rows.find((r) => r.gas === 'Fullerite-C540' && r.site === 'Vital Core Reservoir')!
    expect(c540.unitsPerHour).toBeCloseTo((3 * 12_800) / 10, 9)
    expect(c540.iskPerCloud).toBe(24_000 * 50_000)
    const unpriced = rows.find((r) => r.gas === 'Fullerite-C60')!
    expect([unpriced.price, unpriced.iskPerCloud, unpriced.iskLostResidue, unpriced.iskPerHour, unpriced.totalIskPerCloud]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('prices the compressed gas when asked (one compressed unit per raw unit)', () => {
    const rows = gas({ compressed: true }, fixedPrices({ [id('Compressed Fullerite-C50')]: 1_200 }, 'buy_max', true))
    const c50 = rows.find((r) => r.gas === 'Fullerite-C50')!
    expect(c50.priceTypeId).toBe(id('Compressed Fullerite-C50'))
    expect(c50.iskPerCloud).toBe(12_000 * 1_200)
  })

  it('Hulk with Gas Cloud Harvester IIs under an Orca (T2 burst, mindlink): residue takes 34/134 of every cloud', () => {
    const rows = gas(
      {
        ship: 'Hulk',
        moduleType: 'Gas Cloud Harvester II',
        moduleCount: 2,
        skills: { Frigate: 0, Barge: 5, Exhumer: 5 },
        boostShip: 'Orca',
        miningDirector: 5,
        industrialCommand: 5,
        boostImplant: 'mindlink',
        boostModule: 'T2',
      },
      fixedPrices({ [id('Fullerite-C50')]: 1_000 }),
    )
    const c50 = rows.find((r) => r.gas === 'Fullerite-C50' && r.site === 'Barren Perimeter Reservoir')!
    expect(c50.cycleTime).toBeCloseTo(48.204296875, 9)
    expect(c50.m3PerCloud).toBeCloseTo(12_000 / 1.34, 9)
    expect(c50.m3LostResidue).toBeCloseTo(12_000 - 12_000 / 1.34, 9)
    expect(c50.iskLostResidue! + c50.iskPerCloud!).toBeCloseTo(12_000_000, 4)
    // The cloud shrinks 2 × 200 × 1.34 = 536 m³ per cycle: 23 cycles × 48.2 s = 18.5 min.
    expect(c50.ttk).toBe('19m')
    expect(c50.iskPerHour).toBeCloseTo(((2 * 200 * 3600) / 48.204296875) * 1_000, 4)
  })

  it("accepts the spec's spellings: 'Crop' without its opening quote, lower-case choices", () => {
    const rows = gas({ ship: 'venture', moduleType: "Crop' Gas Cloud Scoop", moduleCount: 1, boostShip: 'GNOSIS', boostModule: 't2', bastion: 'Yes' })
    // 'Crop': 20 m³ / 40 s with residue 100% × 2: a third of the cloud is harvested.
    expect(rows[0].residueChance).toBe(1)
    expect(rows[0].m3PerCloud).toBeCloseTo(rows[0].m3_per_cloud / 3, 9)
  })

  it('refuses a module the ship does not use, an unknown implant and missing gas-site data', () => {
    rejects(
      () => gas({ ship: 'Prospect', moduleType: 'Gas Cloud Harvester II' }),
      400,
      /a Prospect does not use Gas Cloud Harvester II; choose one of: Gas Cloud Scoop I/,
    )
    rejects(
      () => gas({ ship: 'Hulk', moduleType: 'Syndicate Gas Cloud Scoop' }),
      400,
      /choose one of: Gas Cloud Harvester I, Gas Cloud Harvester II, ORE Gas Cloud Harvester/,
    )
    rejects(() => gas({ moduleType: 'Miner II' }), 400, /'Miner II' is not a gas module/)
    rejects(() => gas({ implant: 0.02 }), 400, /implant: must be one of 0, 0.01, 0.03, 0.05/)
    rejects(() => calcGas(subsetData({ withoutGasSites: true }), GasCalcRequest.parse({}), fixedPrices({})), 503, /gas site data set/)
  })

  it('validates the body: skills 0-5, counts ≥ 1, known choices', () => {
    const issues = (body: unknown) => {
      const r = GasCalcRequest.safeParse(body)
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    expect(issues({ skills: { Frigate: 6 } })).toEqual(['skills.Frigate: at most 5'])
    expect(issues({ moduleCount: 0, shipCount: 1.5 })).toEqual(['moduleCount: must be at least 1', 'shipCount: must be a whole number'])
    expect(issues({ boostShip: 'Rorqual' })[0]).toMatch(/^boostShip: must be one of: None, gnosis, Porpoise, Orca/)
  })
})

describe('time to huff', () => {
  it('is whole minutes rounded up, as the page shows and sorts it', () => {
    expect([30, 60, 3375, 3600, 4800, 763_000].map(formatHuffTime)).toEqual(['1m', '1m', '57m', '1h 0m', '1h 20m', '211h 57m'])
    expect(['57m', '1h 20m', '211h 57m', 'never', '', undefined].map(parseHuffMinutes)).toEqual([57, 80, 12_717, Infinity, Infinity, Infinity])
  })
})

describe('ore calculator', () => {
  const skiff: OreCalcForm = {
    config: {
      ship: 'Skiff',
      module: 'Modulated Strip Miner II',
      numModules: 1,
      crystal: 'Simple Asteroid Mining Crystal Type A II',
      numShips: 2,
      lowSlotName: '',
      lowSlotCount: 0,
      skills: { barge: 5, exhumer: 5, frigate: 0, expedition: 0, mining: 5, astrogeology: 5 },
    },
    boost: { ship: 'None', industrial: 0, director: 0, implant: 'None', module: 'T1', bastion: 'No' },
    implantName: 'None',
  }

  it('a crystal counts only on the ores it is tuned for (Simple: Veldspar, Pyroxeres; not Arkonor)', () => {
    const prices = fixedPrices({ [id('Compressed Veldspar')]: 12, [id('Compressed Arkonor')]: 3_000 }, 'buy_max', true)
    const r = ore(skiff, prices)
    expect(r.cycleTime).toBe(180)
    expect(r.yieldPerCycle).toBeCloseTo(1633.5, 9)
    expect(r.baseYieldPerCycle).toBeCloseTo(907.5, 9)
    expect(r.crystal).toEqual({ name: 'Simple Asteroid Mining Crystal Type A II', tunedFor: 'Simple' })
    const veldspar = r.result.Veldspar
    expect(veldspar.crystalApplies).toBe(true)
    // 2 ships × 1,633.5 m³ / 180 s × 3600 = 65,340 m³/h ÷ 0.1 m³ = 653,400 units.
    expect(veldspar.unitsPerHour).toBeCloseTo(653_400, 6)
    expect(veldspar.iskPerUnit).toBe(12)
    expect(veldspar.iskPerHour).toBeCloseTo(653_400 * 12, 4)
    expect(veldspar.priceTypeId).toBe(id('Compressed Veldspar'))
    expect(r.result.Pyroxeres.crystalApplies).toBe(true)
    const arkonor = r.result.Arkonor
    expect(arkonor.crystalApplies).toBe(false)
    expect(arkonor.unitsPerHour).toBeCloseTo((2 * 907.5 * 20) / 16, 6)
    expect(arkonor.wormholeSites).toContain('Rarified Core Deposit')
    expect(r.result.Kernite.iskPerUnit).toBeNull()
    expect(r.result.Kernite.iskPerHour).toBeNull()
  })

  it('raw prices when compressed is false; low slots, implant and boost all count', () => {
    const r = ore(
      {
        ...skiff,
        config: { ...skiff.config, ship: 'Hulk', crystal: '', numModules: 2, numShips: 1, lowSlotName: 'Mining Laser Upgrade II', lowSlotCount: 3 },
        boost: { ship: 'Orca', industrial: 5, director: 5, implant: 'mindlink', module: 'T2', bastion: 'Yes' },
        implantName: "Inherent Implants 'Highwall' Mining MX-1005",
        compressed: false,
      },
      fixedPrices({ [id('Arkonor')]: 2_900 }),
    )
    expect(r.yieldPerCycle).toBeCloseTo(480 * 1.15 * 1.3 * 1.25 * 1.25 * 1.09 ** 3 * 1.05, 9)
    expect(r.cycleTime).toBeCloseTo(180 * 0.85 * 0.85 * (1 - 0.404296875 * 1.15), 9)
    expect(r.result.Arkonor.priceTypeId).toBe(id('Arkonor'))
    expect(r.result.Arkonor.iskPerHour).toBeCloseTo(r.result.Arkonor.unitsPerHour * 2_900, 6)
    expect(r.crystal).toBeNull()
  })

  it('refuses what cannot be fitted or loaded, with the choices that can', () => {
    rejects(() => ore({ config: { ship: 'Hulk', module: 'Miner II' } }), 400, /a Hulk cannot fit Miner II; it fits: .*Modulated Strip Miner II/)
    rejects(() => ore({ config: { ship: 'Prospect', module: 'Strip Miner I' } }), 400, /a Prospect cannot fit Strip Miner I; it fits: .*Miner II/)
    rejects(
      () => ore({ config: { ship: 'Hulk', module: 'Strip Miner I', crystal: 'Simple Asteroid Mining Crystal Type A II' } }),
      400,
      /Strip Miner I does not load mining crystals/,
    )
    rejects(() => ore({ config: { ship: 'Orca', module: 'Strip Miner I' } }), 400, /'Orca' is not a mining ship; choose one of: .*Hulk/)
    rejects(
      () => ore({ config: { ship: 'Hulk', module: 'Strip Miner I', lowSlotName: 'Damage Control II', lowSlotCount: 1 } }),
      400,
      /lowSlotName: must be one of: Mining Laser Upgrade II/,
    )
    rejects(() => ore({ config: { ship: 'Hulk', module: 'Strip Miner I' }, implantName: 'Genolution' }), 400, /implantName: must be None or one of/)
  })

  it('says when the wormhole ore-site data set is missing, so an empty site list is not read as "no wormhole site"', () => {
    const hulk: OreCalcForm = { config: { ship: 'Hulk', module: 'Strip Miner I' } }
    const loaded = ore(hulk)
    expect(loaded.oreSitesLoaded).toBe(true)
    expect(loaded.result.Arkonor.wormholeSites.length).toBeGreaterThan(0)
    const missing = calcOre(subsetData({ withoutOreSites: true }), OreCalcRequest.parse(hulk), fixedPrices({}))
    expect(missing.oreSitesLoaded).toBe(false)
    expect(Object.values(missing.result).every((r) => r.wormholeSites.length === 0)).toBe(true)
  })

  it('a modulated miner on a frigate loads crystals too (Prospect, Modulated Deep Core Miner II)', () => {
    const r = ore({
      config: {
        ship: 'Prospect',
        module: 'Modulated Deep Core Miner II',
        crystal: 'Complex Asteroid Mining Crystal Type A II',
        skills: { frigate: 5, expedition: 5, mining: 5, astrogeology: 5, barge: 0, exhumer: 0 },
      },
    })
    // 120 × 1.8 × role +100% × Mining Frigate +25% × Expedition Frigates +25% × Mining +25% × Astrogeology +25%.
    expect(r.yieldPerCycle).toBeCloseTo(120 * 1.8 * 2 * 1.25 ** 4, 9)
    expect(r.result.Arkonor.crystalApplies).toBe(true)
    expect(r.result.Veldspar.crystalApplies).toBe(false)
  })
})
