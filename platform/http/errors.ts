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

/** Turn a zod failure into one readable sentence plus the per-field issues; `input` is what was validated. */
export function describeZodError(where: string, error: z.ZodError, input?: unknown): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: plainMessage(i, input) }))
  const sentence = issues
    .slice(0, 5)
    .map((i) => (i.path && !i.message.startsWith(i.path + ':') ? `${i.path}: ${i.message}` : i.message))
    .join('; ')
  return new HttpError(400, `Invalid ${where}: ${sentence}`, issues)
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
