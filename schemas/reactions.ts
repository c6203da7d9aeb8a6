import { z } from 'zod'
import { DataAges, HubStation, RigTier, SecurityClass } from './industry.js'
import { MAX_REACTION_RUNS, PRICING_MODES, REACTION_DEFAULTS, REACTION_STRUCTURES } from './industry-constants.js'

export {
  HYBRID_BLUEPRINT_IDS,
  MAX_REACTION_RUNS,
  PRICING_MODE_LABELS,
  PRICING_MODES,
  REACTION_DEFAULTS,
  REACTION_SECURITY,
  REACTION_STRUCTURES,
} from './industry-constants.js'

export const PricingMode = z.enum(PRICING_MODES)
export type PricingMode = z.infer<typeof PricingMode>
export const ReactionStructure = z.enum(REACTION_STRUCTURES)
export type ReactionStructure = z.infer<typeof ReactionStructure>
/** Reactors install only on refineries in systems of security 0.4 or lower (EVE support article "Reactions"). */
export const ReactionSecurity = SecurityClass.exclude(['high'], {
  error: (issue) =>
    issue.input === 'high'
      ? 'reactions cannot run in high-sec (reactor modules work only in low-sec, null-sec and wormhole space): use wormhole, low or null'
      : 'one of wormhole, low or null',
})

export const ReactionRequest = z
  .object({
    blueprintID: z.number().int().positive(),
    station: HubStation.default(REACTION_DEFAULTS.station),
    inputPricingMode: PricingMode.default(REACTION_DEFAULTS.inputPricingMode),
    outputPricingMode: PricingMode.default(REACTION_DEFAULTS.outputPricingMode),
    reactionSkill: z
      .number()
      .int('reactionSkill: a skill level 0 to 5')
      .min(0, 'reactionSkill: a skill level 0 to 5')
      .max(5, 'reactionSkill: a skill level 0 to 5')
      .default(0),
    structureType: ReactionStructure.default(REACTION_DEFAULTS.structureType),
    meRig: RigTier.default('None'),
    teRig: RigTier.default('None'),
    systemCostIndex: z.number().min(0, 'systemCostIndex: at least 0').max(1, 'systemCostIndex: a fraction (0.05 = 5%), at most 1').default(0),
    facilityTaxPercent: z.number().min(0, 'facilityTaxPercent: at least 0').max(100, 'facilityTaxPercent: at most 100').default(0),
    securityStatus: ReactionSecurity.default('wormhole'),
    runs: z
      .number()
      .int('runs: a whole number')
      .min(1, 'runs: at least 1')
      .max(MAX_REACTION_RUNS, `runs: at most ${MAX_REACTION_RUNS}`)
      .default(1)
      .meta({ description: 'Runs (beyond the spec; default 1)' }),
  })
  .meta({ id: 'ReactionRequest' })
export type ReactionRequest = z.infer<typeof ReactionRequest>

const Line = z.object({ typeID: z.number().int(), name: z.string(), quantity: z.number().int() })
const ModePrices = z.object(Object.fromEntries(PRICING_MODES.map((m) => [m, z.number().nullable()])) as Record<PricingMode, z.ZodNullable<z.ZodNumber>>)
export type ModePrices = z.infer<typeof ModePrices>

export const ReactionResult = z
  .object({
    blueprintID: z.number().int(),
    blueprintName: z.string(),
    family: z.string(),
    runs: z.number().int(),
    inputs: z.array(Line.extend({ baseQuantity: z.number().int().meta({ description: 'Per run before rig bonuses' }) })),
    outputs: z.array(Line),
    prices: z.record(z.string(), ModePrices).meta({ description: 'typeID → price per pricing mode (null when the hub has no such orders)' }),
    inputPricingMode: PricingMode,
    outputPricingMode: PricingMode,
    inputCost: z.number(),
    outputValue: z.number(),
    estimatedItemValue: z.number().meta({ description: 'Σ ESI adjusted price × base input quantity × runs' }),
    jobInstallCost: z.number().meta({ description: 'Estimated item value × system cost index' }),
    facilityTax: z.number(),
    sccTax: z.number(),
    totalTaxes: z.number(),
    profit: z.number(),
    missingPrices: z.array(z.object({ typeID: z.number().int(), name: z.string(), side: z.enum(['input', 'output']) })),
    missingAdjustedPrices: z.array(z.number().int()),
    time: z.object({ baseSecondsPerRun: z.number(), secondsPerRun: z.number(), totalSeconds: z.number() }),
    materialMultiplier: z.number(),
    rigs: z
      .object({ material: z.string().nullable(), time: z.string().nullable() })
      .meta({ description: 'The rig modules applied; null when none is chosen or none works on this formula in this structure' }),
    rigNote: z.string().nullable().meta({ description: 'Why chosen rigs are not applied, when they are not' }),
    ages: DataAges,
  })
  .meta({ id: 'ReactionResult' })
export type ReactionResult = z.infer<typeof ReactionResult>

export const ReactionFamily = z.object({
  id: z.string(),
  label: z.string(),
  blueprints: z.array(z.object({ blueprintID: z.number().int(), blueprintName: z.string(), productName: z.string() })),
})
export type ReactionFamily = z.infer<typeof ReactionFamily>
export const ReactionFamiliesResponse = z.object({ defaultFamily: z.string(), families: z.array(ReactionFamily) }).meta({ id: 'ReactionFamilies' })
export type ReactionFamiliesResponse = z.infer<typeof ReactionFamiliesResponse>
