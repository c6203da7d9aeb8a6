import { z } from 'zod'
import { PI_MARKET_MODES, PI_P0_SOURCES, POCO_TAX_LIMITS } from './pi-constants.js'

export { PI_MARKET_MODES, PI_P0_SOURCES, PI_TIERS, POCO_TAX_LIMITS, type PiMarketMode, type PiP0Source, type PiTier } from './pi-constants.js'

export const PiCalcRequest = z
  .object({
    taxRate: z
      .number({ error: 'must be a number' })
      .min(POCO_TAX_LIMITS.min, `must be between ${POCO_TAX_LIMITS.min} and ${POCO_TAX_LIMITS.max}`)
      .max(POCO_TAX_LIMITS.max, `must be between ${POCO_TAX_LIMITS.min} and ${POCO_TAX_LIMITS.max}`)
      .default(0)
      .meta({ description: 'Customs office (POCO) export tax in percent, 0-50; imports are taxed at half this rate', example: 10 }),
    marketMode: z
      .enum(PI_MARKET_MODES, { error: `must be one of ${PI_MARKET_MODES.join(', ')}` })
      .default('sell')
      .meta({
        description:
          'sell: everything at the lowest sell order; buy: everything at the highest buy order; impatient: inputs bought from sell orders, product sold to buy orders; patient: inputs bought with buy orders, product sold with sell orders',
      }),
    p0Source: z
      .enum(PI_P0_SOURCES, { error: `must be one of ${PI_P0_SOURCES.join(', ')}` })
      .default('extracted')
      .meta({
        description:
          'Where the raw (P0) materials come from. extracted (default): your own planets extract them, so they cost 0 ISK and never cross a customs office (no import tax on P0 for a P1). ' +
          "market: bought at Jita 4-4 on the market mode's input side, and imported for a P1 like any other input.",
      }),
  })
  .meta({ id: 'PiCalcRequest' })
export type PiCalcRequest = z.infer<typeof PiCalcRequest>

const isk = (description: string) => z.number().nullable().meta({ description })

export const PiIngredient = z
  .object({
    typeId: z.number().int(),
    name: z.string(),
    tier: z.number().int().min(0).max(4).meta({ description: '0 for raw (P0) materials' }),
    quantity: z.number().meta({ description: 'Units per batch of the product (fractional for P0 totals deep in a chain)' }),
    unitPrice: isk('What one unit costs in the chosen market mode; 0 for a P0 material when p0Source is extracted; null when Jita 4-4 has no such order'),
    cost: isk('quantity × unitPrice; null when the price is missing'),
  })
  .meta({ id: 'PiIngredient' })
export type PiIngredient = z.infer<typeof PiIngredient>

export const PiProduct = z
  .object({
    typeId: z.number().int(),
    name: z.string(),
    tier: z.number().int().min(1).max(4),
    quantity: z.number().int().meta({ description: 'Batch: units one factory cycle makes (SDE planet schematic)' }),
    cycleTime: z.number().int().meta({ description: 'Seconds per factory cycle (SDE planet schematic)' }),
    lowestSeller: isk('Lowest Jita 4-4 sell order, per unit'),
    highestBuyer: isk('Highest Jita 4-4 buy order, per unit'),
    valueBatch: isk('Batch × unit value in the chosen market mode'),
    ingredients: z.array(PiIngredient).meta({ description: 'The direct inputs of one batch' }),
    rawMaterials: z.array(PiIngredient).meta({ description: 'The P0 materials behind one batch, through the whole chain' }),
    taxBase: z.number().nullable().meta({ description: 'Customs value of one unit (SDE exportTaxMultiplier); null if the SDE has none' }),
    taxPrevThis: z
      .number()
      .nullable()
      .meta({ description: 'POCO tax for one batch made from bought direct inputs: their import plus the export of the batch' }),
    taxP0This: z
      .number()
      .nullable()
      .meta({ description: 'POCO tax for one batch made from P0: every intermediate exported and imported once, plus the export of the batch' }),
    profitP0This: isk('valueBatch − cost of all P0 behind the batch − taxP0This; null when a price is missing'),
    profitPrevThis: isk('valueBatch − cost of the direct inputs − taxPrevThis; null when a price is missing'),
    profitPerHour: isk('profitPrevThis per hour of one factory running this schematic (3600 / cycleTime batches an hour)'),
    missing: z
      .array(z.string())
      .meta({ description: 'Everything missing that this row needs, e.g. "Water (no sell orders)": missingPrevThis and missingP0This together' }),
    missingPrevThis: z
      .array(z.string())
      .meta({ description: 'What profitPrevThis (and profitPerHour) needs and is missing; profitPrevThis is null exactly when this is not empty' }),
    missingP0This: z.array(z.string()).meta({ description: 'What profitP0This needs and is missing; profitP0This is null exactly when this is not empty' }),
  })
  .meta({ id: 'PiProduct' })
export type PiProduct = z.infer<typeof PiProduct>

export const PiPriceSource = z
  .object({
    stationId: z.number().int(),
    label: z.string(),
    snapshotAt: z.string().nullable().meta({ description: 'ISO time of the order snapshot the prices come from' }),
    ageSeconds: z.number().int().nullable(),
  })
  .meta({ id: 'PiPriceSource' })
export type PiPriceSource = z.infer<typeof PiPriceSource>

export const PiCalcResponse = z
  .object({
    P1: z.array(PiProduct),
    P2: z.array(PiProduct),
    P3: z.array(PiProduct),
    P4: z.array(PiProduct),
    marketMode: z.enum(PI_MARKET_MODES),
    taxRate: z.number(),
    p0Source: z.enum(PI_P0_SOURCES).meta({ description: 'The P0 source the rows were worked out with' }),
    prices: PiPriceSource,
    taxBaseByTier: z.record(z.string(), z.array(z.number())).meta({
      description: 'Customs value per unit found in the SDE for each tier P0-P4 (one value each in the current SDE)',
      example: { P0: [5], P1: [400], P2: [7200], P3: [60000], P4: [1200000] },
    }),
  })
  .meta({ id: 'PiCalcResponse' })
export type PiCalcResponse = z.infer<typeof PiCalcResponse>
