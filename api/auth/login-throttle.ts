import { RateLimiterMemory } from 'rate-limiter-flexible'
import { HttpError } from '../http/errors.js'

/** Failed logins allowed per window before further attempts are refused with 429 (counted per api process). */
export const LOGIN_LIMITS = {
  perIp: { points: 10, durationSeconds: 15 * 60 },
  perUsername: { points: 5, durationSeconds: 15 * 60 },
}

/**
 * Counts failed logins per client address and per username. Per address stops one client guessing across
 * many names; per username stops many addresses guessing one account. A success clears the username's count.
 */
export class LoginThrottle {
  private ip = new RateLimiterMemory({ points: LOGIN_LIMITS.perIp.points, duration: LOGIN_LIMITS.perIp.durationSeconds })
  private user = new RateLimiterMemory({ points: LOGIN_LIMITS.perUsername.points, duration: LOGIN_LIMITS.perUsername.durationSeconds })

  /** Throws a 429 when either count is spent. */
  async check(ip: string, username: string): Promise<void> {
    const [byIp, byUser] = await Promise.all([this.ip.get(ip), this.user.get(username)])
    const blocked = [
      byIp && byIp.consumedPoints >= LOGIN_LIMITS.perIp.points ? byIp.msBeforeNext : 0,
      byUser && byUser.consumedPoints >= LOGIN_LIMITS.perUsername.points ? byUser.msBeforeNext : 0,
    ]
    const waitMs = Math.max(...blocked)
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000))
      throw new HttpError(429, `Too many failed logins: try again in ${seconds} s`, undefined, { 'Retry-After': String(seconds) })
    }
  }

  async failed(ip: string, username: string): Promise<void> {
    await Promise.all([this.ip.penalty(ip, 1), this.user.penalty(username, 1)])
  }

  async succeeded(username: string): Promise<void> {
    await this.user.delete(username)
  }
}
