import type { OreCalcRequest, OreCalcResponse } from '../../../schemas/harvesting.js'
import { badRequest } from '../../../platform/http/errors.js'
import { burstFor, m3PerHour, type PriceLookup } from './fleet.js'
import { findLoose } from '../../../schemas/harvesting-options.js'
import type { CrystalInfo, HarvestingData } from './game-data.js'
import { harvestModule, type SkillLevels } from './mechanics.js'

/** Request values that mean "none" in the spec's forms. */
const NONE = new Set(['', 'none', 'no crystal', 'no low slot'])
const isNone = (value: string) => NONE.has(value.trim().toLowerCase())

const choices = (names: Iterable<string>) => [...names].join(', ')

/** A choice by its name as typed or linked (`hulk`, `Modulated Strip Miner ii`), as the gas calculator reads its module. */
function byName<T>(map: ReadonlyMap<string, T>, name: string): T | undefined {
  const key = map.has(name) ? name : findLoose([...map.keys()], name)
  return key === undefined ? undefined : map.get(key)
}

/**
 * The ore calculator: one fit (ship, module × count, crystal, low slots, skills, implant) flown by `numShips` pilots
 * under an optional burst, and what it earns per hour on every asteroid ore.
 * - A crystal changes yield, cycle time and residue only on the ores it is tuned for (crystal requiredSkill1 = the
 *   ore's reprocessingSkillType); other ores are mined at the module's plain numbers.
 * - units/h = modules × ships × yield ÷ cycle × 3600 ÷ ore volume; ISK/h = units/h × Jita price per unit.
 */
export function calcOre(data: HarvestingData, req: OreCalcRequest, prices: PriceLookup): OreCalcResponse {
  const { config } = req
  const ship = byName(data.oreShips, config.ship)
  if (!ship) throw badRequest(`config.ship: '${config.ship.slice(0, 60)}' is not a mining ship; choose one of: ${choices(data.oreShips.keys())}`)
  const module = byName(data.oreModules, config.module)
  if (!module) throw badRequest(`config.module: '${config.module.slice(0, 60)}' is not an ore mining module`)
  if (!data.fits(ship, module)) {
    const fitting = [...data.oreModules.values()].filter((m) => data.fits(ship, m)).map((m) => m.name)
    throw badRequest(`config.module: a ${ship.name} cannot fit ${module.name}; it fits: ${fitting.join(', ')}`)
  }
  let crystal: CrystalInfo | null = null
  if (!isNone(config.crystal)) {
    crystal = byName(data.crystals, config.crystal) ?? null
    if (!crystal) throw badRequest(`config.crystal: '${config.crystal.slice(0, 60)}' is not a mining crystal for asteroid ore`)
    if (!module.chargeGroups.includes(crystal.groupId))
      throw badRequest(`config.crystal: ${module.name} does not load mining crystals; choose a modulated miner or no crystal`)
  }
  const lowSlot = isNone(config.lowSlotName) ? null : byName(data.lowSlots, config.lowSlotName)
  if (lowSlot === undefined) throw badRequest(`config.lowSlotName: must be one of: ${choices(data.lowSlots.keys())}, or empty for none`)
  const implant = isNone(req.implantName) ? null : byName(data.oreImplants, req.implantName)
  if (implant === undefined) throw badRequest(`implantName: must be None or one of: ${choices(data.oreImplants.keys())}`)

  const skills: SkillLevels = {
    Mining: config.skills.mining,
    Astrogeology: config.skills.astrogeology,
    'Mining Frigate': config.skills.frigate,
    'Expedition Frigates': config.skills.expedition,
    'Mining Barge': config.skills.barge,
    Exhumers: config.skills.exhumer,
  }
  const burst = burstFor(data, {
    ship: req.boost.ship,
    industrialCommandShips: req.boost.industrial,
    miningDirector: req.boost.director,
    implant: req.boost.implant,
    module: req.boost.module,
    core: req.boost.bastion === 'Yes',
  })
  const fit = {
    ship: ship.typeId,
    module: module.typeId,
    lowSlots: lowSlot && config.lowSlotCount > 0 ? [{ typeId: lowSlot, count: config.lowSlotCount }] : [],
  }
  const character = { skills, implants: implant ? [implant] : [] }
  const plain = harvestModule(data.dogma, data.skills, fit, character, burst)
  const tuned = crystal ? harvestModule(data.dogma, data.skills, { ...fit, charge: crystal.typeId }, character, burst) : plain
  const modules = config.numModules * config.numShips

  const result: OreCalcResponse['result'] = {}
  for (const ore of data.ores) {
    const crystalApplies = crystal !== null && crystal.processingSkill === ore.processingSkill
    const run = crystalApplies ? tuned : plain
    const unitsPerHour = m3PerHour(run, modules) / ore.volume
    const priceTypeId = req.compressed ? ore.compressedTypeId : ore.typeId
    const iskPerUnit = prices.price(priceTypeId)
    result[ore.name] = {
      typeId: ore.typeId,
      iskPerUnit,
      unitsPerHour,
      iskPerHour: iskPerUnit === null ? null : unitsPerHour * iskPerUnit,
      priceTypeId,
      wormholeSites: ore.wormholeSites,
      crystalApplies,
      cycleTime: run.cycleSeconds,
      yieldPerCycle: run.yieldM3,
    }
  }
  return {
    cycleTime: tuned.cycleSeconds,
    yieldPerCycle: tuned.yieldM3,
    baseCycleTime: plain.cycleSeconds,
    baseYieldPerCycle: plain.yieldM3,
    m3PerHour: m3PerHour(plain, modules),
    residueChance: tuned.residueProbability,
    residueMultiplier: tuned.residueMultiplier,
    crystal: crystal ? { name: crystal.name, tunedFor: crystal.processing } : null,
    oreSitesLoaded: data.oreSitesLoaded,
    result,
    prices: prices.source,
    terms: tuned.terms,
  }
}
