import { z } from 'zod'
import { GAS_SHIPS, HARVEST_LIMITS, HARVEST_PRICE_FIELDS, MAX_LOW_SLOTS } from './harvesting-options.js'

const number = () => z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a number') })
const whole = (min: number, max: number) =>
  number()
    .int('must be a whole number')
    .min(min, min === 0 ? 'must be 0 or more' : `must be at least ${min}`)
    .max(max, `at most ${max}`)
const level = () => whole(0, 5).meta({ description: 'Skill level 0-5' })
const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') }).trim()

/** A choice that ignores case and surrounding spaces ('Orca', 'orca', 'ORCA'), answered in its canonical spelling. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  const byKey = new Map(values.map((v) => [v.toLowerCase(), v]))
  return z
    .string({ error: () => `must be one of: ${values.join(', ')}` })
    .transform((s, ctx) => {
      const found = byKey.get(s.trim().toLowerCase())
      if (found === undefined) {
        ctx.addIssue({ code: 'custom', message: `must be one of: ${values.join(', ')} (got '${s.slice(0, 40)}')` })
        return z.NEVER
      }
      return found as T[number]
    })
    .meta({ description: `One of: ${values.join(', ')} (case does not matter)` })
}

const PRICE_FIELD_VALUES = HARVEST_PRICE_FIELDS.map((f) => f.value) as [string, ...string[]]
const priceOptions = (compressedByDefault: boolean) => ({
  priceField: z
    .enum(PRICE_FIELD_VALUES as ['buy_max', 'sell_min', 'buy_5pct', 'sell_5pct'])
    .default('buy_max')
    .meta({ description: 'Which Jita 4-4 price values the harvest (see /api/prices/station)' }),
  compressed: z
    .boolean({ error: 'must be true or false' })
    .default(compressedByDefault)
    .meta({ description: 'Price the compressed form (1 unit compresses to 1 compressed unit) instead of the raw resource' }),
})

/** Mining Foreman burst settings shared by both calculators (normalised from each spec's spelling). */
const BOOST_SHIPS = ['None', 'Gnosis', 'Porpoise', 'Orca'] as const
const BOOST_IMPLANTS = ['None', 'mindlink', 'ore'] as const

const term = z.object({
  source: z.string().meta({ description: 'The item, skill or burst the modifier comes from' }),
  attribute: z.enum(['miningAmount', 'duration', 'miningWasteProbability', 'miningWastedVolumeMultiplier', 'warfareBuff1Value']),
  op: z.enum(['preMul', 'modAdd', 'postMul', 'postPercent']),
  value: z.number(),
  penalty: z.number().meta({ description: 'Stacking-penalty factor applied (1 = none)' }),
})

const priceInfo = z
  .object({
    hub: z.string(),
    field: z.string(),
    compressed: z.boolean(),
    at: z.string().nullable().meta({ description: 'When the Jita snapshot the prices come from was taken; null when there are no prices yet' }),
  })
  .meta({ id: 'HarvestPriceSource' })

// ---------- gas (/gas-calc) ----------

export const GasCalcRequest = z
  .object({
    ship: choice(GAS_SHIPS).default('Prospect'),
    moduleType: text()
      .min(1, 'choose a module')
      .default('Syndicate Gas Cloud Scoop')
      .meta({ description: 'A gas cloud scoop (Unbonused Ship, Venture, Prospect) or harvester (barges and exhumers)' }),
    moduleCount: whole(1, HARVEST_LIMITS.modules).default(2),
    shipCount: whole(1, HARVEST_LIMITS.ships).default(1),
    skills: z
      .object({
        Frigate: level().default(5).meta({ description: 'Mining Frigate' }),
        Barge: level().default(0).meta({ description: 'Mining Barge' }),
        Exhumer: level().default(0).meta({ description: 'Exhumers' }),
      })
      .default({ Frigate: 5, Barge: 0, Exhumer: 0 }),
    implant: number()
      .default(0)
      .meta({ description: 'Gas harvesting implant as its cycle-time bonus: 0 (none), 0.01 (GH-801), 0.03 (GH-803) or 0.05 (GH-805)' }),
    boostShip: choice(['None', 'gnosis', 'Porpoise', 'Orca'] as const)
      .default('None')
      .meta({ description: 'None, gnosis (any hull without a burst bonus: Gnosis, command destroyers, others), Porpoise or Orca' }),
    miningDirector: level().default(0),
    industrialCommand: level().default(0).meta({ description: 'Industrial Command Ships level of the Porpoise or Orca pilot' }),
    boostImplant: choice(['none', 'mindlink', 'ore'] as const)
      .default('none')
      .meta({ description: 'none, mindlink (Mining Foreman Mindlink) or ore (ORE Mining Director Mindlink, same mining bonus)' }),
    boostModule: choice(['T1', 'T2'] as const)
      .default('T1')
      .meta({ description: 'Mining Foreman Burst I (T1) or II (T2), with Mining Laser Optimization charges' }),
    bastion: choice(['no', 'yes'] as const)
      .default('no')
      .meta({ description: 'Industrial core active on the Porpoise or Orca (its Tech II core)' }),
    ...priceOptions(false),
  })
  .meta({ id: 'GasCalcRequest' })
export type GasCalcRequest = z.output<typeof GasCalcRequest>
export type GasCalcForm = z.input<typeof GasCalcRequest>

export const GasCalcEntry = z
  .object({
    site: z.string(),
    classes: z.array(z.string()).meta({ description: 'Wormhole classes the site spawns in' }),
    gas: z.string(),
    typeId: z.number().int(),
    unitsPerCloud: z.number(),
    m3PerUnit: z.number(),
    m3_per_cloud: z.number().meta({ description: 'The whole cloud, m³' }),
    m3PerCloud: z.number().meta({ description: 'Expected m³ harvested from the cloud (the cloud less residue)' }),
    m3LostResidue: z.number().meta({ description: 'Expected m³ destroyed by residue instead of harvested' }),
    price: z.number().nullable().meta({ description: 'ISK per unit; null when Jita has no such price (never 0)' }),
    priceTypeId: z.number().int().nullable(),
    totalIskPerCloud: z.number().nullable().meta({ description: 'The whole cloud valued at the price (no residue)' }),
    iskPerCloud: z.number().nullable().meta({ description: 'ISK value of the expected harvest' }),
    iskLostResidue: z.number().nullable(),
    ttk: z.string().meta({ description: "Time for the whole fleet to empty the cloud, e.g. '1h 20m'", example: '57m' }),
    minutesToHuff: z.string().meta({ description: 'Same as ttk' }),
    ttkSeconds: z.number(),
    unitsPerHour: z.number().meta({ description: 'Fleet harvest rate in units of this gas' }),
    iskPerHour: z.number().nullable().meta({ description: 'Rate while huffing: units/h × price, what an hour on this gas would pay if the cloud lasted' }),
    siteIskPerHour: z.number().nullable().meta({
      description:
        "What the site pays per hour of huffing it: ISK from the fleet's first hour on the site, both clouds (better gas first), bounded by what they hold after residue; null when a cloud has no price. The same on both of a site's entries",
    }),
    siteHuffSeconds: z.number().meta({ description: 'Seconds to empty both clouds of the site, one after the other; -1 if never' }),
    m3PerHour: z.number().meta({ description: 'Fleet harvest rate, m³ per hour' }),
    cycleTime: z.number().meta({ description: 'Seconds per cycle of one module' }),
    yieldPerCycle: z.number().meta({ description: 'm³ per cycle of one module' }),
    residueChance: z.number().meta({ description: 'Chance per cycle of residue, 0-1' }),
    residueMultiplier: z.number(),
    prices: priceInfo,
  })
  .meta({ id: 'GasCalcEntry' })
export type GasCalcEntry = z.infer<typeof GasCalcEntry>

export const GasCalcResponse = z.array(GasCalcEntry).meta({
  id: 'GasCalcResponse',
  description: 'Two entries per site (main cloud first), consecutive entries forming a pair, sites in the order of the gas-site data',
})

// ---------- ore (/ore) ----------

export const OreBoost = z
  .object({
    ship: choice(BOOST_SHIPS).default('None'),
    industrial: level().default(0).meta({ description: 'Industrial Command Ships level of the Porpoise or Orca pilot' }),
    director: level().default(0).meta({ description: 'Mining Director level of the booster' }),
    implant: choice(BOOST_IMPLANTS).default('None').meta({ description: 'None, mindlink or ore (ORE Mining Director Mindlink)' }),
    module: choice(['T1', 'T2'] as const).default('T1'),
    bastion: choice(['No', 'Yes'] as const)
      .default('No')
      .meta({ description: 'Industrial core active on the Porpoise or Orca (its Tech II core)' }),
  })
  .meta({ id: 'OreBoost' })

export const OreCalcRequest = z
  .object({
    config: z.object({
      ship: text().min(1, 'choose a ship').meta({ example: 'Hulk' }),
      module: text().min(1, 'choose a module').meta({ example: 'Modulated Strip Miner II' }),
      numModules: whole(1, HARVEST_LIMITS.modules).default(1),
      crystal: text().default('').meta({ description: "A mining crystal name, or '' for none" }),
      numShips: whole(1, HARVEST_LIMITS.ships).default(1),
      lowSlotName: text().default('').meta({ description: "A mining laser upgrade, or '' for none" }),
      lowSlotCount: whole(0, MAX_LOW_SLOTS).default(0),
      skills: z
        .object({
          barge: level().default(0),
          exhumer: level().default(0),
          frigate: level().default(0),
          expedition: level().default(0),
          mining: level().default(0),
          astrogeology: level().default(0),
        })
        .default({ barge: 0, exhumer: 0, frigate: 0, expedition: 0, mining: 0, astrogeology: 0 }),
    }),
    boost: OreBoost.default({ ship: 'None', industrial: 0, director: 0, implant: 'None', module: 'T1', bastion: 'No' }),
    implantName: text().default('None').meta({ description: "None or an Inherent Implants 'Highwall' Mining MX-100x implant" }),
    ...priceOptions(true),
  })
  .meta({ id: 'OreCalcRequest' })
export type OreCalcRequest = z.output<typeof OreCalcRequest>
export type OreCalcForm = z.input<typeof OreCalcRequest>

export const OreResultEntry = z.object({
  typeId: z.number().int(),
  iskPerUnit: z.number().nullable().meta({ description: 'Jita price per unit; null when there is none (never 0)' }),
  unitsPerHour: z.number(),
  iskPerHour: z.number().nullable(),
  priceTypeId: z.number().int().nullable().meta({ description: 'The type priced (the compressed form when compressed is true)' }),
  wormholeSites: z.array(z.string()).meta({ description: 'Wormhole ore sites (community data) that contain this ore' }),
  crystalApplies: z.boolean().meta({ description: 'The chosen crystal is tuned for this ore, so its yield, cycle and residue apply' }),
  cycleTime: z.number(),
  yieldPerCycle: z.number(),
})

export const OreCalcResponse = z
  .object({
    cycleTime: z.number().meta({ description: 'Seconds per cycle of one module (with the crystal, on the ores it is tuned for)' }),
    yieldPerCycle: z.number().meta({ description: 'm³ per cycle of one module (with the crystal, on the ores it is tuned for)' }),
    baseCycleTime: z.number().meta({ description: 'Seconds per cycle on ores the crystal does not fit (or without a crystal)' }),
    baseYieldPerCycle: z.number(),
    m3PerHour: z.number().meta({ description: 'Fleet rate without the crystal, m³ per hour' }),
    residueChance: z.number(),
    residueMultiplier: z.number(),
    crystal: z.object({ name: z.string(), tunedFor: z.string().meta({ description: "The ore family, e.g. 'Simple'" }) }).nullable(),
    oreSitesLoaded: z.boolean().meta({
      description:
        'False when the server has no wormhole ore-site data: every wormholeSites list is then empty for that reason, not because the ore is absent from wormhole sites',
    }),
    result: z.record(z.string(), OreResultEntry).meta({ description: 'Keyed by ore name' }),
    prices: priceInfo,
    terms: z.array(term).meta({ description: 'Every modifier applied to the module (on ores the crystal fits), for checking the numbers' }),
  })
  .meta({ id: 'OreCalcResponse' })
export type OreCalcResponse = z.infer<typeof OreCalcResponse>

// ---------- data files (/api/data/*.json) ----------

export const OreDataFile = z
  .record(
    z.string(),
    z.object({
      id: z.number().int(),
      m3: z.number(),
      group: z.string(),
      processing: z.string().meta({ description: "Ore family its crystals are named after ('Simple', 'Coherent', …)" }),
      compressedId: z.number().int().nullable(),
      wormholeSites: z.array(z.string()),
    }),
  )
  .meta({ id: 'OreDataFile', description: 'Asteroid ores a mining laser or strip miner can mine, keyed by name' })

export const MiningModulesFile = z
  .record(
    z.string(),
    z.object({
      id: z.number().int(),
      group: z.string(),
      resource: z.enum(['ore', 'gas']),
      cycle: z.number().meta({ description: 'Seconds per cycle' }),
      baseYield: z.number().meta({ description: 'm³ per cycle' }),
      residueChance: z.number().meta({ description: '0-1' }),
      residueMultiplier: z.number(),
      bargesOnly: z.boolean().meta({ description: 'Limited to mining barges and exhumers (strip miners, gas cloud harvesters)' }),
      turret: z.boolean().meta({ description: 'Needs a turret hardpoint' }),
      crystals: z.array(z.string()).meta({ description: 'Mining crystals it loads' }),
    }),
  )
  .meta({ id: 'MiningModulesFile', description: 'Ore mining and gas harvesting modules, keyed by name' })

export const MiningShipBonusesFile = z
  .record(
    z.string(),
    z.object({
      id: z.number().int(),
      type: z.enum(['frigate', 'expedition', 'barge', 'exhumer']),
      highSlots: z.number(),
      lowSlots: z.number(),
      turretSlots: z.number(),
      modules: z.array(z.string()).meta({ description: 'Ore mining modules the hull fits' }),
      bonuses: z.array(
        z.object({
          effect: z.string(),
          attribute: z.string(),
          value: z.number().meta({ description: 'Percent (or multiplier for postMul), per level when perLevelOf is set' }),
          perLevelOf: z.string().nullable(),
          modifies: z.enum(['yield', 'cycle']),
          resource: z.enum(['ore', 'gas']),
        }),
      ),
    }),
  )
  .meta({ id: 'MiningShipBonusesFile', description: 'Mining ships with their hull bonuses, keyed by name' })

export const MiningCrystalsFile = z
  .record(
    z.string(),
    z.object({
      id: z.number().int(),
      tunedFor: z.string(),
      yieldMult: z.number(),
      durationMult: z.number(),
      residueChanceBonus: z.number().meta({ description: 'Added to the module residue chance (0-1)' }),
      residueMultiplierBonus: z.number(),
      ores: z.array(z.string()).meta({ description: 'Ores it is tuned for' }),
    }),
  )
  .meta({ id: 'MiningCrystalsFile', description: 'Mining crystals for asteroid ores, keyed by name' })
