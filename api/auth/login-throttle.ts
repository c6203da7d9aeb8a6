import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible'
import { HttpError } from '../../platform/http/errors.js'
import { clientGroup } from '../http/client-ip.js'

/** Failed logins allowed per window before further attempts are refused with 429 (counted per api process). */
export const LOGIN_LIMITS = {
  /** Per client (an IPv4 address or an IPv6 /64), whatever usernames it tries. */
  perIp: { points: 10, durationSeconds: 15 * 60 },
  /** Per username from one client. */
  perUsernameFromIp: { points: 5, durationSeconds: 15 * 60 },
  /** Per username from every client: past it, clients with failures of their own are refused for that name. */
  perUsername: { points: 5, durationSeconds: 15 * 60 },
}

/**
 * Counts failed logins. Refusals are per client: its own failures (across names, and for one name) refuse it.
 * Failures for a username from everywhere refuse only clients that have failed themselves, so guessing from many
 * addresses still gets one try per address, while a client with no failures always gets its password checked:
 * a third party's failures can no longer lock the admin out (five wrong passwords for the admin's name used to
 * refuse even the right one, from anywhere, for 15 minutes: issue #39). A success clears the name's counts.
 *
 * Each attempt takes its point before the password is checked (`begin`), and a success gives it back: checking
 * the counts first and adding a failure afterwards let a burst of simultaneous guesses all pass the check.
 */
export class LoginThrottle {
  private ip = new RateLimiterMemory({ points: LOGIN_LIMITS.perIp.points, duration: LOGIN_LIMITS.perIp.durationSeconds })
  private pair = new RateLimiterMemory({ points: LOGIN_LIMITS.perUsernameFromIp.points, duration: LOGIN_LIMITS.perUsernameFromIp.durationSeconds })
  private user = new RateLimiterMemory({ points: LOGIN_LIMITS.perUsername.points, duration: LOGIN_LIMITS.perUsername.durationSeconds })

  /** Count an attempt as failed until `succeeded` says otherwise; throws a 429 (not counted) when the client is refused. */
  async begin(ip: string, username: string): Promise<void> {
    const client = clientGroup(ip)
    const failedBefore = ((await this.ip.get(client))?.consumedPoints ?? 0) > 0
    const [byIp, byPair, byUser] = await Promise.allSettled([
      this.ip.consume(client),
      this.pair.consume(pairKey(client, username)),
      this.user.consume(username),
    ])
    const refused = [byIp, byPair, ...(failedBefore ? [byUser] : [])].flatMap((r) => (r.status === 'rejected' ? [r.reason as RateLimiterRes] : []))
    if (!refused.length) return
    await this.release(ip, username)
    const waitMs = Math.max(...refused.map((r) => r.msBeforeNext ?? 0))
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    throw new HttpError(429, `Too many failed logins: try again in ${seconds} s`, undefined, { 'Retry-After': String(seconds) })
  }

  /** Take back the points of an attempt that checked no password (refused, or the database failed). */
  async release(ip: string, username: string): Promise<void> {
    const client = clientGroup(ip)
    await Promise.all([this.ip.reward(client, 1), this.pair.reward(pairKey(client, username), 1), this.user.reward(username, 1)])
  }

  async succeeded(ip: string, username: string): Promise<void> {
    const client = clientGroup(ip)
    await Promise.all([this.ip.reward(client, 1), this.pair.delete(pairKey(client, username)), this.user.delete(username)])
  }
}

const pairKey = (client: string, username: string) => `${client} ${username}`
