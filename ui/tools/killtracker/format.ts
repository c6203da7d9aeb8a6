import { isObject } from '../../lib/is-object'

/**
 * The kill tracker's formats (spec, business constants). ISK uses the site's compact money format
 * (`formatIskCompact`); K/D has 2 decimals, or ∞ when not finite.
 */

/** `kd` as the API sends it: null stands for a ratio that is not finite (kills without losses). */
export function formatKd(kd: number | null): string {
  return kd !== null && Number.isFinite(kd) ? kd.toFixed(2) : '∞'
}

/** '2026-03-25 14:26' from an ISO time, in UTC. */
export function utcDateTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ')
}

/** '14:26:36' from an ISO time, in UTC. */
export function utcTime(iso: string): string {
  return iso.slice(11, 19)
}

export function deathHeadline(name: string, daysSince: number | null): string {
  if (daysSince === null || !Number.isFinite(daysSince)) return 'No recorded deaths (yet?)'
  return `It's been ${daysSince} ${daysSince === 1 ? 'day' : 'days'} since ${name} last died.`
}

/**
 * Whether a body is a kill tracker answer. `/api/{name}` is a catch-all behind every other API route, so the page at
 * `/health` or `/live-kills` gets that endpoint's answer, which is no tracker (the page shows its 404 then).
 */
export function isTrackerAnswer(body: unknown): boolean {
  if (!isObject(body) || typeof body.name !== 'string' || !Array.isArray(body.characters)) return false
  const { lastDeath, last7d, lists, meta } = body
  return (
    isObject(lastDeath) &&
    isObject(last7d) &&
    typeof last7d.kills === 'number' &&
    typeof last7d.losses === 'number' &&
    isObject(lists) &&
    Array.isArray(lists.kills) &&
    Array.isArray(lists.losses) &&
    isObject(meta) &&
    typeof meta.fetchedAt === 'string'
  )
}
