import { describe, expect, inject, it } from 'vitest'
import { GasCalcResponse, MiningCrystalsFile, MiningModulesFile, MiningShipBonusesFile, OreCalcResponse, OreDataFile } from '../../../schemas/harvesting.js'

// Through the shared server, which imported the real SDE and community data and prices the demo market: the same
// worked numbers as the unit tests, now from the full import.
const base = inject('appUrl')
const post = async (route: string, body: unknown) => {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

describe('POST /api/gas-calc', () => {
  it('answers the spec defaults with nine sites as pairs, priced at Jita 4-4', async () => {
    const { status, body } = await post('/api/gas-calc', {
      ship: 'Prospect',
      moduleType: 'Syndicate Gas Cloud Scoop',
      moduleCount: 2,
      shipCount: 1,
      skills: { Frigate: 5, Barge: 0, Exhumer: 0 },
      implant: 0,
      boostShip: 'None',
      miningDirector: 0,
      industrialCommand: 0,
      boostImplant: 'none',
      boostModule: 'T1',
      bastion: 'no',
    })
    expect(status).toBe(200)
    const rows = GasCalcResponse.parse(body)
    expect(rows).toHaveLength(18)
    expect(new Set(rows.map((r) => r.site)).size).toBe(9)
    for (const r of rows) {
      expect([r.cycleTime, r.yieldPerCycle, r.m3PerHour]).toEqual([22.5, 40, 12_800])
      expect(r.price).toBeGreaterThan(0)
      expect(r.iskPerHour).toBeCloseTo((12_800 / r.m3PerUnit) * r.price!, 4)
      expect(r.prices.hub).toBe('Jita 4-4')
      expect(Date.parse(r.prices.at!)).toBeGreaterThan(Date.parse('2024-01-01'))
    }
    expect(rows.find((r) => r.gas === 'Fullerite-C50')!.ttk).toBe('57m')
  })

  it('Hulk with Gas Cloud Harvester IIs under an Orca with a T2 burst and mindlink', async () => {
    const { status, body } = await post('/api/gas-calc', {
      ship: 'Hulk',
      moduleType: 'Gas Cloud Harvester II',
      skills: { Frigate: 0, Barge: 5, Exhumer: 5 },
      boostShip: 'Orca',
      miningDirector: 5,
      industrialCommand: 5,
      boostImplant: 'mindlink',
      boostModule: 'T2',
    })
    expect(status).toBe(200)
    expect(body[0].cycleTime).toBeCloseTo(48.204296875, 9)
    expect(body[0].residueChance).toBeCloseTo(0.34, 12)
  })

  it('answers bad input with a 400 that names the field', async () => {
    let r = await post('/api/gas-calc', { ship: 'Rorqual' })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatch(/^The ship must be one of: Unbonused Ship, Venture, Prospect/)
    r = await post('/api/gas-calc', { ship: 'Skiff', moduleType: 'Gas Cloud Scoop II' })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe(
      'moduleType: a Skiff does not use Gas Cloud Scoop II; choose one of: Gas Cloud Harvester I, Gas Cloud Harvester II, ORE Gas Cloud Harvester',
    )
    r = await post('/api/gas-calc', '{"ship":')
    expect(r.status).toBe(400)
  })
})

describe('POST /api/ore-calc', () => {
  it('Skiff with a Modulated Strip Miner II and a Simple Type A II crystal: cycleTime, yieldPerCycle and every ore', async () => {
    const { status, body } = await post('/api/ore-calc', {
      config: {
        ship: 'Skiff',
        module: 'Modulated Strip Miner II',
        numModules: 1,
        crystal: 'Simple Asteroid Mining Crystal Type A II',
        numShips: 1,
        lowSlotName: '',
        lowSlotCount: 0,
        skills: { barge: 5, exhumer: 5, frigate: 0, expedition: 0, mining: 5, astrogeology: 5 },
      },
      boost: { ship: 'None', industrial: 0, director: 0, implant: 'None', module: 'T1', bastion: 'No' },
      implantName: 'None',
    })
    expect(status).toBe(200)
    const r = OreCalcResponse.parse(body)
    expect(r.cycleTime).toBe(180)
    expect(r.yieldPerCycle).toBeCloseTo(1633.5, 9)
    expect(Object.keys(r.result).length).toBeGreaterThan(50)
    const veldspar = r.result.Veldspar
    expect(veldspar.crystalApplies).toBe(true)
    expect(veldspar.unitsPerHour).toBeCloseTo((1633.5 * 20) / 0.1, 6)
    expect(veldspar.iskPerUnit).toBeGreaterThan(0)
    expect(veldspar.iskPerHour).toBeCloseTo(veldspar.unitsPerHour * veldspar.iskPerUnit!, 4)
    // Every wormhole ore site's ores are listed.
    for (const name of ['Arkonor', 'Bistot', 'Gneiss', 'Kernite', 'Omber', 'Pyroxeres', 'Prime Arkonor'])
      expect(r.result[name]?.wormholeSites.length, name).toBeGreaterThan(0)
  })

  it('matches numbers players measured in game (Hulk, all skills V, no boosts)', async () => {
    // Source outside this code and the SDE: EVE Online forums, "Allow mining crystals to be used for mining mission
    // asteroids" (forums.eveonline.com/t/409983): "Hulk, 2x Gas Cloud Harvester II (400 m³ per 80.92 s)" and
    // "Hulk, 2x ORE Strip Miner, 3x Mining Laser Upgrade II (4,840 m³ per 130 s)".
    const V = { barge: 5, exhumer: 5, frigate: 5, expedition: 5, mining: 5, astrogeology: 5 }
    const strip = OreCalcResponse.parse(
      (
        await post('/api/ore-calc', {
          config: { ship: 'Hulk', module: 'ORE Strip Miner', numModules: 2, lowSlotName: 'Mining Laser Upgrade II', lowSlotCount: 3, skills: V },
        })
      ).body,
    )
    expect(Math.round(2 * strip.yieldPerCycle)).toBe(4_840)
    expect(strip.cycleTime).toBeCloseTo(130.05, 9)
    const gas = GasCalcResponse.parse(
      (await post('/api/gas-calc', { ship: 'Hulk', moduleType: 'Gas Cloud Harvester II', moduleCount: 2, skills: { Frigate: 0, Barge: 5, Exhumer: 5 } })).body,
    )
    expect(2 * gas[0].yieldPerCycle).toBe(400)
    expect(gas[0].cycleTime).toBeCloseTo(80.92, 9)
  })

  it('reads ship, module and crystal names in any case, as the gas calculator does', async () => {
    const config = (ship: string, module: string, crystal: string) => ({
      config: {
        ship,
        module,
        numModules: 1,
        crystal,
        numShips: 1,
        lowSlotName: '',
        lowSlotCount: 0,
        skills: { barge: 5, exhumer: 5, frigate: 0, expedition: 0, mining: 5, astrogeology: 5 },
      },
      boost: { ship: 'None', industrial: 0, director: 0, implant: 'None', module: 'T1', bastion: 'No' },
      implantName: 'None',
    })
    const exact = await post('/api/ore-calc', config('Skiff', 'Modulated Strip Miner II', 'Simple Asteroid Mining Crystal Type A II'))
    const typed = await post('/api/ore-calc', config('skiff', 'modulated strip miner ii', 'simple asteroid mining crystal type a ii'))
    expect(typed.status).toBe(200)
    expect(typed.body).toEqual(exact.body)
  })

  it('rejects a module the hull cannot fit', async () => {
    const { status, body } = await post('/api/ore-calc', { config: { ship: 'Venture', module: 'Modulated Strip Miner II' } })
    expect(status).toBe(400)
    expect(body.error).toMatch(/a Venture cannot fit Modulated Strip Miner II; it fits: /)
  })
})

describe('GET /api/data/ mining files', () => {
  it('serve the four files generated from the SDE, with ETags', async () => {
    const files = {
      'ore_data.json': OreDataFile,
      'mining_modules.json': MiningModulesFile,
      'mining_ship_bonuses.json': MiningShipBonusesFile,
      'mining_crystals.json': MiningCrystalsFile,
    }
    for (const [file, schema] of Object.entries(files)) {
      const res = await fetch(`${base}/api/data/${file}`)
      expect(res.status, file).toBe(200)
      schema.parse(await res.json())
      const etag = res.headers.get('etag')!
      expect((await fetch(`${base}/api/data/${file}`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
      // A compressing proxy weakens the tag; the client sends that form back, sometimes in a list.
      expect((await fetch(`${base}/api/data/${file}`, { headers: { 'If-None-Match': `"other", W/${etag}` } })).status, file).toBe(304)
    }
  })

  it('carry the game numbers', async () => {
    const modules = await (await fetch(`${base}/api/data/mining_modules.json`)).json()
    expect(modules['Modulated Strip Miner II']).toMatchObject({ cycle: 180, baseYield: 480, residueChance: 0.34, residueMultiplier: 1, bargesOnly: true })
    expect(modules['Modulated Strip Miner II'].crystals).toContain('Simple Asteroid Mining Crystal Type A II')
    expect(modules['Syndicate Gas Cloud Scoop']).toMatchObject({ resource: 'gas', cycle: 30, baseYield: 20, turret: true })
    const ships = await (await fetch(`${base}/api/data/mining_ship_bonuses.json`)).json()
    expect(Object.keys(ships).sort()).toEqual(['Covetor', 'Endurance', 'Hulk', 'Mackinaw', 'Procurer', 'Prospect', 'Retriever', 'Skiff', 'Venture'])
    expect(ships.Hulk.type).toBe('exhumer')
    expect(ships.Hulk.modules).toEqual(['Modulated Deep Core Strip Miner II', 'Modulated Strip Miner II', 'ORE Strip Miner', 'Strip Miner I'])
    expect(ships.Hulk.bonuses).toContainEqual({
      effect: 'exhumersBonusOreMiningYield',
      attribute: 'exhumersBonusOreMiningYield',
      value: 6,
      perLevelOf: 'Exhumers',
      modifies: 'yield',
      resource: 'ore',
    })
    const crystals = await (await fetch(`${base}/api/data/mining_crystals.json`)).json()
    expect(crystals['Complex Asteroid Mining Crystal Type B II']).toMatchObject({
      tunedFor: 'Complex',
      yieldMult: 1.8,
      durationMult: 0.8,
      residueChanceBonus: 0.3,
    })
    const ores = await (await fetch(`${base}/api/data/ore_data.json`)).json()
    expect(ores.Arkonor).toMatchObject({ id: 22, m3: 16, processing: 'Complex', compressedId: 62568 })
    expect(ores['Hedbergite ( copy )']).toBeUndefined()
  })

  it('are in the OpenAPI document with the calculators', async () => {
    const doc = await (await fetch(`${base}/api/openapi.json`)).json()
    for (const p of [
      '/api/gas-calc',
      '/api/ore-calc',
      '/api/data/ore_data.json',
      '/api/data/mining_modules.json',
      '/api/data/mining_ship_bonuses.json',
      '/api/data/mining_crystals.json',
    ])
      expect(doc.paths[p], p).toBeDefined()
  })
})
