import type { Catalog } from '../../../platform/catalog/catalog.js'
import {
  BOOSTING_HULLS,
  CYCLE_TIME_CHARGE,
  GAS_HARVESTERS,
  GAS_IMPLANTS,
  GAS_SCOOPS,
  GAS_SHIPS,
  looseName,
  LOW_SLOT_MODULES,
  MINDLINKS,
  MINING_BURSTS,
  ORE_IMPLANTS,
  UNBONUSED_SHIP,
} from '../../../schemas/harvesting-options.js'
import { HttpError } from '../../../platform/http/errors.js'
import { CYCLE_TIME_BUFF_ID, EFFECT_RULES, requiredSkills, SKILL_NAMES, type DogmaSource, type SkillIds } from './mechanics.js'

/**
 * The harvesting view of one static import: which ships, modules, crystals, ores, implants and boost items the
 * calculators offer, with their type ids and base numbers, all found in the SDE (by name for the spec's fixed
 * choices, by dogma for the rest). Built once per import (`harvestingData`).
 */

export type ShipKind = 'frigate' | 'expedition' | 'barge' | 'exhumer'

export interface ShipInfo {
  typeId: number
  name: string
  groupId: number
  group: string
  kind: ShipKind
  highSlots: number
  lowSlots: number
  turretSlots: number
}

export interface ModuleInfo {
  typeId: number
  name: string
  group: string
  resource: 'ore' | 'gas'
  cycleSeconds: number
  yieldM3: number
  /** Residue chance per cycle, 0-1. */
  residueChance: number
  residueMultiplier: number
  /** Ship groups the module is limited to (strip miners, gas cloud harvesters); null when any hull may fit it. */
  fitsShipGroups: number[] | null
  /** Uses a turret hardpoint (mining lasers, gas cloud scoops): barges have none. */
  turret: boolean
  /** Charge groups it loads (mining crystals). */
  chargeGroups: number[]
}

export interface CrystalInfo {
  typeId: number
  name: string
  groupId: number
  /** The ore processing skill of the ores it is tuned for (crystal requiredSkill1 = ore reprocessingSkillType). */
  processingSkill: number
  processing: string
  yieldMultiplier: number
  durationMultiplier: number
  residueChanceBonus: number
  residueMultiplierBonus: number
}

export interface OreInfo {
  typeId: number
  name: string
  group: string
  volume: number
  processingSkill: number
  compressedTypeId: number
  /** Wormhole ore sites (community data) that contain this ore. */
  wormholeSites: string[]
}

export interface GasCloud {
  site: string
  classes: string[]
  gas: string
  typeId: number
  compressedTypeId: number | null
  units: number
  unitVolume: number
}

export interface BoostHull {
  typeId: number
  /** The Tech II industrial core that fits it (Medium on the Porpoise, Large on the Orca). */
  core: number | null
}

export class HarvestingData {
  readonly skills: SkillIds
  readonly gasShips = new Map<string, ShipInfo | null>()
  readonly gasModules = new Map<string, ModuleInfo>()
  readonly gasImplants = new Map<number, number>()
  readonly oreShips = new Map<string, ShipInfo>()
  readonly oreModules = new Map<string, ModuleInfo>()
  readonly crystals = new Map<string, CrystalInfo>()
  readonly ores: OreInfo[]
  readonly lowSlots = new Map<string, number>()
  readonly oreImplants = new Map<string, number>()
  readonly bursts: { T1: number; T2: number }
  readonly cycleCharge: number
  readonly mindlinks: { mindlink: number; ore: number }
  readonly boostHulls = new Map<string, BoostHull>()
  /** Null when the community gas-site data set is missing. */
  readonly gasClouds: GasCloud[] | null
  /** False when the community ore-site data set is missing: then no ore has wormhole sites, and none is known to. */
  readonly oreSitesLoaded: boolean
  private byLooseName = new Map<string, string>()

  constructor(
    readonly catalog: Catalog,
    readonly dogma: DogmaSource,
  ) {
    const need = (name: string): number => {
      const t = catalog.resolve(name)
      if (!t || t.name.toLowerCase() !== name.toLowerCase()) throw missing(name)
      return t.type_id
    }
    this.skills = Object.fromEntries(SKILL_NAMES.map((s) => [s, need(s)])) as SkillIds

    for (const name of GAS_SHIPS) this.gasShips.set(name, name === UNBONUSED_SHIP ? null : this.shipInfo(need(name)))
    for (const name of [...GAS_SCOOPS, ...GAS_HARVESTERS]) {
      const info = this.moduleInfo(need(name))
      if (info.resource !== 'gas') throw new HttpError(503, `The static data says ${name} is not a gas harvesting module; the import looks wrong.`)
      this.gasModules.set(name, info)
      this.byLooseName.set(looseName(name), name)
    }
    for (const implant of GAS_IMPLANTS) if (implant.name) this.gasImplants.set(implant.value, need(implant.name))

    const shipsCategory = [...catalog.categories.values()].find((c) => c.name === 'Ship')?.category_id
    const oreEffects = new Set(
      Object.entries(EFFECT_RULES)
        .filter(([, rules]) => rules.some((r) => r.requires?.includes('Mining') && r.perLevelOf !== undefined))
        .map(([e]) => e),
    )
    for (const t of catalog.types.values()) {
      if (!t.published || t.market_group_id === null) continue
      if (t.category_id === shipsCategory && catalog.effects(t.type_id).some((e) => oreEffects.has(e))) this.oreShips.set(t.name, this.shipInfo(t.type_id))
      else if (catalog.effects(t.type_id).includes('miningLaser') && requiredSkills(dogma, t.type_id).includes(this.skills.Mining))
        this.oreModules.set(t.name, this.moduleInfo(t.type_id))
    }
    // Frigates, then barges, then exhumers (the spec's order), each in type id order.
    const kinds: ShipKind[] = ['frigate', 'expedition', 'barge', 'exhumer']
    const ships = [...this.oreShips.values()].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.typeId - b.typeId)
    this.oreShips = new Map(ships.map((s) => [s.name, s]))
    this.oreSitesLoaded = catalog.community.oreSites !== null
    this.ores = this.findOres()
    const processing = new Set(this.ores.map((o) => o.processingSkill))
    for (const t of catalog.types.values()) {
      if (!t.published || t.market_group_id === null || !catalog.effects(t.type_id).includes('miningCrystalsMiningAtributesAdjustments')) continue
      const crystal = this.crystalInfo(t.type_id)
      // Moon and Mercoxit crystals never apply to an ore these calculators list.
      if (processing.has(crystal.processingSkill)) this.crystals.set(t.name, crystal)
    }
    for (const name of LOW_SLOT_MODULES) this.lowSlots.set(name, need(name))
    for (const name of ORE_IMPLANTS) if (name !== 'None') this.oreImplants.set(name, need(name))

    this.bursts = { T1: need(MINING_BURSTS.T1), T2: need(MINING_BURSTS.T2) }
    this.cycleCharge = need(CYCLE_TIME_CHARGE)
    if (dogma.attribute(this.cycleCharge, 'warfareBuff1ID') !== CYCLE_TIME_BUFF_ID) {
      throw new HttpError(
        503,
        `${CYCLE_TIME_CHARGE} no longer gives buff ${CYCLE_TIME_BUFF_ID} (cycle time) in the static data; the burst maths needs checking.`,
      )
    }
    this.mindlinks = { mindlink: need(MINDLINKS.mindlink), ore: need(MINDLINKS.ore) }
    const cores = [...catalog.types.values()].filter((t) => t.published && dogma.attribute(t.type_id, 'industrialCoreBonusMiningBurstStrength'))
    for (const hull of BOOSTING_HULLS) {
      const typeId = need(hull)
      const fitting = cores.filter((c) => dogma.attribute(c.type_id, 'canFitShipType1') === typeId)
      const best = fitting.sort(
        (a, b) =>
          (dogma.attribute(b.type_id, 'industrialCoreBonusMiningBurstStrength') ?? 0) -
          (dogma.attribute(a.type_id, 'industrialCoreBonusMiningBurstStrength') ?? 0),
      )[0]
      this.boostHulls.set(hull, { typeId, core: best?.type_id ?? null })
    }
    this.gasClouds = this.findGasClouds()
  }

  /** A gas module by the name a request gives; the spec's spellings without the opening quote are accepted. */
  gasModule(name: string): ModuleInfo | undefined {
    const canonical = this.byLooseName.get(looseName(name))
    return canonical ? this.gasModules.get(canonical) : undefined
  }

  /** Whether a hull can fit a module: its ship-group limit, and a turret hardpoint for lasers and scoops. */
  fits(ship: ShipInfo | null, module: ModuleInfo): boolean {
    if (!ship) return !module.fitsShipGroups
    if (module.fitsShipGroups && !module.fitsShipGroups.includes(ship.groupId)) return false
    return !module.turret || ship.turretSlots > 0
  }

  /** How many of the module the hull can fit (turret hardpoints or high slots); null for an unknown hull. */
  maxModules(ship: ShipInfo | null, module: ModuleInfo): number | null {
    if (!ship) return null
    return module.turret ? ship.turretSlots : ship.highSlots
  }

  crystalsFor(module: ModuleInfo): CrystalInfo[] {
    return [...this.crystals.values()].filter((c) => module.chargeGroups.includes(c.groupId))
  }

  shipInfo(typeId: number): ShipInfo {
    const t = this.catalog.type(typeId)!
    const group = this.catalog.groups.get(t.group_id)?.name ?? ''
    const a = (name: string) => this.dogma.attribute(typeId, name) ?? 0
    const kind: ShipKind = group === 'Mining Barge' ? 'barge' : group === 'Exhumer' ? 'exhumer' : group === 'Expedition Frigate' ? 'expedition' : 'frigate'
    return { typeId, name: t.name, groupId: t.group_id, group, kind, highSlots: a('hiSlots'), lowSlots: a('lowSlots'), turretSlots: a('turretSlotsLeft') }
  }

  private moduleInfo(typeId: number): ModuleInfo {
    const t = this.catalog.type(typeId)!
    const a = (name: string) => this.dogma.attribute(typeId, name) ?? 0
    const listed = (names: string[]) => names.map(a).filter((v) => v > 0)
    const fitsShipGroups = listed(Array.from({ length: 20 }, (_, i) => `canFitShipGroup${String(i + 1).padStart(2, '0')}`))
    return {
      typeId,
      name: t.name,
      group: this.catalog.groups.get(t.group_id)?.name ?? '',
      resource: requiredSkills(this.dogma, typeId).includes(this.skills['Gas Cloud Harvesting']) ? 'gas' : 'ore',
      cycleSeconds: a('duration') / 1000,
      yieldM3: a('miningAmount'),
      residueChance: a('miningWasteProbability') / 100,
      residueMultiplier: a('miningWastedVolumeMultiplier'),
      fitsShipGroups: fitsShipGroups.length ? fitsShipGroups : null,
      turret: this.catalog.effects(typeId).includes('turretFitted'),
      chargeGroups: listed(['chargeGroup1', 'chargeGroup2', 'chargeGroup3', 'chargeGroup4', 'chargeGroup5']),
    }
  }

  private crystalInfo(typeId: number): CrystalInfo {
    const t = this.catalog.type(typeId)!
    const a = (name: string) => this.dogma.attribute(typeId, name) ?? 0
    const processingSkill = a('requiredSkill1')
    return {
      typeId,
      name: t.name,
      groupId: t.group_id,
      processingSkill,
      processing: (this.catalog.type(processingSkill)?.name ?? '').replace(/ Ore Processing$/, ''),
      yieldMultiplier: a('specializationAsteroidYieldMultiplier'),
      durationMultiplier: a('specializationAsteroidDurationMultiplier') || 1,
      residueChanceBonus: Math.round(a('specializationCrystalMiningWasteProbabilityBonus') * 1e6) / 1e8,
      residueMultiplierBonus: a('specializationCrystalMiningWastedVolumeMultiplierBonus'),
    }
  }

  /**
   * Asteroid ores a mining laser or strip miner can mine: category Asteroid, requiring the Mining skill (so not
   * Mercoxit or ice), with an ore processing skill that is not a moon-ore one, and not a compressed form.
   */
  private findOres(): OreInfo[] {
    const c = this.catalog
    const asteroid = [...c.categories.values()].find((x) => x.name === 'Asteroid')?.category_id
    const siteOres = new Map<number, string[]>()
    for (const site of c.community.oreSites ?? []) for (const ore of site.ores) siteOres.set(ore.typeID, [...(siteOres.get(ore.typeID) ?? []), site.name])
    const ores: OreInfo[] = []
    for (const t of c.types.values()) {
      if (t.category_id !== asteroid || !t.published || t.market_group_id === null || /^(Batch )?Compressed /.test(t.name)) continue
      if (this.dogma.attribute(t.type_id, 'requiredSkill1') !== this.skills.Mining) continue
      const processingSkill = this.dogma.attribute(t.type_id, 'reprocessingSkillType') ?? 0
      const skillName = c.type(processingSkill)?.name ?? ''
      if (!processingSkill || / Moon /.test(skillName)) continue
      // Every asteroid ore has a compressed form; a type without one is a leftover (e.g. 'Hedbergite ( copy )').
      const compressed = c.resolve(`Compressed ${t.name}`)
      if (!compressed) continue
      ores.push({
        typeId: t.type_id,
        name: t.name,
        group: c.groups.get(t.group_id)?.name ?? '',
        volume: t.volume,
        processingSkill,
        compressedTypeId: compressed.type_id,
        wormholeSites: (siteOres.get(t.type_id) ?? []).sort(),
      })
    }
    return ores.sort((a, b) => a.name.localeCompare(b.name, 'en'))
  }

  private findGasClouds(): GasCloud[] | null {
    const sites = this.catalog.community.gasSites
    if (!sites) return null
    // Sites in the order a huffer meets them (those spawning in more classes first, then by size); the main cloud
    // (more units) first in each pair.
    const size = (site: (typeof sites)[number]) => site.gases.reduce((sum, g) => sum + g.volumeM3, 0)
    const ordered = [...sites].sort((a, b) => b.classes.length - a.classes.length || size(a) - size(b) || a.name.localeCompare(b.name, 'en'))
    return ordered.flatMap((site) =>
      [...site.gases]
        .sort((a, b) => b.units - a.units)
        .map((gas) => {
          const type = this.catalog.type(gas.typeID)
          return {
            site: site.name,
            classes: site.classes,
            gas: type?.name ?? gas.name,
            typeId: gas.typeID,
            compressedTypeId: this.catalog.resolve(`Compressed ${type?.name ?? gas.name}`)?.type_id ?? null,
            units: gas.units,
            // Unit volume from the SDE; the community file carries the same numbers (checked in game-data.test.ts).
            unitVolume: type?.volume ?? gas.unitVolumeM3,
          }
        }),
    )
  }
}

const missing = (name: string) =>
  new HttpError(503, `The static data has no type named '${name}', which the harvesting calculators need; the import looks incomplete.`)

/** The catalog as the mechanics read it. */
export function catalogDogma(catalog: Catalog): DogmaSource {
  return {
    attribute: (typeId, name) => catalog.attribute(typeId, name),
    effects: (typeId) => catalog.effects(typeId),
    type: (typeId) => catalog.type(typeId),
    stackable: (name) => catalog.attributesByName.get(name)?.stackable ?? true,
  }
}

let cached: HarvestingData | null = null

/** The harvesting data of the catalog's import, built on first use after each import. */
export function harvestingData(catalog: Catalog): HarvestingData {
  if (cached?.catalog !== catalog) cached = new HarvestingData(catalog, catalogDogma(catalog))
  return cached
}
