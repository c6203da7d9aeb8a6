import type { Context, Next } from 'koa'
import { z } from 'zod'
import type { Logger } from '../log.js'

/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details)
export const notFound = (message = 'Not found') => new HttpError(404, message)

/**
 * Turn a zod failure into sentences about what the sender did ("The search text must be at least 2 characters.",
 * "Fill in the email address."), never a field path; the per-field issues, with their paths, go in `details` for API
 * callers. `where` is what was validated ('query', 'body' or 'path'); `input` is its value.
 */
export function describeZodError(where: string, error: z.ZodError, input?: unknown): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: plainMessage(i, input) }))
  const sentences = error.issues.slice(0, 5).map((issue, n) => issueSentence(issue.path, issues[n].message, where))
  return new HttpError(400, [...new Set(sentences)].join(' '), issues)
}

/**
 * Plain names of the fields players and admins fill in, where the field's own name is no word they would use. Any
 * other field is named by its own words (`display_name` and `displayName` read 'display name').
 */
const FIELD_LABELS: Record<string, string> = {
  q: 'search text',
  type_ids: 'item type ids',
  webhook_url: 'webhook address',
  webhook_urls: 'webhook addresses',
  email: 'email address',
  me: 'material efficiency',
  te: 'time efficiency',
  qty: 'quantity',
  id: 'id',
  jcode: 'J-code',
  solarsystemid: 'solar system id',
  entity_id: 'id',
  item_type: 'kind of entry',
  character_ids: 'character ids',
  path: 'page address',
  p0Source: 'P0 source',
}

/** A field's name in words: 'siteRuns' and 'site_runs' read 'site runs'. */
function words(key: string): string {
  if (Object.hasOwn(FIELD_LABELS, key)) return FIELD_LABELS[key]
  // A key that is data, not a field name (an item or site name: 'Tritanium', 'Core Garrison'), is quoted as it is.
  if (!/^[a-z][A-Za-z0-9_]*$/.test(key)) return `'${key}'`
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
}

/** 'the count of site run 1', 'the name of player 2', 'the quantity'. */
export function fieldLabel(path: PropertyKey[], where: string): string {
  const parts = path.filter((p): p is string | number => typeof p !== 'symbol')
  const last = parts.length - 1
  let label = ''
  for (let i = last; i >= 0; i--) {
    const part = parts[i]
    if (typeof part === 'number') continue
    const next = parts[i + 1]
    const name = words(part)
    const item = typeof next === 'number' ? `${name.replace(/(ie)?s$/, (_, ie: string | undefined) => (ie ? 'y' : ''))} ${next + 1}` : name
    label = label ? `${label} of ${item}` : i === last || typeof next === 'number' ? item : name
    if (label && i !== last && typeof next !== 'number') label = label.replace(new RegExp(` of ${name}$`), ` in ${name}`)
  }
  if (!label) return ''
  return where === 'path' ? `the ${label} in the address` : `the ${label}`
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const withStop = (s: string) => (/[.!?)]$/.test(s) ? s : `${s}.`)

/** One issue as a sentence: what is wrong with which field, in the sender's words. */
function issueSentence(path: PropertyKey[], message: string, where: string): string {
  const label = fieldLabel(path, where)
  // A schema message that names its field itself ('path: ...') has the field's name dropped.
  const own = message.replace(/^[\w.]+: /, (m) => (m.slice(0, -2) === path.join('.') ? '' : m))
  if (!label) return withStop(capitalize(own))
  if (own === 'required') return `Fill in ${label}.`
  if (/^(must|is|are|has|cannot|should) /.test(own)) return withStop(`${capitalize(label)} ${own}`)
  // 'at least 2 characters', 'at most 100,000', 'one of a, b': a bound or a choice reads 'must be …'.
  if (/^(at (least|most) [\d,.]+( characters?)?|between [\d,.]+ and [\d,.]+|one of .*)$/.test(own)) return withStop(`${capitalize(label)} must be ${own}`)
  return withStop(`Check ${label}: ${own}`)
}

/**
 * zod's wording where it misleads: a field left out reads 'Invalid input: expected number, received undefined' (or,
 * for a query number, coerced from nothing to NaN, 'must be a number'), when what the sender must hear is that it is
 * required; and text that is no number is coerced to NaN, and 'received NaN' is not what was sent.
 */
function plainMessage(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined) return 'required'
  if (issue.code === 'invalid_type' && issue.expected === 'number' && issue.message.endsWith('received NaN')) return 'must be a number'
  // zod's own numeric wording ('Too small: expected number to be >0', 'expected int, received number'); a schema's
  // own message is kept as it is.
  if (issue.code === 'invalid_type' && issue.expected === 'int' && issue.message.startsWith('Invalid input')) return 'must be a whole number'
  if (issue.code === 'too_small' && issue.origin === 'number' && issue.message.startsWith('Too small')) {
    return issue.inclusive ? `must be at least ${issue.minimum}` : `must be greater than ${issue.minimum}`
  }
  if (issue.code === 'too_big' && issue.origin === 'number' && issue.message.startsWith('Too big')) {
    return issue.inclusive ? `must be at most ${issue.maximum}` : `must be less than ${issue.maximum}`
  }
  // zod's defaults for a wrong kind of value, an unknown option and text or lists of the wrong length.
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    const kinds: Record<string, string> = { number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object' }
    if (kinds[issue.expected]) return `must be ${kinds[issue.expected]}`
  }
  if (issue.code === 'invalid_value' && issue.message.startsWith('Invalid option') && issue.values.length <= 12) {
    return `must be one of ${issue.values.map(String).join(', ')}`
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.message.startsWith('Too ')) {
    const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`
    if (issue.origin === 'string') return `must be ${bound} characters long`
    if (issue.origin === 'array' || issue.origin === 'set') return `must have ${bound} entries`
  }
  return issue.message
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/**
 * Errors become JSON `{error, details}`. Client errors keep their message; anything unexpected is logged
 * with its stack and answered with a generic 500, so internals never leak.
 */
export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404
        ctx.body = { error: `No such endpoint: ${ctx.method} ${shortPath(ctx.path)}` }
      }
      // /auth/* answers JSON too (sign-in, session), so a wrong method there is no plain-text page either.
      if (ctx.status === 405 && (ctx.path.startsWith('/api/') || ctx.path.startsWith('/auth/'))) {
        ctx.status = 405
        ctx.body = { error: `${ctx.method} is not allowed on ${shortPath(ctx.path)} (allowed: ${ctx.response.get('Allow') || 'none'})` }
      }
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status
        ctx.set(err.headers)
        ctx.body = err.details === undefined ? { error: err.message } : { error: err.message, details: err.details }
        return
      }
      const e = err as Error & { status?: number; expose?: boolean; type?: string; code?: unknown }
      const encoding = ctx.get('Content-Encoding')
      // The body parser inflates gzip/deflate/br bodies; one that is not what its header says fails in zlib, without a status.
      if (encoding && typeof e.code === 'string' && /^(Z_|ERR__ERROR_)/.test(e.code)) {
        ctx.status = 400
        ctx.body = { error: `The request body could not be decompressed as Content-Encoding ${encoding.slice(0, 40)}` }
        return
      }
      // Errors thrown by koa's own body parser and friends carry a status and a safe message.
      if (e.status && e.status >= 400 && e.status < 500) {
        ctx.status = e.status
        ctx.body = {
          error:
            e.type === 'entity.too.large'
              ? 'Request body is too large'
              : e.status === 400 && e instanceof SyntaxError
                ? jsonBodyError(e)
                : e.status === 415 && e.message.startsWith('Unsupported Content-Encoding')
                  ? `${e.message.slice(0, 80)} (send gzip, deflate, br or none)`
                  : e.expose
                    ? e.message
                    : 'Bad request',
        }
        return
      }
      log.error({ err: e, path: ctx.path, method: ctx.method }, 'unhandled error')
      ctx.status = 500
      ctx.body = { error: 'Internal server error' }
    }
  }
}

/** The body parser's JSON failures (a SyntaxError with status 400) as a sentence the sender can act on. */
function jsonBodyError(e: SyntaxError): string {
  // co-body's strict mode takes only an object or array at the top; bourne refuses prototype-poisoning keys.
  if (e.message.startsWith('invalid JSON, only supports object and array')) return 'The request body must be a JSON object'
  if (e.message.includes('forbidden prototype property')) return 'The request body must not contain a "__proto__" or "constructor.prototype" key'
  return `The request body is not valid JSON: ${e.message.slice(0, 200)}`
}

/** A path as an error sentence quotes it: a 10,000-character path is cut, not echoed whole. */
const shortPath = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}…` : path)
