/**
 * The compressed-ore planner's fixed facts and choices, shared by the page and the API. (No zod here: the page
 * imports it.) Ore data itself comes from the SDE at run time; these are the spec's constants.
 */

/** The eight minerals a plan can target, in the game's usual order, with their SDE type ids. */
export const MINERALS = [
  { name: 'Tritanium', typeId: 34 },
  { name: 'Pyerite', typeId: 35 },
  { name: 'Mexallon', typeId: 36 },
  { name: 'Isogen', typeId: 37 },
  { name: 'Nocxium', typeId: 38 },
  { name: 'Zydrine', typeId: 39 },
  { name: 'Megacyte', typeId: 40 },
  { name: 'Morphite', typeId: 11399 },
] as const
export type MineralName = (typeof MINERALS)[number]['name']
export const MINERAL_NAMES = MINERALS.map((m) => m.name) as MineralName[]

/**
 * Ore groups, named after the reprocessing skill the SDE gives each ore (`reprocessingSkillType`): Simple,
 * Coherent, Variegated, Complex, Abyssal and Mercoxit Ore Processing.
 */
export const ORE_GROUPS = ['simple', 'coherent', 'variegated', 'complex', 'abyssal', 'mercoxit'] as const
export type OreGroup = (typeof ORE_GROUPS)[number]
export const ORE_GROUP_LABELS: Record<OreGroup, string> = {
  simple: 'Simple',
  coherent: 'Coherent',
  variegated: 'Variegated',
  complex: 'Complex',
  abyssal: 'Abyssal',
  mercoxit: 'Mercoxit',
}

/** Ore families (SDE group names) the page's one-click button deselects: the rarely stocked or pricey ones. */
export const DESELECTABLE_FAMILIES = ['Spodumain', 'Bezdnacine', 'Rakovene', 'Talassonite'] as const

export const STRATEGIES = ['min_cost', 'min_haul', 'blend'] as const
export type Strategy = (typeof STRATEGIES)[number]
export const STRATEGY_LABELS: Record<Strategy, string> = { min_cost: 'Prioritize Cost', min_haul: 'Prioritize Hauling', blend: 'Blend' }

/** What min_haul minimises: ore volume (recommended) or the number of batches. */
export const HAUL_MODES = ['m3', 'batches'] as const
export type HaulMode = (typeof HAUL_MODES)[number]
export const HAUL_MODE_LABELS: Record<HaulMode, string> = { m3: 'm³ (recommended)', batches: 'Batches' }

/**
 * Which hub price an ore and a mineral are valued at. `avg_price` is the midpoint of the hub's sell 5% and buy 5%
 * averages (the appraisal's "split"); it exists only when both sides have orders.
 */
export const PLANNER_PRICE_FIELDS = ['sell_5pct', 'sell_min', 'avg_price', 'buy_max'] as const
export type PlannerPriceField = (typeof PLANNER_PRICE_FIELDS)[number]
export const PRICE_FIELD_LABELS: Record<PlannerPriceField, string> = {
  sell_5pct: 'Sell (5% average)',
  sell_min: 'Sell (lowest order)',
  avg_price: 'Average (sell 5% / buy 5% midpoint)',
  buy_max: 'Buy (highest order)',
}

/** A compressed ore reprocesses in portions of 100 units (the SDE's portionSize); the page shows them as ×100. */
export const BATCH_UNITS = 100
/** Every mineral is 0.01 m³ a unit. */
export const MINERAL_UNIT_M3 = 0.01
export const BLEND_STEP = 0.05
/** The largest target per mineral a plan accepts (a few titans' worth of Tritanium). */
export const MAX_TARGET_UNITS = 100_000_000_000

export const PLANNER_DEFAULTS = {
  strategy: 'min_cost' as Strategy,
  haulMode: 'm3' as HaulMode,
  blendWeight: 0.5,
  priceField: 'sell_5pct' as PlannerPriceField,
  stationId: 60003760,
  /** Percent; what a well-rigged refinery with good skills reaches. */
  refineRatePercent: 86.7,
}

/**
 * A refine rate as typed: values above 1 are percent (86.7 → 0.867), values up to 1 are already a fraction.
 * Returns NaN for anything that is not a finite number from 0 to 100.
 */
export function refineRateFraction(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 100) return Number.NaN
  return value > 1 ? value / 100 : value
}

/**
 * The refine rate box's value for a yield the calculator worked out: percent to three decimals, rounded down. Rounded
 * to nearest, 73.4016% became 73.402%, and a plan built on it counted on minerals the game does not give (1,000
 * batches of 400 units: 293,608 planned, 293,606 refined).
 */
export const refineRatePercentOf = (fraction: number) => Math.floor(fraction * 100_000 + 1e-6) / 1000

/** Is a blend weight on the 0.05 grid from 0 to 1? */
export const isBlendStep = (w: number) => w >= 0 && w <= 1 && Math.abs(w / BLEND_STEP - Math.round(w / BLEND_STEP)) < 1e-9

export const PLANNER_TEXT = {
  empty: 'No solution with current settings.',
  planFailed: 'Failed to calculate',
  oresFailed: 'Failed to load ores',
  copied: 'Copied!',
  copy: 'Copy list',
  /** Beyond the spec: over the previous plan after a failed one. */
  stalePlan: 'The plan below is the last one calculated, before this failure; it may not match the settings above.',
} as const

/** The refine yield calculator's choices (spec): fractions added by each. */
export const RIG_BONUSES = [
  { label: 'No rig', value: 0 },
  { label: 'T1 rig (1%)', value: 0.01 },
  { label: 'T2 rig (3%)', value: 0.03 },
] as const
export const IMPLANT_BONUSES = [
  { label: 'None', value: 0 },
  { label: 'RX-801 (1%)', value: 0.01 },
  { label: 'RX-802 (2%)', value: 0.02 },
  { label: 'RX-804 (4%)', value: 0.04 },
] as const
export const SECURITY_BONUSES = [
  { label: 'High sec', value: 0 },
  { label: 'Low sec (6%)', value: 0.06 },
  { label: 'Null sec (12%)', value: 0.12 },
  { label: 'Wormhole (12%)', value: 0.12 },
] as const
export const STRUCTURE_BONUSES = [
  { label: 'Unbonused', value: 0 },
  { label: 'Athanor (2%)', value: 0.02 },
  { label: 'Tatara (5.5%)', value: 0.055 },
] as const

export interface RefineSetup {
  rig: number
  implant: number
  security: number
  structure: number
  /** Reprocessing, Reprocessing Efficiency and the ore's processing skill: whole levels, clamped 0-5. */
  reprocessing: number
  efficiency: number
  specialized: number
}

export const DEFAULT_REFINE_SETUP: RefineSetup = { rig: 0.03, implant: 0, security: 0.12, structure: 0.055, reprocessing: 5, efficiency: 5, specialized: 5 }

/** A skill level as typed: a whole number from 0 to 5 (anything else is clamped; not a number → 5, the default). */
export const clampSkill = (level: number) => (Number.isFinite(level) ? Math.min(5, Math.max(0, Math.trunc(level))) : 5)

/**
 * The spec's refine yield for a structure:
 * (0.5 + rig) × (1 + 0.03 × Reprocessing) × (1 + 0.02 × Reprocessing Efficiency) × (1 + 0.02 × ore processing skill)
 * × (1 + implant) × (1 + security bonus, only with a rig fitted) × (1 + structure bonus), capped to 0-1.
 * (The same shape as EVE University's "Reprocessing" page for Upwell refineries.)
 */
export function refineYield(s: RefineSetup): number {
  const y =
    (0.5 + s.rig) *
    (1 + 0.03 * clampSkill(s.reprocessing)) *
    (1 + 0.02 * clampSkill(s.efficiency)) *
    (1 + 0.02 * clampSkill(s.specialized)) *
    (1 + s.implant) *
    (1 + (s.rig > 0 ? s.security : 0)) *
    (1 + s.structure)
  return Math.min(1, Math.max(0, y))
}
