/**
 * Harvesting mechanics: the cycle time, yield and residue of one mining or gas module from the game's own dogma
 * numbers. Pure: every number is read through `DogmaSource` (the catalog in production, a fixture in unit tests).
 *
 * How EVE's dogma works, in the part this needs (docs/tools/harvesting.md has the long form with sources):
 * - An item's attribute starts at its base value and is changed by modifiers that *effects* on other items apply.
 *   The SDE names each effect and lists its modifiers (dogmaEffects.yaml `modifierInfo`: modified attribute,
 *   modifying attribute, operation, and a filter such as "modules that require skill X"). The catalog keeps only
 *   effect names, so `EFFECT_RULES` below restates the modifierInfo of the effects that touch harvesting; each entry
 *   was checked against the SDE's modifierInfo and against Pyfa's implementation (pyfa-org/Pyfa eos/effects.py).
 * - Operations are applied in dogma order: pre-multiply, add, post-multiply, post-percent:
 *   value = (base × Π preMul + Σ add) × Π postMul × Π (1 + percent / 100).
 * - Ship bonuses are "per level" of a ship skill: the skill's own effect multiplies the ship's bonus attribute by the
 *   trained level (e.g. the Hulk's exhumersBonusGasHarvestingDuration −3 × Exhumers V = −15%).
 * - Skills, ships, implants and charges are exempt from stacking penalties. Fitted modules are penalised only on
 *   attributes the SDE marks non-stackable; mining yield and duration are stackable, so mining upgrades stack fully.
 * - Command bursts are buffs: of several bursts of one kind only the strongest applies, so there is one at most.
 */

export type SkillName =
  | 'Mining'
  | 'Astrogeology'
  | 'Gas Cloud Harvesting'
  | 'Ice Harvesting'
  | 'Mining Frigate'
  | 'Expedition Frigates'
  | 'Mining Barge'
  | 'Exhumers'
  | 'Mining Foreman'
  | 'Mining Director'
  | 'Industrial Command Ships'

export const SKILL_NAMES: readonly SkillName[] = [
  'Mining',
  'Astrogeology',
  'Gas Cloud Harvesting',
  'Ice Harvesting',
  'Mining Frigate',
  'Expedition Frigates',
  'Mining Barge',
  'Exhumers',
  'Mining Foreman',
  'Mining Director',
  'Industrial Command Ships',
]
export type SkillIds = Record<SkillName, number>
export type SkillLevels = Partial<Record<SkillName, number>>

/** What the mechanics read: the catalog satisfies it. */
export interface DogmaSource {
  attribute(typeId: number, name: string): number | undefined
  effects(typeId: number): readonly string[]
  type(typeId: number): { name: string } | undefined
  /** False when the SDE marks the attribute non-stackable (modules modifying it are stacking-penalised). */
  stackable(attributeName: string): boolean
}

export type HarvestAttribute = 'miningAmount' | 'duration' | 'miningWasteProbability' | 'miningWastedVolumeMultiplier' | 'warfareBuff1Value'
type Operation = 'preMul' | 'modAdd' | 'postMul' | 'postPercent'
type SourceKind = 'ship' | 'skill' | 'implant' | 'module' | 'charge' | 'buff'

interface ModifierRule {
  /** The attribute on the source item whose value is applied. */
  modifying: string
  target: HarvestAttribute
  op: Operation
  /** The modified module must require one of these skills; absent: the module the source (a charge) is loaded in. */
  requires?: readonly SkillName[]
  /** Ship bonuses: the value counts once per trained level of this skill. */
  perLevelOf?: SkillName
}

const ORE: readonly SkillName[] = ['Mining']
const GAS: readonly SkillName[] = ['Gas Cloud Harvesting']
const BURST: readonly SkillName[] = ['Mining Foreman']

/**
 * Effect name (SDE dogmaEffects) → the modifiers it applies, for every effect that changes a harvesting module's
 * yield, cycle time or residue, or a Mining Foreman Burst's strength. Numbers are never here: only which attribute
 * of the source is applied to what.
 */
export const EFFECT_RULES: Readonly<Record<string, readonly ModifierRule[]>> = {
  // Ship role bonuses (flat).
  miningYieldMultiplyPassive: [{ modifying: 'miningAmountMultiplier', target: 'miningAmount', op: 'postMul', requires: ORE }],
  shipRoleBonusOreMiningYield: [{ modifying: 'shipRoleBonusOreMiningYield', target: 'miningAmount', op: 'postPercent', requires: ORE }],
  shipRoleBonusOreMiningDuration: [{ modifying: 'shipRoleBonusOreMiningDuration', target: 'duration', op: 'postPercent', requires: ORE }],
  shipRoleBonusGasHarvestingYield: [{ modifying: 'shipRoleBonusGasHarvestingYield', target: 'miningAmount', op: 'postPercent', requires: GAS }],
  shipRoleBonusGasHarvestingDuration: [{ modifying: 'shipRoleBonusGasHarvesterDuration', target: 'duration', op: 'postPercent', requires: GAS }],
  // Ship bonuses per level of the ship skill.
  miningFrigateBonusOreMiningYield: [
    { modifying: 'miningFrigatesBonusOreMiningYield', target: 'miningAmount', op: 'postPercent', requires: ORE, perLevelOf: 'Mining Frigate' },
  ],
  miningFrigateBonusGasCloudHarvestingDuration: [
    { modifying: 'miningFrigateBonusGasCloudHarvestingDuration', target: 'duration', op: 'postPercent', requires: GAS, perLevelOf: 'Mining Frigate' },
  ],
  expeditionFrigateBonusOreMiningYield: [
    { modifying: 'expeditionFrigateBonusOreMiningYield', target: 'miningAmount', op: 'postPercent', requires: ORE, perLevelOf: 'Expedition Frigates' },
  ],
  miningBargeBonusOreMiningYield: [
    { modifying: 'miningBargeBonusOreMiningYield', target: 'miningAmount', op: 'postPercent', requires: ORE, perLevelOf: 'Mining Barge' },
  ],
  miningBargeBonusGasHarvestingDuration: [
    { modifying: 'miningBargeBonusGasHarvestingDuration', target: 'duration', op: 'postPercent', requires: GAS, perLevelOf: 'Mining Barge' },
  ],
  exhumersBonusOreMiningYield: [{ modifying: 'exhumersBonusOreMiningYield', target: 'miningAmount', op: 'postPercent', requires: ORE, perLevelOf: 'Exhumers' }],
  exhumersBonusOreMiningDuration: [
    { modifying: 'exhumersBonusOreMiningDuration', target: 'duration', op: 'postPercent', requires: ORE, perLevelOf: 'Exhumers' },
  ],
  exhumersBonusGasHarvestingDuration: [
    { modifying: 'exhumersBonusGasHarvestingDuration', target: 'duration', op: 'postPercent', requires: GAS, perLevelOf: 'Exhumers' },
  ],
  // Mining and Astrogeology (skills, per level), Highwall implants and mining laser upgrades share this effect.
  astrogeologyMiningAmountBonusPostPercentMiningAmountLocationShipModulesRequiringMining: [
    { modifying: 'miningAmountBonus', target: 'miningAmount', op: 'postPercent', requires: ORE },
  ],
  miningYieldMultiplyPercent: [{ modifying: 'miningAmountBonus', target: 'miningAmount', op: 'postPercent', requires: ORE }],
  // Eifyr and Co. 'Alchemist' Gas Harvesting implants.
  gasHarvestingCycleTimeModulesRequiringGasCloudHarvesting: [{ modifying: 'durationBonus', target: 'duration', op: 'postPercent', requires: GAS }],
  // Mining crystals, on the module they are loaded in.
  miningCrystalsMiningAtributesAdjustments: [
    { modifying: 'specializationAsteroidYieldMultiplier', target: 'miningAmount', op: 'preMul' },
    { modifying: 'specializationCrystalMiningWasteProbabilityBonus', target: 'miningWasteProbability', op: 'modAdd' },
    { modifying: 'specializationCrystalMiningWastedVolumeMultiplierBonus', target: 'miningWastedVolumeMultiplier', op: 'modAdd' },
  ],
  specializationAsteroidDurationMultiplierEffect: [{ modifying: 'specializationAsteroidDurationMultiplier', target: 'duration', op: 'postMul' }],
  // Mining Foreman Burst strength: Mining Director (per level), Porpoise/Orca hull (per Industrial Command Ships level),
  // mindlinks, industrial cores (Medium on the Porpoise, Large on the Orca), and the charge's base multiplier.
  miningForemanStrengthBonus: [{ modifying: 'commandStrengthBonus', target: 'warfareBuff1Value', op: 'postPercent', requires: BURST }],
  miningForemanBurstBonusICS2: [
    { modifying: 'shipBonusICS2', target: 'warfareBuff1Value', op: 'postPercent', requires: BURST, perLevelOf: 'Industrial Command Ships' },
  ],
  miningForemanMindlink: [{ modifying: 'mindlinkBonus', target: 'warfareBuff1Value', op: 'postPercent', requires: BURST }],
  industrialCompactCoreEffect2: [{ modifying: 'industrialCoreBonusMiningBurstStrength', target: 'warfareBuff1Value', op: 'postPercent', requires: BURST }],
  industrialCoreEffect2: [{ modifying: 'industrialCoreBonusMiningBurstStrength', target: 'warfareBuff1Value', op: 'postPercent', requires: BURST }],
  chargeBonusWarfareCharge: [{ modifying: 'warfareBuff1Multiplier', target: 'warfareBuff1Value', op: 'postMul' }],
}

/**
 * The buff a Mining Laser Optimization charge gives (its warfareBuff1ID). The SDE does not describe buffs; per Pyfa
 * (eos/saveddata/fit.py) buff 24 changes the duration and capacitor need of modules requiring Mining, Ice Harvesting
 * or Gas Cloud Harvesting by the burst's strength in percent.
 */
export const CYCLE_TIME_BUFF_ID = 24
const BUFFED: readonly SkillName[] = ['Mining', 'Ice Harvesting', 'Gas Cloud Harvesting']

/** One modifier as applied, for showing how a number was built. */
export interface Term {
  source: string
  attribute: HarvestAttribute
  op: Operation
  value: number
  /** Stacking-penalty factor applied (1 when not penalised). */
  penalty: number
}

interface Source {
  typeId: number
  kind: SourceKind
  /** Skills count once per trained level. */
  level?: number
  label?: string
}

export interface CharacterSetup {
  skills: SkillLevels
  implants: readonly number[]
}

export interface FitSetup {
  /** null: a hull without mining bonuses ("Unbonused Ship"). */
  ship: number | null
  module: number
  /** A mining crystal loaded in the module (only when it fits the ore being mined). */
  charge?: number | null
  lowSlots?: ReadonlyArray<{ typeId: number; count: number }>
}

export interface BoostSetup {
  /** The boosting hull; null for one without a burst bonus (Gnosis, command destroyers, others). */
  ship: number | null
  burst: number
  charge: number
  skills: SkillLevels
  mindlink: number | null
  core: number | null
}

export interface BurstResult {
  /** Percent change to mining and harvesting cycle time, e.g. −40.43. */
  durationPercent: number
  terms: Term[]
}

export interface ModuleResult {
  cycleSeconds: number
  /** m³ per cycle of one module. */
  yieldM3: number
  /** Chance per cycle that residue destroys extra volume (0-1). */
  residueProbability: number
  /** Residue destroyed on such a cycle, as a multiple of the yield. */
  residueMultiplier: number
  terms: Term[]
}

/** EVE's stacking penalty: the n-th strongest modifier (from 0) counts e^-(n/2.67)². */
export const stackingFactor = (n: number) => Math.exp(-((n / 2.67) ** 2))

/** The skills a module (or burst) needs: its requiredSkill1..6 attributes. */
export function requiredSkills(dogma: DogmaSource, typeId: number): number[] {
  const ids: number[] = []
  for (let i = 1; i <= 6; i++) {
    const id = dogma.attribute(typeId, `requiredSkill${i}`)
    if (id) ids.push(id)
  }
  return ids
}

const name = (dogma: DogmaSource, s: Source) => s.label ?? dogma.type(s.typeId)?.name ?? `Type ${s.typeId}`
const ROMAN = ['0', 'I', 'II', 'III', 'IV', 'V']
/** A modifier with this value changes nothing (skipped, so the list of terms shows only what matters). */
const NEUTRAL: Record<Operation, number> = { preMul: 1, modAdd: 0, postMul: 1, postPercent: 0 }

/** The modifiers a set of sources apply to one target module, with their values resolved. */
function collectTerms(dogma: DogmaSource, skillIds: SkillIds, levels: SkillLevels, target: number, sources: Source[]): Array<Term & { kind: SourceKind }> {
  const needs = new Set(requiredSkills(dogma, target))
  const terms: Array<Term & { kind: SourceKind }> = []
  for (const source of sources) {
    for (const effect of dogma.effects(source.typeId)) {
      for (const rule of EFFECT_RULES[effect] ?? []) {
        if (rule.requires && !rule.requires.some((skill) => needs.has(skillIds[skill]))) continue
        const raw = dogma.attribute(source.typeId, rule.modifying)
        if (raw === undefined) continue
        const perLevel = rule.perLevelOf ? (levels[rule.perLevelOf] ?? 0) : 1
        const value = raw * perLevel * (source.kind === 'skill' ? (source.level ?? 0) : 1)
        if (value === NEUTRAL[rule.op]) continue
        const level = rule.perLevelOf ? ` (${rule.perLevelOf} ${ROMAN[perLevel]})` : source.kind === 'skill' ? ` ${ROMAN[source.level ?? 0]}` : ''
        terms.push({ source: name(dogma, source) + level, attribute: rule.target, op: rule.op, value, penalty: 1, kind: source.kind })
      }
    }
  }
  return terms
}

/** Applies terms to a base value in dogma order, penalising module percentages on non-stackable attributes. */
function evaluate(dogma: DogmaSource, attribute: HarvestAttribute, base: number, terms: Array<Term & { kind: SourceKind }>): number {
  const mine = terms.filter((t) => t.attribute === attribute)
  let value = base
  for (const t of mine) if (t.op === 'preMul') value *= t.value
  for (const t of mine) if (t.op === 'modAdd') value += t.value
  for (const t of mine) if (t.op === 'postMul') value *= t.value
  const penalised = !dogma.stackable(attribute)
  const free = mine.filter((t) => t.op === 'postPercent' && !(penalised && t.kind === 'module'))
  for (const t of free) value *= 1 + t.value / 100
  if (penalised) {
    // Bonuses and penalties are ranked separately, strongest first.
    for (const sign of [1, -1]) {
      const group = mine
        .filter((t) => t.op === 'postPercent' && t.kind === 'module' && Math.sign(t.value) === sign)
        .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
      group.forEach((t, n) => {
        t.penalty = stackingFactor(n)
        value *= 1 + (t.value / 100) * t.penalty
      })
    }
  }
  return value
}

const strip = (terms: Array<Term & { kind: SourceKind }>): Term[] => terms.map(({ kind: _kind, ...t }) => t)

/**
 * How much a Mining Foreman Burst with a Mining Laser Optimization charge shortens cycles: the charge's base
 * multiplier × the burst's strength (1 for Tech I, 1.25 for Tech II), raised by Mining Director, the hull's
 * Industrial Command Ships bonus, a mindlink and an industrial core.
 */
export function burstStrength(dogma: DogmaSource, skillIds: SkillIds, boost: BoostSetup): BurstResult {
  const skillSources: Source[] = SKILL_NAMES.filter((s) => (boost.skills[s] ?? 0) > 0).map((s) => ({
    typeId: skillIds[s],
    kind: 'skill' as const,
    level: boost.skills[s],
  }))
  const sources: Source[] = [
    ...(boost.ship ? [{ typeId: boost.ship, kind: 'ship' as const }] : []),
    ...skillSources,
    ...(boost.mindlink ? [{ typeId: boost.mindlink, kind: 'implant' as const }] : []),
    ...(boost.core ? [{ typeId: boost.core, kind: 'module' as const }] : []),
    { typeId: boost.charge, kind: 'charge' },
  ]
  const terms = collectTerms(dogma, skillIds, boost.skills, boost.burst, sources)
  const base = dogma.attribute(boost.burst, 'warfareBuff1Value') ?? 0
  return { durationPercent: evaluate(dogma, 'warfareBuff1Value', base, terms), terms: strip(terms) }
}

/** Cycle time, yield and residue of one harvesting module, fitted and skilled as described, under an optional burst. */
export function harvestModule(
  dogma: DogmaSource,
  skillIds: SkillIds,
  fit: FitSetup,
  character: CharacterSetup,
  burst: BurstResult | null = null,
): ModuleResult {
  const skillSources: Source[] = SKILL_NAMES.filter((s) => (character.skills[s] ?? 0) > 0).map((s) => ({
    typeId: skillIds[s],
    kind: 'skill' as const,
    level: character.skills[s],
  }))
  const sources: Source[] = [
    ...(fit.ship ? [{ typeId: fit.ship, kind: 'ship' as const }] : []),
    ...skillSources,
    ...character.implants.map((typeId) => ({ typeId, kind: 'implant' as const })),
    ...(fit.lowSlots ?? []).flatMap(({ typeId, count }) => Array.from({ length: count }, () => ({ typeId, kind: 'module' as const }))),
    ...(fit.charge ? [{ typeId: fit.charge, kind: 'charge' as const }] : []),
  ]
  const terms = collectTerms(dogma, skillIds, character.skills, fit.module, sources)
  const needs = new Set(requiredSkills(dogma, fit.module))
  if (burst && burst.durationPercent !== 0 && BUFFED.some((s) => needs.has(skillIds[s]))) {
    terms.push({
      source: 'Mining Foreman Burst (Mining Laser Optimization)',
      attribute: 'duration',
      op: 'postPercent',
      value: burst.durationPercent,
      penalty: 1,
      kind: 'buff',
    })
  }
  const at = (attribute: HarvestAttribute) => evaluate(dogma, attribute, dogma.attribute(fit.module, attribute) ?? 0, terms)
  return {
    cycleSeconds: at('duration') / 1000,
    yieldM3: at('miningAmount'),
    residueProbability: Math.min(1, Math.max(0, at('miningWasteProbability') / 100)),
    residueMultiplier: Math.max(0, at('miningWastedVolumeMultiplier')),
    terms: strip(terms),
  }
}

/**
 * Residue: each cycle, with the residue probability, the cloud or asteroid also loses residue multiplier × yield.
 * What reaches the hold per cycle is unchanged, so per hour income is unaffected; a cloud empties faster, and the
 * expected share of it that is destroyed is p·m / (1 + p·m).
 */
export function residueShare(result: Pick<ModuleResult, 'residueProbability' | 'residueMultiplier'>): number {
  const waste = result.residueProbability * result.residueMultiplier
  return waste / (1 + waste)
}
