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
      const parts = s.split(',').map((x) => x.trim()).filter(Boolean)
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

/** A positive integer id from a query string or path. */
export const IdParam = z.preprocess((v, ctx) => {
  // Number('0x1d9a5b5') and Number('3.1e7') are whole numbers too: an id is written in decimal digits only.
  if (typeof v === 'string' && v.trim() !== '' && !/^\s*\d+\s*$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number written in digits' })
    return z.NEVER
  }
  return v
}, z.coerce.number().int().positive().max(2 ** 31))

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
