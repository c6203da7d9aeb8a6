import { z } from 'zod'
import { ADJUSTMENT, APPRAISAL_ID_PATTERN, APPRAISAL_LIMITS, LINE_STATUSES, PRICE_MODES, PRICE_SOURCES } from './appraisal/constants.js'
import { HUB_STATION_IDS, HUBS } from './market.js'
import { idList } from './common.js'
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

export const AppraiseRequest = z
  .object({
    text: z
      .string({ error: 'text: required' })
      .meta({ description: `The paste, as copied from the game. ${limitsNote}`, example: 'Tritanium 100000\nPyerite x 5000' }),
    station_id: hubStation,
    mode,
    adjustment,
    combine,
  })
  .meta({ id: 'AppraiseRequest' })
export type AppraiseRequest = z.infer<typeof AppraiseRequest>

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
    parsed_lines: z.number().int().meta({ description: 'Item lines read from the paste, before combining' }),
    rows: z.array(AppraisalRow),
    totals: AppraisalTotals,
    warnings: z.array(z.string()),
    volume_unknown: z.number().int().meta({ description: 'Recognised lines whose (packaged) volume is unknown and left out of the volume total' }),
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

export const SavedAppraisal = AppraiseResponse.omit({ parsed_lines: true })
  .extend({
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
