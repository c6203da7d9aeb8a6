import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible'
import { HttpError } from '../../platform/http/errors.js'

/** Failed logins allowed per window before further attempts are refused with 429 (counted per api process). */
export const LOGIN_LIMITS = {
  perIp: { points: 10, durationSeconds: 15 * 60 },
  perUsername: { points: 5, durationSeconds: 15 * 60 },
}

/**
 * Counts failed logins per client address and per username. Per address stops one client guessing across
 * many names; per username stops many addresses guessing one account. A success clears the username's count.
 *
 * Each attempt takes its point before the password is checked (`begin`), and a success gives it back: checking
 * the counts first and adding a failure afterwards let a burst of simultaneous guesses all pass the check.
 */
export class LoginThrottle {
  private ip = new RateLimiterMemory({ points: LOGIN_LIMITS.perIp.points, duration: LOGIN_LIMITS.perIp.durationSeconds })
  private user = new RateLimiterMemory({ points: LOGIN_LIMITS.perUsername.points, duration: LOGIN_LIMITS.perUsername.durationSeconds })

  /** Count an attempt as failed until `succeeded` says otherwise; throws a 429 (not counted) when either count is spent. */
  async begin(ip: string, username: string): Promise<void> {
    const results = await Promise.allSettled([this.ip.consume(ip), this.user.consume(username)])
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as RateLimiterRes] : []))
    if (!refused.length) return
    await this.release(ip, username)
    const waitMs = Math.max(...refused.map((r) => r.msBeforeNext ?? 0))
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    throw new HttpError(429, `Too many failed logins: try again in ${seconds} s`, undefined, { 'Retry-After': String(seconds) })
  }

  /** Take back the points of an attempt that checked no password (refused, or the database failed). */
  async release(ip: string, username: string): Promise<void> {
    await Promise.all([this.ip.reward(ip, 1), this.user.reward(username, 1)])
  }

  async succeeded(ip: string, username: string): Promise<void> {
    await Promise.all([this.ip.reward(ip, 1), this.user.delete(username)])
  }
}
