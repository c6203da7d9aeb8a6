import type { ActiveCorporation, KillboardActivity as ActivityAnswer, KillboardSummary as SummaryAnswer } from '../../../schemas/killboard'
import { readFeed, secondsAgo, type FeedFreshness } from '../../lib/kill-feed'

/**
 * The killboard panels' data: the API's answers (`schemas/killboard.ts`, spec part 2, section 3), less the fields the
 * panels do not show. Typed from the API's own schema, so a renamed field fails the type check here. `feed` is null
 * when an answer lacks it (the panels then show no freshness note).
 */
export type KillboardSummary = Pick<SummaryAnswer, 'totalKills' | 'daysCovered' | 'mostRecentKillDaysAgo' | 'activeCorporations'> & {
  feed: FeedFreshness | null
}
export type KillboardActivity = Pick<ActivityAnswer, 'days' | 'hours' | 'max'> & { feed: FeedFreshness | null }
export type { ActiveCorporation }

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/** A summary answer in the expected shape, or null (the panel then keeps saying 'Loading...', as the spec asks). */
export function readSummary(body: unknown): KillboardSummary | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  if (!isNumber(b.totalKills) || !isNumber(b.daysCovered) || !Array.isArray(b.activeCorporations)) return null
  const corps = b.activeCorporations
    .filter(
      (c): c is ActiveCorporation =>
        !!c &&
        typeof c === 'object' &&
        isNumber((c as ActiveCorporation).id) &&
        isNumber((c as ActiveCorporation).activeDays) &&
        isNumber((c as ActiveCorporation).lastSeenDaysAgo),
    )
    .map((c) => ({ ...c, name: typeof c.name === 'string' ? c.name : null }))
  return {
    totalKills: b.totalKills,
    daysCovered: b.daysCovered,
    mostRecentKillDaysAgo: isNumber(b.mostRecentKillDaysAgo) ? b.mostRecentKillDaysAgo : null,
    activeCorporations: corps,
    feed: readFeed(b.feed),
  }
}

export function readActivity(body: unknown): KillboardActivity | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  if (!Array.isArray(b.days) || !Array.isArray(b.hours) || b.hours.length !== b.days.length) return null
  if (!b.hours.every((row) => Array.isArray(row) && row.length === 24 && row.every(isNumber))) return null
  const hours = b.hours as number[][]
  const max = isNumber(b.max) ? b.max : Math.max(0, ...hours.flat())
  return { days: b.days.map(String) as KillboardActivity['days'], hours, max, feed: readFeed(b.feed) }
}

/** The spec's top 10: most active days first, then the most recently seen. */
export const topCorporations = (corps: ActiveCorporation[], limit = 10) =>
  [...corps].sort((a, b) => b.activeDays - a.activeDays || a.lastSeenDaysAgo - b.lastSeenDaysAgo).slice(0, limit)

/** The corporation's name, or its id while the API could not learn the name from ESI (it answers `name: null`). */
export const corporationLabel = (c: Pick<ActiveCorporation, 'id' | 'name'>) => c.name ?? `Corporation ${c.id}`

/** A time in days ago as people say it: seconds, minutes, hours or days. */
export const relativeTime = (daysAgo: number) => secondsAgo(daysAgo * 86_400)
