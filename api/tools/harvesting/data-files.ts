import type { MiningCrystalsFile, MiningModulesFile, MiningShipBonusesFile, OreDataFile } from '../../../schemas/harvesting.js'
import type { z } from 'zod'
import type { HarvestingData, ModuleInfo } from './game-data.js'
import { EFFECT_RULES } from './mechanics.js'

/**
 * The spec's four static data files, generated from the SDE (through the harvesting view of the current import)
 * rather than written by hand: `/api/data/ore_data.json`, `mining_modules.json`, `mining_ship_bonuses.json`,
 * `mining_crystals.json`.
 */
export interface DataFiles {
  'ore_data.json': z.input<typeof OreDataFile>
  'mining_modules.json': z.input<typeof MiningModulesFile>
  'mining_ship_bonuses.json': z.input<typeof MiningShipBonusesFile>
  'mining_crystals.json': z.input<typeof MiningCrystalsFile>
}

const processingName = (data: HarvestingData, skill: number) => (data.catalog.type(skill)?.name ?? '').replace(/ Ore Processing$/, '')

export function buildDataFiles(data: HarvestingData): DataFiles {
  const ores = Object.fromEntries(
    data.ores.map((o) => [
      o.name,
      {
        id: o.typeId,
        m3: o.volume,
        group: o.group,
        processing: processingName(data, o.processingSkill),
        compressedId: o.compressedTypeId,
        wormholeSites: o.wormholeSites,
      },
    ]),
  )
  const moduleEntry = (m: ModuleInfo) => ({
    id: m.typeId,
    group: m.group,
    resource: m.resource,
    cycle: m.cycleSeconds,
    baseYield: m.yieldM3,
    residueChance: m.residueChance,
    residueMultiplier: m.residueMultiplier,
    bargesOnly: m.fitsShipGroups !== null,
    turret: m.turret,
    crystals: data.crystalsFor(m).map((c) => c.name),
  })
  const modules = Object.fromEntries(
    [...data.oreModules.values(), ...data.gasModules.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')).map((m) => [m.name, moduleEntry(m)]),
  )
  const ships = Object.fromEntries(
    [...data.oreShips.values()].map((s) => [
      s.name,
      {
        id: s.typeId,
        type: s.kind,
        highSlots: s.highSlots,
        lowSlots: s.lowSlots,
        turretSlots: s.turretSlots,
        modules: [...data.oreModules.values()]
          .filter((m) => data.fits(s, m))
          .map((m) => m.name)
          .sort((a, b) => a.localeCompare(b, 'en')),
        bonuses: data.catalog.effects(s.typeId).flatMap((effect) =>
          (EFFECT_RULES[effect] ?? []).map((rule) => ({
            effect,
            attribute: rule.modifying,
            value: data.dogma.attribute(s.typeId, rule.modifying) ?? 0,
            perLevelOf: rule.perLevelOf ?? null,
            modifies: rule.target === 'miningAmount' ? ('yield' as const) : ('cycle' as const),
            resource: rule.requires?.includes('Gas Cloud Harvesting') ? ('gas' as const) : ('ore' as const),
          })),
        ),
      },
    ]),
  )
  const crystals = Object.fromEntries(
    [...data.crystals.values()].map((c) => [
      c.name,
      {
        id: c.typeId,
        tunedFor: c.processing,
        yieldMult: c.yieldMultiplier,
        durationMult: c.durationMultiplier,
        residueChanceBonus: c.residueChanceBonus,
        residueMultiplierBonus: c.residueMultiplierBonus,
        ores: data.ores.filter((o) => o.processingSkill === c.processingSkill).map((o) => o.name),
      },
    ]),
  )
  return { 'ore_data.json': ores, 'mining_modules.json': modules, 'mining_ship_bonuses.json': ships, 'mining_crystals.json': crystals }
}
