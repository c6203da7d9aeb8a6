/** Choices and defaults of the build-cost and reaction calculators, shared by pages and API. (No zod here: pages import it.) */

export const RIG_TIERS = ['None', 'T1', 'T2'] as const
export type RigTier = (typeof RIG_TIERS)[number]

export const SECURITY_CLASSES = ['high', 'low', 'null', 'wormhole'] as const
export type SecurityClass = (typeof SECURITY_CLASSES)[number]

export const INDUSTRY_STRUCTURES = ['Non-Bonused Structure', 'Raitaru', 'Azbel', 'Sotiyo'] as const
export type IndustryStructure = (typeof INDUSTRY_STRUCTURES)[number]

export const INDUSTRY_DEFAULTS = { station: 60003760, system: 'Jita', me: 0, runs: 1, structure: 'Non-Bonused Structure' as IndustryStructure }
export const MAX_RUNS = 100_000

/** The spec's fixed list: the eight hybrid (polymer) reaction formulas the page asks for by default. */
export const HYBRID_BLUEPRINT_IDS = [46157, 46159, 46160, 46161, 46162, 46163, 46164, 46165] as const

export const PRICING_MODES = ['sell', 'buy', 'split', 'sell5', 'buy5'] as const
export type PricingMode = (typeof PRICING_MODES)[number]
export const PRICING_MODE_LABELS: Record<PricingMode, string> = {
  sell: 'Sell (lowest sell order)',
  buy: 'Buy (highest buy order)',
  split: 'Split (midpoint of sell and buy)',
  sell5: 'Sell 5% (average of the cheapest 5%)',
  buy5: 'Buy 5% (average of the highest 5%)',
}

export const REACTION_STRUCTURES = ['Station', 'Athanor', 'Tatara'] as const
export type ReactionStructure = (typeof REACTION_STRUCTURES)[number]

/** Reactions are not allowed in high-security space, so the spec offers these three. */
export const REACTION_SECURITY = ['wormhole', 'low', 'null'] as const
export type ReactionSecurity = (typeof REACTION_SECURITY)[number]

export const REACTION_DEFAULTS = {
  station: 60003760,
  inputPricingMode: 'sell' as PricingMode,
  outputPricingMode: 'buy' as PricingMode,
  reactionSkill: 0,
  structureType: 'Station' as ReactionStructure,
  meRig: 'None' as RigTier,
  teRig: 'None' as RigTier,
  systemCostIndex: 0,
  facilityTaxPercent: 0,
  securityStatus: 'wormhole' as ReactionSecurity,
  runs: 1,
}
export const MAX_REACTION_RUNS = 100_000
