import { z } from 'zod'
import { ADJUSTMENT, APPRAISAL_ID_PATTERN, APPRAISAL_LIMITS, LINE_STATUSES, PRICE_MODES, PRICE_SOURCES } from './appraisal/constants.js'
import { HUB_STATION_IDS, HUBS } from './market.js'
import { idList } from './common.js'
import { MAX_NAME_LENGTH } from './appraisal/appraise.js'
import { MAX_STACK } from './appraisal/numbers.js'
import { wellFormed } from './well-formed.js'

/** API contracts of the appraisal tool (the pure parser and pricing rules are in `schemas/appraisal/`). */

const hubStation = z.coerce
  .number({ error: 'station_id: required' })
  .int()
  .refine((id) => HUB_STATION_IDS.includes(id as (typeof HUB_STATION_IDS)[number]), {
    message: `station_id: must be one of the hubs (${HUBS.map((h) => `${h.station_id} ${h.label}`).join(', ')})`,
  })
  .meta({ example: 60003760 })

const mode = z.enum(PRICE_MODES, { error: `mode: must be one of ${PRICE_MODES.join(', ')}` }).default('sell5')

const adjustment = z
  .union([z.number(), z.string()])
  .optional()
  .meta({
    description: `Percent applied to the total, ${ADJUSTMENT.min}-${ADJUSTMENT.max} (default ${ADJUSTMENT.default}); out-of-range values are clamped, non-numeric ones read as ${ADJUSTMENT.default}.`,
    example: 90,
  })

const combine = z.boolean().default(true).meta({ description: 'Merge lines of the same type (default true)' })

const limitsNote = `At most ${APPRAISAL_LIMITS.maxLines.toLocaleString('en-US')} lines and 1 MB (${APPRAISAL_LIMITS.maxBytes.toLocaleString('en-US')} bytes of UTF-8); a larger paste is a 400. Request bodies over 2 MB are refused with 413.`

export const StructuredItem = z
  .object({
    name: z.string().trim().min(1).max(MAX_NAME_LENGTH).optional().meta({ description: 'A type name (any case)', example: 'Tritanium' }),
    type_id: z.number().int().positive().optional().meta({ description: 'A type id, instead of the name', example: 34 }),
    qty: z
      .number({ error: 'qty: required, a whole number' })
      .int('qty: a whole number')
      .min(1, 'qty: at least 1')
      .max(MAX_STACK, `qty: at most ${MAX_STACK.toLocaleString('en-US')}, the most one stack can hold`)
      .meta({ example: 1000 }),
  })
  .refine((i) => (i.name === undefined) !== (i.type_id === undefined), { message: 'give each item a name or a type_id (one of them)' })
  .meta({ id: 'AppraisalItem' })

const pasteFields = {
  text: z
    .string()
    .optional()
    .meta({ description: `The paste, as copied from the game. ${limitsNote} Give text or items, not both.`, example: 'Tritanium 100000\nPyerite x 5000' }),
  items: z
    .array(StructuredItem)
    .min(1, 'items: give at least one')
    .max(APPRAISAL_LIMITS.maxLines, `items: at most ${APPRAISAL_LIMITS.maxLines.toLocaleString('en-US')}`)
    .optional()
    .meta({
      description: "Structured items instead of a paste (as evepraisal's structured endpoint took them): each a name or a type_id, and a qty.",
      example: [
        { name: 'Tritanium', qty: 100000 },
        { type_id: 35, qty: 5000 },
      ],
    }),
}
const oneInput = { message: 'give the paste as text, or the items as a list (one of them)' }
const hasOneInput = (b: { text?: string; items?: unknown[] }) => (b.text === undefined) !== (b.items === undefined)

export const AppraiseRequest = z
  .object({
    ...pasteFields,
    station_id: hubStation,
    mode,
    adjustment,
    combine,
    with_prices: z.boolean().default(false).meta({
      description:
        "Also answer the resolved lines (before combining) and each type's hub and region prices, so a client can change the mode, adjustment or combining without asking again (what the appraisal page does).",
    }),
    rows: z.boolean().default(true).meta({
      description:
        'Answer the priced rows (default true). A client that prices the lines itself from with_prices needs no rows: false leaves them out, which halves a long answer (what the appraisal page does).',
    }),
  })
  .refine(hasOneInput, oneInput)
  .meta({
    id: 'AppraiseRequest',
    examples: [
      { text: 'Tritanium 100000\nPyerite x 5000', station_id: 60003760, mode: 'sell5' },
      {
        items: [
          { name: 'Tritanium', qty: 100000 },
          { type_id: 35, qty: 5000 },
        ],
        station_id: 60003760,
        mode: 'buy5',
        combine: false,
      },
    ],
  })
export type AppraiseRequest = z.infer<typeof AppraiseRequest>

export const UnreadLine = z
  .object({
    line: z.number().int().meta({ description: '0-based line of the paste (index of the item when items were given)' }),
    text: z.string(),
    reason: z.string().nullable().meta({ description: 'Why the line was refused; null when no parser knows the line' }),
  })
  .meta({ id: 'AppraisalUnreadLine' })

const nullableNumber = z.number().nullable()
export const TypePrices = z
  .object({
    type_id: z.number().int(),
    hub: z.object({ sell_min: nullableNumber, buy_max: nullableNumber, sell_5pct: nullableNumber, buy_5pct: nullableNumber }).nullable(),
    region: z.object({ sell_median: nullableNumber, sell_min: nullableNumber, buy_median: nullableNumber, buy_max: nullableNumber }).nullable(),
  })
  .meta({ id: 'AppraisalTypePrices' })

export const ResolvedLine = z
  .object({
    type_id: z.number().int().nullable(),
    name: z.string(),
    qty: z.number(),
    unit_m3: z.number().nullable(),
    bpc: z.boolean(),
    runs: z.number().int().nullable(),
    renamed_from: z.string().nullable(),
    suggestion: z.string().nullable(),
  })
  .meta({ id: 'AppraisalLine' })

export const AppraisalRow = z
  .object({
    type_id: z.number().int().nullable().meta({ description: 'null when the line names no known type (status invalid)' }),
    name: z.string(),
    qty: z.number(),
    m3: z.number().nullable().meta({ description: 'Volume of the line in m³, packaged for ships; null when unknown' }),
    price: z.number().nullable().meta({ description: 'Unit price in ISK; null when there is none' }),
    lineISK: z.number().nullable().meta({ description: 'qty × price, rounded to 0.01 ISK; null when unpriced' }),
    source: z
      .enum(PRICE_SOURCES)
      .meta({ description: 'sell5/buy5: hub 5% average; sell/buy: best hub order; split: midpoint; fw-sell/fw-buy: region-wide fallback; n/a: none' }),
    status: z.enum(LINE_STATUSES),
    bpc: z.boolean().meta({ description: "A blueprint copy: it has no market price (never the original's); status unpriced" }),
    runs: z.number().int().nullable().meta({ description: 'Runs left on a blueprint copy, when the paste showed them' }),
    renamed_from: z.string().nullable().meta({ description: 'The name as pasted when the type has been renamed since; name is the current one' }),
    suggestion: z.string().nullable().meta({ description: '"Did you mean …" for an invalid line (never substituted)' }),
    isk_per_m3: z.number().nullable().meta({ description: 'Unit price per m³ of one unit (packaged); null when either is unknown' }),
    median_5d: z.number().nullable().meta({ description: "Unit price on the mode's side as the median of the hub's daily closing 5% prices over 5 days" }),
    median_30d: z.number().nullable().meta({ description: 'The same over 30 days' }),
  })
  .meta({ id: 'AppraisalRow' })

export const AppraisalTotals = z
  .object({
    volume: z.number().meta({ description: 'm³, rounded to 0.001' }),
    sell: z.number(),
    buy: z.number(),
    split: z.number(),
    itemCount: z.number().meta({ description: 'Units over all recognised lines' }),
    adjusted: z.number().meta({ description: "The mode's total × adjustmentPct / 100" }),
    adjustmentPct: z.number(),
    iskPerM3: z.number().nullable().meta({ description: "The mode's total per m³ of the recognised volume; null when the volume is 0" }),
    median5d: z.number().nullable().meta({ description: "The mode's side at the 5-day medians, over the lines that have one" }),
    median30d: z.number().nullable(),
  })
  .meta({
    id: 'AppraisalTotals',
    description: 'ISK totals rounded to 0.01. sell/buy total the 5% averages (best orders in the sell and buy modes); split the midpoints.',
  })

export const AppraiseResponse = z
  .object({
    station_id: z.number().int(),
    hub: z.string(),
    mode: z.enum(PRICE_MODES),
    combine: z.boolean(),
    prices_at: z.string().nullable().meta({ description: 'ISO time of the hub price snapshot used; null before the first one' }),
    parsed_lines: z.number().int().meta({ description: 'Lines of the paste (or items given), blank ones included' }),
    rows: z.array(AppraisalRow).optional().meta({ description: 'The priced lines; left out when the request says rows: false' }),
    totals: AppraisalTotals,
    warnings: z.array(z.string()),
    volume_unknown: z.number().int().meta({ description: 'Recognised lines whose (packaged) volume is unknown and left out of the volume total' }),
    unparsed: z.array(UnreadLine).meta({ description: 'Lines no parser read, and lines refused (with the reason); never made into items' }),
    image_server: z.string().meta({ description: 'Base address of the game image server for item icons (`/types/{type_id}/icon?size=32`)' }),
    lines: z.array(ResolvedLine).optional().meta({ description: 'With with_prices: the resolved lines before combining' }),
    prices: z.array(TypePrices).optional().meta({ description: 'With with_prices: the hub and region prices of every recognised type' }),
  })
  .meta({ id: 'Appraisal' })
export type AppraiseResponse = z.infer<typeof AppraiseResponse>

export const SaveAppraisalRequest = z
  .object({
    station_id: hubStation,
    mode,
    input_raw: z
      .string({ error: 'input_raw: required' })
      .overwrite(wellFormed)
      .meta({ description: `The paste. ${limitsNote}` }),
    adjustment,
    combine,
    totals: z.unknown().optional().meta({ description: 'Accepted for compatibility and ignored: the server computes the totals itself.' }),
    rows: z.unknown().optional().meta({ description: 'Accepted for compatibility and ignored: the server computes the rows itself.' }),
  })
  .meta({
    id: 'SaveAppraisalRequest',
    description:
      'Only input_raw, station_id, mode, adjustment (else totals.adjustmentPct) and combine are used; the snapshot is computed by the server from current prices.',
  })
export type SaveAppraisalRequest = z.infer<typeof SaveAppraisalRequest>

export const SaveAppraisalResponse = z.object({ id: z.string().meta({ example: 'k3J9_xQ2mZ7aB1cD' }) }).meta({ id: 'SavedAppraisalId' })

export const AppraisalIdParam = z.object({ id: z.string().meta({ description: '16 URL-safe characters', example: 'k3J9_xQ2mZ7aB1cD' }) })
export const isAppraisalId = (id: string) => APPRAISAL_ID_PATTERN.test(id)

export const SavedAppraisal = AppraiseResponse.omit({ parsed_lines: true, lines: true, prices: true })
  .extend({
    rows: z.array(AppraisalRow),
    id: z.string(),
    created_at: z.string(),
    input_raw: z.string(),
  })
  .meta({ id: 'SavedAppraisal', description: 'A frozen snapshot: prices, rows and totals as they were when it was saved.' })
export type SavedAppraisal = z.infer<typeof SavedAppraisal>

export const PackagedVolumesQuery = z.object({ type_ids: idList(1000, 'type_ids') })
export const PackagedVolumesResponse = z
  .object({
    rows: z.array(
      z.object({
        type_id: z.number().int(),
        packaged_volume: z.number().nullable().meta({ description: 'm³ per unit when packaged; null when not known yet' }),
      }),
    ),
  })
  .meta({ id: 'PackagedVolumes', description: 'Only the asked types the game repackages (ships, containers); other types keep their listed volume.' })

/** Compare hubs: the same paste priced at every hub. */
export const CompareHubsRequest = z
  .object({ ...pasteFields, mode, combine })
  .refine(hasOneInput, oneInput)
  .meta({ id: 'CompareHubsRequest', examples: [{ text: 'Tritanium 100000\nHobgoblin II x 20', mode: 'sell5' }] })
export type CompareHubsRequest = z.infer<typeof CompareHubsRequest>

export const CompareHubsResponse = z
  .object({
    mode: z.enum(PRICE_MODES),
    combine: z.boolean(),
    parsed_lines: z.number().int(),
    hubs: z.array(
      z.object({
        station_id: z.number().int(),
        hub: z.string(),
        prices_at: z.string().nullable(),
        total: z.number().meta({ description: "The mode's total at this hub (region-wide fallback where the hub has no orders)" }),
        sell: z.number(),
        buy: z.number(),
        split: z.number(),
        unpriced: z.number().int().meta({ description: 'Recognised lines with no price at this hub nor in its region' }),
        best_lines: z.number().int().meta({ description: 'Lines for which this hub pays or asks the most' }),
      }),
    ),
    rows: z.array(
      z.object({
        type_id: z.number().int().nullable(),
        name: z.string(),
        qty: z.number(),
        bpc: z.boolean(),
        /** Unit price per hub, in the order of `hubs`. */
        prices: z.array(z.number().nullable()).meta({ description: 'Unit price at each hub, in the order of hubs; null when none' }),
        best_station_id: z.number().int().nullable().meta({ description: 'The hub with the highest unit price for the line; null when none has one' }),
      }),
    ),
    unparsed: z.array(UnreadLine),
    best_station_id: z.number().int().nullable().meta({ description: 'The hub with the highest total in the mode' }),
  })
  .meta({ id: 'CompareHubs', description: 'The same lines priced at all five hubs in one mode.' })
export type CompareHubsResponse = z.infer<typeof CompareHubsResponse>

export const MediansRequest = z
  .object({
    station_id: hubStation,
    type_ids: z.array(z.number().int().positive()).min(1, 'type_ids: give at least one').max(APPRAISAL_LIMITS.maxLines),
  })
  .meta({ id: 'AppraisalMediansRequest' })
export const MediansResponse = z
  .object({
    station_id: z.number().int(),
    rows: z.array(
      z.object({
        type_id: z.number().int(),
        sell_5d: nullableNumber,
        sell_30d: nullableNumber,
        buy_5d: nullableNumber,
        buy_30d: nullableNumber,
      }),
    ),
  })
  .meta({
    id: 'AppraisalMedians',
    description:
      "Medians of each type's daily closing 5% prices at the hub over the last 5 and 30 days (today included), from this site's own daily history; types with no day of history are left out, a side with no orders on every day is null.",
  })

export const PriceHistoryQuery = z.object({
  station_id: hubStation,
  type_id: z.coerce.number({ error: 'type_id: required' }).int().positive().meta({ example: 34 }),
  days: z.coerce.number().int().min(1).max(90).default(30).meta({ description: 'Days back, today included (1-90, default 30)' }),
})
export const PriceHistoryResponse = z
  .object({
    station_id: z.number().int(),
    type_id: z.number().int(),
    rows: z.array(z.object({ date: z.string(), sell: nullableNumber, buy: nullableNumber })),
  })
  .meta({
    id: 'AppraisalPriceHistory',
    description: "Per day: the closing 5% sell and buy prices at the hub (null: no orders on that side at the day's close).",
  })
