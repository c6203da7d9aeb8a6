import { z } from 'zod'
import { refuseNonDigits, wholeNumberQuery } from './common.js'
import { INDUSTRY_DEFAULTS, INDUSTRY_STRUCTURES, MAX_RUNS, RIG_TIERS, SECURITY_CLASSES } from './industry-constants.js'
import { HUB_STATION_IDS, HUBS } from './hubs.js'
import { defineTopic } from './topics.js'

export * from './industry-constants.js'

/** One row of ESI `GET /markets/prices/` (CCP's adjusted and average prices, refreshed about daily, cached 3600 s). */
export const EsiMarketPrice = z.object({
  type_id: z.number().int(),
  adjusted_price: z.number().optional(),
  average_price: z.number().optional(),
})
export type EsiMarketPrice = z.infer<typeof EsiMarketPrice>

/** The activities ESI `GET /industry/systems/` reports a cost index for. */
export const EsiIndustryActivity = z.enum([
  'copying',
  'duplicating',
  'invention',
  'manufacturing',
  'none',
  'reaction',
  'researching_material_efficiency',
  'researching_technology',
  'researching_time_efficiency',
  'reverse_engineering',
])
export type EsiIndustryActivity = z.infer<typeof EsiIndustryActivity>

/** One row of ESI `GET /industry/systems/`. */
export const EsiIndustrySystem = z.object({
  solar_system_id: z.number().int(),
  cost_indices: z.array(z.object({ activity: EsiIndustryActivity, cost_index: z.number() })),
})
export type EsiIndustrySystem = z.infer<typeof EsiIndustrySystem>

export const INDUSTRY_DATASETS = ['adjusted_prices', 'cost_indices'] as const
export type IndustryDataset = (typeof INDUSTRY_DATASETS)[number]

const chunkHead = {
  snapshot_id: z.number().int(),
  /** 1-based; the last part closes the snapshot. */
  part: z.number().int().min(1),
  parts: z.number().int().min(1),
  /** Table rows the whole snapshot writes (prices; distinct system × activity pairs), so the writer can check every part arrived. */
  total_rows: z.number().int().min(0),
  last_modified: z.string().nullable(),
  fetched_at: z.string(),
}

/**
 * The `industry.inputs` topic: each ESI answer split into parts of a few thousand rows (a whole answer is close to
 * Kafka's default 1 MB message limit), keyed by dataset so parts stay in order.
 */
export const IndustryInputsMessage = z.discriminatedUnion('dataset', [
  z.object({ dataset: z.literal('adjusted_prices'), ...chunkHead, rows: z.array(EsiMarketPrice) }),
  z.object({ dataset: z.literal('cost_indices'), ...chunkHead, rows: z.array(EsiIndustrySystem) }),
])
export type IndustryInputsMessage = z.infer<typeof IndustryInputsMessage>
export const IndustryInputsTopic = defineTopic('industry.inputs', IndustryInputsMessage)

/** Told to every api process when a complete snapshot of a dataset is in ClickHouse. */
export const IndustryInputsUpdatedTopic = defineTopic(
  'industry.inputs-updated',
  z.object({ dataset: z.enum(INDUSTRY_DATASETS), snapshot_id: z.number().int(), at: z.string() }),
)

// ---------------------------------------------------------------------------------------------------------------
// Shared request vocabulary of the two calculators

export const RigTier = z.enum(RIG_TIERS)
export type RigTier = z.infer<typeof RigTier>
export const SecurityClass = z.enum(SECURITY_CLASSES)
export type SecurityClass = z.infer<typeof SecurityClass>

/** A trade hub station id (the hubs prices are computed for). */
export const HubStation = z.coerce
  .number()
  .int()
  .refine((id) => (HUB_STATION_IDS as readonly number[]).includes(id), {
    message: `must be one of the hubs (${HUBS.map((h) => `${h.station_id} ${h.label}`).join(', ')})`,
  })

/** Buy and sell at a hub; null when the hub has no such orders. */
export const SellBuy = z.object({ sell: z.number().nullable(), buy: z.number().nullable() })

/** How old the numbers behind an answer are (ISO times, null when that data has never been fetched). */
export const DataAges = z
  .object({
    pricesAt: z.string().nullable().meta({ description: 'When the hub prices used were taken' }),
    adjustedPricesAt: z.string().nullable().meta({ description: 'When ESI adjusted prices were last fetched' }),
    costIndicesAt: z.string().nullable().meta({ description: 'When ESI system cost indices were last fetched' }),
    sdeVersion: z.string().meta({ description: 'The static data export the blueprints come from' }),
  })
  .meta({ id: 'IndustryDataAges' })
export type DataAges = z.infer<typeof DataAges>

// ---------------------------------------------------------------------------------------------------------------
// /industry

export const IndustryStructure = z.enum(INDUSTRY_STRUCTURES)
export type IndustryStructure = z.infer<typeof IndustryStructure>

export const IndustrySystem = z
  .object({
    solar_system_id: z.number().int(),
    system_name: z.string(),
    region_name: z.string(),
    security: z.number().meta({ description: 'True security status' }),
    security_class: SecurityClass,
    manufacturing_index: z.number().nullable().meta({ description: "ESI's manufacturing cost index (0.05 = 5%), null when ESI has none" }),
    reaction_index: z.number().nullable().meta({ description: "ESI's reaction cost index, null when ESI has none" }),
  })
  .meta({ id: 'IndustrySystem' })
export type IndustrySystem = z.infer<typeof IndustrySystem>
export const IndustrySystemsResponse = z.array(IndustrySystem).meta({ id: 'IndustrySystems' })

export const IndustryBlueprint = z
  .object({
    blueprintID: z.number().int(),
    blueprintName: z.string(),
    productTypeID: z.number().int(),
    productName: z.string(),
  })
  .meta({ id: 'IndustryBlueprint' })
export type IndustryBlueprint = z.infer<typeof IndustryBlueprint>
export const IndustryBlueprintsResponse = z
  .record(z.string(), IndustryBlueprint)
  .meta({ id: 'IndustryBlueprints', description: 'Every published manufacturing blueprint, keyed by blueprintID' })

/** A number as a query writes one: decimal digits, an optional fraction and exponent (what a number input sends). */
const DECIMAL = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/

/**
 * An optional query number whose empty value means 'not given' (Number('') would be 0). The bounds are repeated in
 * the metadata because the OpenAPI document cannot see through the preprocessing.
 */
const optionalNumber = (name: string, min: number, max: number, overMax: string) =>
  z
    .preprocess(
      // Number(' ') is 0 and Number('0x10') is 16: a blank value is 'not given', and a number is written in decimals
      (v, ctx) =>
        v === undefined || (typeof v === 'string' && v.trim() === '')
          ? undefined
          : refuseNonDigits(v, ctx, DECIMAL, `${name}: must be a number written in decimal digits (e.g. 0.05)`),
      z.coerce
        .number()
        .pipe(z.number().min(min, `${name}: at least ${min}`).max(max, `${name}: ${overMax}`))
        .optional(),
    )
    .meta({ minimum: min, maximum: max })

/** What an empty (or zero) blueprint or system parameter is told: what belongs there, not zod's length rule. */
const BLUEPRINT_HINT = 'a blueprint type id (e.g. 691, the Rifter Blueprint)'
const SYSTEM_HINT = 'a solar system id or name (e.g. Jita or 30000142)'

export const BuildCostQuery = z.object({
  blueprint: z.coerce.number().int().positive(BLUEPRINT_HINT).meta({ description: 'Blueprint type id' }),
  me: wholeNumberQuery(0, 10, INDUSTRY_DEFAULTS.me, 'me: material efficiency is 0 to 10'),
  runs: wholeNumberQuery(1, MAX_RUNS, INDUSTRY_DEFAULTS.runs, 'runs: at least 1', `runs: at most ${MAX_RUNS}`),
  station: HubStation.default(INDUSTRY_DEFAULTS.station).meta({ description: 'Hub whose prices value the materials' }),
  structure: IndustryStructure.default(INDUSTRY_DEFAULTS.structure),
  system: z
    .string()
    .trim()
    .min(1, SYSTEM_HINT)
    .default(INDUSTRY_DEFAULTS.system)
    .meta({ description: 'Solar system id or name (its manufacturing cost index and security)' }),
  jobCostOverride: optionalNumber('jobCostOverride', 0, 1, 'a cost index is a fraction (0.05 = 5%), at most 1').meta({
    description: "Job cost index to use instead of the system's (0.05 = 5%)",
  }),
  facilityTax: optionalNumber('facilityTax', 0, 100, 'at most 100 (percent)').meta({ description: 'Facility tax in percent (default 0)' }),
  rig: RigTier.default('None').meta({ description: 'Material efficiency rig for this item (T1 2%, T2 2.4%, times the security multiplier)' }),
})
export type BuildCostQuery = z.infer<typeof BuildCostQuery>

export const BuildCostMaterial = z.object({
  typeID: z.number().int(),
  name: z.string(),
  baseQuantity: z.number().int().meta({ description: 'Per run at ME 0' }),
  adjustedQuantity: z.number().int().meta({ description: 'For all runs after ME, structure and rig bonuses' }),
  price: SellBuy,
  costSell: z.number().meta({ description: 'adjustedQuantity × sell price (0 when there is no sell price: see missingPrices)' }),
  adjustedPrice: z.number().nullable().meta({ description: 'ESI adjusted price (for the estimated item value)' }),
})

export const BuildCostResponse = z
  .object({
    blueprintID: z.number().int(),
    blueprintName: z.string(),
    runs: z.number().int(),
    ME: z.number().int(),
    station: z.number().int(),
    stationLabel: z.string(),
    structure: IndustryStructure,
    system: z.object({ solar_system_id: z.number().int(), system_name: z.string(), security: z.number(), security_class: SecurityClass }),
    materials: z.array(BuildCostMaterial),
    totalCost: z.object({ sell: z.number(), buy: z.number() }),
    jobCost: z.object({
      avg: z
        .number()
        .meta({ description: 'Total job installation cost: gross + facility tax + SCC surcharge, from the estimated item value (ESI adjusted prices)' }),
      estimatedItemValue: z.number(),
      costIndex: z.number().nullable(),
      costIndexSource: z.enum(['system', 'override', 'missing']),
      gross: z.number(),
      facilityTax: z.number(),
      sccSurcharge: z.number(),
    }),
    products: z.array(z.object({ typeID: z.number().int(), name: z.string(), quantity: z.number().int(), price: SellBuy })),
    materialMultiplier: z.number().meta({ description: 'ME × structure × rig factor applied to every base quantity' }),
    missingPrices: z.array(z.number().int()).meta({ description: 'Materials with no sell price at the station' }),
    missingAdjustedPrices: z.array(z.number().int()).meta({ description: 'Materials with no ESI adjusted price (left out of the estimated item value)' }),
    warnings: z.array(z.string()),
    ages: DataAges,
  })
  .meta({ id: 'BuildCost' })
export type BuildCostResponse = z.infer<typeof BuildCostResponse>
