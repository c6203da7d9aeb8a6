import type { Catalog } from '../../../platform/catalog/catalog.js'
import { HttpError } from '../../../platform/http/errors.js'
import type { IndustryStructure, RigTier } from '../../../schemas/industry.js'
import type { ReactionStructure } from '../../../schemas/reactions.js'
import type { RigBonus } from './formulas.js'

/** Role bonuses of a structure as multipliers (0.99 = 1% less), 1 where it has none. */
export interface StructureBonus {
  typeId: number | null
  material: number
  cost: number
  time: number
  disallowedInHighSec: boolean
}

/** One rig line, T1 and T2. */
export type RigPair = Record<Exclude<RigTier, 'None'>, RigBonus>

/** A refinery's bonuses and the size of rig it fits (null: the spec's 'Station', no structure to fit rigs to). */
export interface RefineryBonus extends StructureBonus {
  rigSize: number | null
}

/** A line of reaction rigs of one size: the material and time modules and their numbers. */
export interface ReactionRigLine {
  rigSize: number
  materialRig: string
  timeRig: string
  material: RigPair
  time: RigPair
}

export interface IndustryBonuses {
  engineering: Record<IndustryStructure, StructureBonus>
  refinery: Record<ReactionStructure, RefineryBonus>
  /** Engineering complex material rigs (every size and item line has the same numbers). */
  manufacturingMaterialRig: RigPair
  /** Medium reaction rigs per reaction family id, and '*' for the large rig that serves all of those families. */
  reactionRigs: Map<string, ReactionRigLine>
  /** Reactions skill: time reduction per level, in percent. */
  reactionSkillPercent: number
  sdeVersion: string
}

const NO_BONUS: StructureBonus = { typeId: null, material: 1, cost: 1, time: 1, disallowedInHighSec: false }

class MissingFact extends HttpError {
  constructor(what: string) {
    super(503, `The static data lacks ${what}; industry numbers cannot be computed until it is imported`)
  }
}

function typeInGroup(catalog: Catalog, name: string, groupName: string): number {
  for (const t of catalog.types.values()) {
    if (t.name === name && catalog.groups.get(t.group_id)?.name === groupName) return t.type_id
  }
  throw new MissingFact(`the ${groupName} '${name}'`)
}

function typeNamed(catalog: Catalog, name: string): number {
  const t = catalog.resolve(name)
  if (!t || t.name !== name) throw new MissingFact(`the type '${name}'`)
  return t.type_id
}

const attr = (catalog: Catalog, typeId: number, name: string) => {
  const v = catalog.attribute(typeId, name)
  if (v === undefined) throw new MissingFact(`the dogma attribute '${name}'`)
  return v
}

function rig(catalog: Catalog, name: string, bonusAttribute: string): RigBonus {
  const id = typeNamed(catalog, name)
  const low = attr(catalog, id, 'lowSecModifier')
  const nul = attr(catalog, id, 'nullSecModifier')
  return {
    percent: -attr(catalog, id, bonusAttribute),
    // Wormhole space takes the null-sec multiplier; reaction rigs cannot be fitted in high-sec, where it is moot.
    multipliers: { high: attr(catalog, id, 'hiSecModifier'), low, null: nul, wormhole: nul },
  }
}

/** A rig line's module names end in I (T1) or II (T2). */
export const rigModuleName = (line: string, tier: Exclude<RigTier, 'None'>) => `${line} ${tier === 'T2' ? 'II' : 'I'}`

const pair = (catalog: Catalog, base: string, bonusAttribute: string): RigPair => ({
  T1: rig(catalog, rigModuleName(base, 'T1'), bonusAttribute),
  T2: rig(catalog, rigModuleName(base, 'T2'), bonusAttribute),
})

/**
 * Which medium rig line serves each reaction family. The SDE's reaction rigs have effects for hybrid, composite and
 * biochemical reactions only (rigReactionHyb…, rigReactionComp…, rigReactionBio…; the large rig's description says
 * the same), so a family not listed here, molecular-forged, gets no rig bonus on any structure.
 */
const REACTION_RIG_LINES: Record<string, { material: string; time: string }> = {
  polymer: { material: 'Standup M-Set Hybrid Reactor Material Efficiency', time: 'Standup M-Set Hybrid Reactor Time Efficiency' },
  hybrid: { material: 'Standup M-Set Hybrid Reactor Material Efficiency', time: 'Standup M-Set Hybrid Reactor Time Efficiency' },
  composite: { material: 'Standup M-Set Composite Reactor Material Efficiency', time: 'Standup M-Set Composite Reactor Time Efficiency' },
  biochemical: { material: 'Standup M-Set Biochemical Reactor Material Efficiency', time: 'Standup M-Set Biochemical Reactor Time Efficiency' },
}
const ALL_REACTIONS_RIG = 'Standup L-Set Reactor Efficiency'

/**
 * Every bonus the calculators apply, read from the SDE's dogma: engineering complex role bonuses (strEngMatBonus,
 * strEngCostBonus, strEngTimeBonus), the Tatara's strReactionTimeMultiplier, rig bonuses and their security
 * multipliers, and the Reactions skill's reactionTimeBonus.
 */
export function readIndustryBonuses(catalog: Catalog): IndustryBonuses {
  const structure = (name: string, group: string): StructureBonus => {
    const id = typeInGroup(catalog, name, group)
    return {
      typeId: id,
      material: attr(catalog, id, 'strEngMatBonus'),
      cost: attr(catalog, id, 'strEngCostBonus'),
      time: attr(catalog, id, 'strEngTimeBonus'),
      disallowedInHighSec: attr(catalog, id, 'disallowInHighSec') === 1,
    }
  }
  const refinery = (name: string): RefineryBonus => {
    const id = typeInGroup(catalog, name, 'Refinery')
    return {
      ...NO_BONUS,
      typeId: id,
      time: attr(catalog, id, 'strReactionTimeMultiplier'),
      disallowedInHighSec: attr(catalog, id, 'disallowInHighSec') === 1,
      rigSize: attr(catalog, id, 'rigSize'),
    }
  }
  const line = (materialRig: string, timeRig: string): ReactionRigLine => ({
    rigSize: attr(catalog, typeNamed(catalog, rigModuleName(materialRig, 'T1')), 'rigSize'),
    materialRig,
    timeRig,
    material: pair(catalog, materialRig, 'RefRigMatBonus'),
    time: pair(catalog, timeRig, 'RefRigTimeBonus'),
  })
  const reactionRigs = new Map<string, ReactionRigLine>()
  for (const [family, lines] of Object.entries(REACTION_RIG_LINES)) reactionRigs.set(family, line(lines.material, lines.time))
  reactionRigs.set('*', line(ALL_REACTIONS_RIG, ALL_REACTIONS_RIG))
  return {
    engineering: {
      'Non-Bonused Structure': NO_BONUS,
      Raitaru: structure('Raitaru', 'Engineering Complex'),
      Azbel: structure('Azbel', 'Engineering Complex'),
      Sotiyo: structure('Sotiyo', 'Engineering Complex'),
    },
    refinery: { Station: { ...NO_BONUS, rigSize: null }, Athanor: refinery('Athanor'), Tatara: refinery('Tatara') },
    manufacturingMaterialRig: pair(catalog, 'Standup M-Set Equipment Manufacturing Material Efficiency', 'attributeEngRigMatBonus'),
    reactionRigs,
    reactionSkillPercent: -attr(catalog, typeInGroup(catalog, 'Reactions', 'Resource Processing'), 'reactionTimeBonus'),
    sdeVersion: catalog.summary.sdeVersion,
  }
}

/**
 * The rig line that works for a reaction family in a structure, or null when none does. A structure fits rigs of its
 * own size (SDE `rigSize`): the Athanor medium ones, so its family's M-set line; the Tatara large ones, so the L-set
 * line. The spec's 'Station' fits nothing in the game, but the spec offers rigs with it, so there the family's line
 * applies as chosen. Molecular-forged formulas have no rig at all.
 */
export function reactionRigsFor(bonuses: IndustryBonuses, family: string, structure: ReactionStructure): ReactionRigLine | null {
  const own = bonuses.reactionRigs.get(family)
  if (!own) return null
  const size = bonuses.refinery[structure].rigSize
  if (size === null) return own
  return [own, bonuses.reactionRigs.get('*')!].find((l) => l.rigSize === size) ?? null
}

export const rigOf = (rigs: RigPair, tier: RigTier): RigBonus | null => (tier === 'None' ? null : rigs[tier])
