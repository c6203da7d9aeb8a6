import type { Context, Middleware, Next } from 'koa'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { clientGroup } from './client-ip.js'

export interface RateLimitOptions {
  /** Requests allowed per window. */
  points: number
  /** Window length in seconds. */
  durationSeconds: number
  /** What the 429 body says, before the retry hint. */
  message?: string
  /**
   * Give the point back when the request did nothing: refused as invalid (400), or failed on our side (5xx). A
   * person correcting a typo the browser let through, or retrying while the database is away, should not use up
   * their tries.
   */
  refundUnserved?: boolean
}

/** A 429's body: the sentence, and the wait in `details` too, since pages read the body and not the headers. */
export const rateLimitedBody = (message: string | undefined, retryAfterSeconds: number) => ({
  error: `${message ?? 'Too many requests'}: try again in ${retryAfterSeconds} s`,
  details: { retryAfterSeconds },
})

/**
 * Per-client limit answered with 429, Retry-After and a JSON error. A client is an IPv4 address or an IPv6 /64
 * (`clientGroup`): one subscriber holds a whole /64 and could otherwise take a fresh count per address.
 * Counters live in the process (each api replica counts on its own; see docs/operations.md).
 */
export function rateLimit(options: RateLimitOptions): RateLimitMiddleware {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.durationSeconds })
  const middleware = async (ctx: Context, next: Next) => {
    const client = clientGroup(ctx.ip)
    try {
      await limiter.consume(client)
    } catch (rejection) {
      const ms = (rejection as { msBeforeNext?: number }).msBeforeNext ?? options.durationSeconds * 1000
      const seconds = Math.max(1, Math.ceil(ms / 1000))
      ctx.status = 429
      ctx.set('Retry-After', String(seconds))
      ctx.body = rateLimitedBody(options.message, seconds)
      return
    }
    if (!options.refundUnserved) return next()
    const unserved = (status: number | undefined) => status === 400 || (status !== undefined && status >= 500)
    try {
      await next()
    } catch (err) {
      if (unserved((err as { status?: number }).status ?? 500)) await limiter.reward(client, 1)
      throw err
    }
    if (unserved(ctx.status)) await limiter.reward(client, 1)
  }
  return Object.assign(middleware, {
    allows: (ip: string) =>
      limiter.consume(clientGroup(ip)).then(
        () => true,
        () => false,
      ),
  })
}

/** The limit as Koa middleware, and as a question for answers served outside Koa (api/http/answer-replay.ts). */
export type RateLimitMiddleware = Middleware & { allows(ip: string): Promise<boolean> }
