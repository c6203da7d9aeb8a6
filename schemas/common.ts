import { z } from 'zod'

/** Every API error body: a sentence a person can act on, and optional machine-readable details. */
export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in words a person can act on', example: 'type_ids: at most 1000 ids' }),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof ErrorBody>

/** A comma-separated list of positive integer ids in a query string, e.g. `34,35,36`. */
export function idList(max: number, name = 'ids') {
  return z
    .string()
    .trim()
    .min(1, `${name}: give at least one id`)
    .transform((s, ctx) => {
      const parts = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
      if (parts.length === 0) {
        // ',' or ', ,' passes the length check but names nothing: the same answer as an empty list
        ctx.addIssue({ code: 'custom', message: `${name}: give at least one id` })
        return z.NEVER
      }
      const ids: number[] = []
      for (const p of parts) {
        if (!/^\d{1,10}$/.test(p) || Number(p) === 0) {
          ctx.addIssue({ code: 'custom', message: `${name}: '${p.slice(0, 20)}' is not a positive whole number` })
          return z.NEVER
        }
        ids.push(Number(p))
      }
      if (ids.length > max) {
        ctx.addIssue({ code: 'custom', message: `${name}: at most ${max} ids per request (got ${ids.length})` })
        return z.NEVER
      }
      return [...new Set(ids)]
    })
}

// Number('0x1d9a5b5') and Number('3.1e7') are whole numbers too: a query's whole numbers are written in decimal digits.
const DIGITS_MESSAGE = 'must be a whole number written in digits'
/** A query value as written, refused with `message` unless it matches `pattern` (for preprocess, before coercion). */
export const refuseNonDigits = (v: unknown, ctx: z.RefinementCtx, pattern: RegExp, message = DIGITS_MESSAGE) => {
  if (typeof v === 'string' && v.trim() !== '' && !pattern.test(v)) {
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  return v
}

/** A positive integer id from a query string or path. */
export const IdParam = z.preprocess(
  (v, ctx) => refuseNonDigits(v, ctx, /^\s*\d+\s*$/),
  z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
)

/**
 * A whole-number query setting in [min, max] with a default: decimal digits (a minus sign lets '-1' hear the range),
 * and an empty value means not given, as the page leaves a default out of its address.
 */
export const wholeNumberQuery = (min: number, max: number, fallback: number, tooSmall: string, tooBig = tooSmall) =>
  z
    .preprocess(
      (v, ctx) => (typeof v === 'string' && v.trim() === '' ? undefined : refuseNonDigits(v, ctx, /^\s*-?\d+\s*$/)),
      z.coerce.number().int().min(min, tooSmall).max(max, tooBig).default(fallback),
    )
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback })

export const HealthResponse = z
  .object({
    ok: z.boolean(),
    version: z.string(),
    uptime_seconds: z.number(),
    db: z.object({ ok: z.boolean(), ms: z.number(), error: z.string().nullable() }),
    stream: z.enum(['memory', 'kafka']),
    roles: z.array(z.string()),
  })
  .meta({ id: 'Health' })
export type HealthResponse = z.infer<typeof HealthResponse>
