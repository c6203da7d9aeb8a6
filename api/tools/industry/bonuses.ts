import type { Catalog } from '../../catalog/catalog.js'
import { HttpError } from '../../http/errors.js'
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

export interface IndustryBonuses {
  engineering: Record<IndustryStructure, StructureBonus>
  refinery: Record<ReactionStructure, StructureBonus>
  /** Engineering complex material rigs (every size and item line has the same numbers). */
  manufacturingMaterialRig: RigPair
  /** Reaction rigs per reaction family id: material and time lines. */
  reactionRigs: Map<string, { material: RigPair; time: RigPair }>
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

const pair = (catalog: Catalog, base: string, bonusAttribute: string): RigPair => ({ T1: rig(catalog, `${base} I`, bonusAttribute), T2: rig(catalog, `${base} II`, bonusAttribute) })

/** Which medium rig line serves each reaction family (molecular-forged has none of its own: the large all-reaction rig). */
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
  const refinery = (name: string): StructureBonus => {
    const id = typeInGroup(catalog, name, 'Refinery')
    return { ...NO_BONUS, typeId: id, time: attr(catalog, id, 'strReactionTimeMultiplier'), disallowedInHighSec: attr(catalog, id, 'disallowInHighSec') === 1 }
  }
  const reactionRigs = new Map<string, { material: RigPair; time: RigPair }>()
  for (const [family, lines] of Object.entries(REACTION_RIG_LINES)) {
    reactionRigs.set(family, { material: pair(catalog, lines.material, 'RefRigMatBonus'), time: pair(catalog, lines.time, 'RefRigTimeBonus') })
  }
  reactionRigs.set('*', { material: pair(catalog, ALL_REACTIONS_RIG, 'RefRigMatBonus'), time: pair(catalog, ALL_REACTIONS_RIG, 'RefRigTimeBonus') })
  return {
    engineering: {
      'Non-Bonused Structure': NO_BONUS,
      Raitaru: structure('Raitaru', 'Engineering Complex'),
      Azbel: structure('Azbel', 'Engineering Complex'),
      Sotiyo: structure('Sotiyo', 'Engineering Complex'),
    },
    refinery: { Station: NO_BONUS, Athanor: refinery('Athanor'), Tatara: refinery('Tatara') },
    manufacturingMaterialRig: pair(catalog, 'Standup M-Set Equipment Manufacturing Material Efficiency', 'attributeEngRigMatBonus'),
    reactionRigs,
    reactionSkillPercent: -attr(catalog, typeInGroup(catalog, 'Reactions', 'Resource Processing'), 'reactionTimeBonus'),
    sdeVersion: catalog.summary.sdeVersion,
  }
}

export function reactionRigsFor(bonuses: IndustryBonuses, family: string) {
  return bonuses.reactionRigs.get(family) ?? bonuses.reactionRigs.get('*')!
}

export const rigOf = (rigs: RigPair, tier: RigTier): RigBonus | null => (tier === 'None' ? null : rigs[tier])
