import { z } from 'zod'
import { HUB_STATION_IDS, HUBS } from './market.js'
import {
  HAUL_MODES,
  isBlendStep,
  MAX_TARGET_UNITS,
  MINERAL_NAMES,
  ORE_GROUPS,
  PLANNER_DEFAULTS,
  PLANNER_PRICE_FIELDS,
  type MineralName,
} from './ore-planner-constants.js'

const mineralMap = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(MINERAL_NAMES.map((m) => [m, value])) as Record<MineralName, T>)

export const CompressedOre = z
  .object({
    name: z.string().meta({ example: 'Compressed Veldspar' }),
    typeIdCompressed: z.number().int().meta({ example: 62516 }),
    volumeCompressedM3: z.number().meta({ description: 'm³ per unit (a batch is 100 units)', example: 0.001 }),
    group: z.enum(ORE_GROUPS).meta({ description: 'From the ore’s reprocessing skill (Simple Ore Processing → simple, …)' }),
    family: z.string().meta({ description: 'The SDE group the ore belongs to', example: 'Veldspar' }),
    portionSize: z.number().int().meta({ description: 'Units reprocessed at once (100 for compressed ore)' }),
    batchMinerals: z
      .record(z.string(), z.number().int())
      .meta({ description: 'Minerals in one batch before refine yield (SDE type materials)', example: { Tritanium: 400 } }),
  })
  .meta({ id: 'CompressedOre' })
export type CompressedOre = z.infer<typeof CompressedOre>

export const OresResponse = z.object({ ores: z.array(CompressedOre) }).meta({ id: 'CompressedOres' })

const hubStation = z
  .number({ error: 'must be a hub station id' })
  .int()
  .refine((id) => (HUB_STATION_IDS as readonly number[]).includes(id), {
    message: `must be one of the hubs (${HUBS.map((h) => `${h.station_id} ${h.label}`).join(', ')})`,
  })
const priceField = z.enum(PLANNER_PRICE_FIELDS, { error: `must be one of ${PLANNER_PRICE_FIELDS.join(', ')}` })
const pricing = {
  station_id: hubStation.default(PLANNER_DEFAULTS.stationId).meta({ description: 'Trade hub whose prices are used', example: 60003760 }),
  price_field: priceField
    .default(PLANNER_DEFAULTS.priceField)
    .meta({ description: 'Which hub price: sell_5pct, sell_min, avg_price (midpoint of sell 5% and buy 5%) or buy_max' }),
}

export const PlanStrategy = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('min_cost'), ...pricing }),
      z.object({
        type: z.literal('min_haul'),
        haul_mode: z
          .enum(HAUL_MODES, { error: 'must be m3 or batches' })
          .default(PLANNER_DEFAULTS.haulMode)
          .meta({ description: 'Minimise ore m³ or the number of batches' }),
        // Not part of the choice; the hub still values the plan's ore and minerals in the summary.
        ...pricing,
      }),
      z.object({
        type: z.literal('blend'),
        ...pricing,
        blend_weight: z
          .number({ error: 'must be a number from 0 to 1' })
          .refine(isBlendStep, 'must be from 0 to 1 in steps of 0.05')
          .default(PLANNER_DEFAULTS.blendWeight)
          .meta({ description: '1 = all cost, 0 = all m³; each side is divided by its own best possible value first', example: 0.5 }),
      }),
    ],
    { error: 'type must be min_cost, min_haul or blend' },
  )
  .meta({ id: 'PlanStrategy' })
export type PlanStrategy = z.infer<typeof PlanStrategy>

// Size first, and stop there: zod's int() also refuses numbers past 2^53, so 1e20 was "not a whole number" as well.
const target = z
  .number({ error: 'must be a whole number of units' })
  .min(0, { error: 'must be 0 or more', abort: true })
  .max(MAX_TARGET_UNITS, { error: `at most ${MAX_TARGET_UNITS.toLocaleString('en-US')}`, abort: true })
  .int('must be a whole number of units')

export const PlanRequest = z
  .object({
    targets: mineralMap(target.optional())
      .strict()
      .meta({ description: 'Units wanted per mineral; leave a mineral out (or 0) to not target it', example: { Tritanium: 1_000_000, Pyerite: 250_000 } }),
    refineRate: z
      .number({ error: 'must be a number' })
      .min(0, 'must be 0 or more')
      .max(100, 'at most 100 (percent) or 1 (fraction)')
      .meta({ description: 'Refine yield: values above 1 are percent (86.7), values up to 1 a fraction (0.867)', example: 86.7 }),
    allowedOres: z
      .array(z.union([z.number().int().positive(), z.string().trim().min(1).max(100)]))
      .min(1, 'choose at least one ore')
      .max(500, 'at most 500 ores')
      .meta({ description: 'Compressed ores the plan may buy, by type id or name ("Compressed Veldspar" or "Veldspar")', example: [62516, 62520] }),
    strategy: PlanStrategy,
    maxOres: z
      .number({ error: 'must be a whole number from 1 to 50' })
      .int('must be a whole number from 1 to 50')
      .min(1, 'must be a whole number from 1 to 50')
      .max(50, 'must be a whole number from 1 to 50')
      .optional()
      .meta({
        description:
          'At most this many distinct ores in the plan (leave out for no limit). Still solved to a proven optimum, or answered with its proven gap; a cap no plan can meet is a warning with no rows.',
        example: 4,
      }),
    minBatchesPerOre: z
      .number({ error: 'must be a whole number from 1 to 10,000' })
      .int('must be a whole number from 1 to 10,000')
      .min(1, 'must be a whole number from 1 to 10,000')
      .max(10_000, 'must be a whole number from 1 to 10,000')
      .optional()
      .meta({ description: 'Each ore the plan buys, at least this many batches of 100 (leave out or 1 for no minimum)', example: 10 }),
  })
  .meta({ id: 'PlanRequest' })
export type PlanRequest = z.infer<typeof PlanRequest>

const isk = z.number().nullable()

export const PlanRow = z
  .object({
    name: z.string(),
    typeId: z.number().int(),
    batches: z.number().int(),
    units: z.number().int().meta({ description: 'batches × 100' }),
    volumeM3: z.number(),
    unitPrice: isk.meta({ description: 'Hub price per unit; null when the hub has no such price' }),
    cost: isk,
    yields: z.record(z.string(), z.number().int()).meta({ description: 'Minerals this stack reprocesses into (rounded down, as the game does per stack)' }),
  })
  .meta({ id: 'PlanRow' })
export type PlanRow = z.infer<typeof PlanRow>

export const MineralTotal = z
  .object({ target: z.number().int(), produced: z.number().int(), surplus: z.number().int(), shortfall: z.number().int() })
  .meta({ id: 'MineralTotal' })

export const PlanSummary = z
  .object({
    batchesTotal: z.number().int(),
    oresM3: z.number().meta({ description: 'm³ of compressed ore to haul' }),
    targetedMineralsM3: z.number().meta({ description: 'm³ of minerals counted up to each target' }),
    surplusMineralsM3: z.number().meta({ description: 'm³ of minerals beyond the targets' }),
    allMineralsM3: z.number(),
    oresCostIsk: isk.meta({ description: 'What the ore costs at the hub; null when a bought ore has no price there' }),
    targetedValueIsk: isk.meta({ description: 'Hub value of the minerals up to each target; null when a mineral has no price' }),
    surplusValueIsk: isk,
    allMineralsValueIsk: isk,
  })
  .meta({ id: 'PlanSummary' })

export const PlanOptimality = z
  .object({
    proven: z.boolean().meta({ description: 'True when no plan meeting the targets scores better (within the tolerance)' }),
    measure: z.enum(['isk', 'm3', 'batches', 'blend']).meta({ description: 'What the strategy minimises' }),
    value: z.number().meta({ description: 'The plan’s score in that measure' }),
    lowerBound: z.number().meta({ description: 'Proven: no plan meeting the targets scores below this' }),
    gap: z.number().meta({ description: 'value − lowerBound' }),
    tolerance: z.number(),
    solveMs: z.number(),
    timedOut: z.boolean(),
  })
  .meta({ id: 'PlanOptimality' })

export const PlanResponse = z
  .object({
    rows: z.array(PlanRow),
    summary: PlanSummary,
    totals: mineralMap(MineralTotal),
    warnings: z.array(z.string()),
    refineRate: z.number().meta({ description: 'The refine yield used, as a fraction' }),
    strategy: z.enum(['min_cost', 'min_haul', 'blend']),
    pricing: z.object({
      station_id: z.number().int(),
      label: z.string(),
      price_field: priceField,
      updated: z.string().nullable().meta({ description: 'When the prices were taken (ISO); null when the hub has none yet' }),
      age_seconds: z.number().nullable(),
    }),
    optimality: PlanOptimality.nullable().meta({ description: 'Null when nothing needed solving (no reachable targets)' }),
  })
  .meta({ id: 'OrePlan' })
export type PlanResponse = z.infer<typeof PlanResponse>
