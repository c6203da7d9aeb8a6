/** The killboard panels' data, as the killmail pipeline's endpoints answer (spec part 2, section 3). */
export interface KillboardSummary {
  totalKills: number
  daysCovered: number
  mostRecentKillDaysAgo: number | null
  activeCorporations: ActiveCorporation[]
}
export interface ActiveCorporation {
  id: number
  name: string
  activeDays: number
  lastSeenDaysAgo: number
}
/** One row per day (labels in `days`), 24 hourly counts each. */
export interface KillboardActivity {
  days: string[]
  counts: number[][]
  max: number
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/** A summary answer in the expected shape, or null (the panel then keeps saying 'Loading...', as the spec asks). */
export function readSummary(body: unknown): KillboardSummary | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  if (!isNumber(b.totalKills) || !isNumber(b.daysCovered) || !Array.isArray(b.activeCorporations)) return null
  const corps = b.activeCorporations.filter(
    (c): c is ActiveCorporation => !!c && typeof c === 'object' && isNumber((c as ActiveCorporation).id) && isNumber((c as ActiveCorporation).activeDays) && isNumber((c as ActiveCorporation).lastSeenDaysAgo),
  )
  return { totalKills: b.totalKills, daysCovered: b.daysCovered, mostRecentKillDaysAgo: isNumber(b.mostRecentKillDaysAgo) ? b.mostRecentKillDaysAgo : null, activeCorporations: corps }
}

export function readActivity(body: unknown): KillboardActivity | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  if (!Array.isArray(b.days) || !Array.isArray(b.counts) || b.counts.length !== b.days.length) return null
  if (!b.counts.every((row) => Array.isArray(row) && row.length === 24 && row.every(isNumber))) return null
  const counts = b.counts as number[][]
  const max = isNumber(b.max) ? b.max : Math.max(0, ...counts.flat())
  return { days: b.days.map(String), counts, max }
}

/** The spec's top 10: most active days first, then the most recently seen. */
export const topCorporations = (corps: ActiveCorporation[], limit = 10) =>
  [...corps].sort((a, b) => b.activeDays - a.activeDays || a.lastSeenDaysAgo - b.lastSeenDaysAgo).slice(0, limit)

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`

/** A time in days ago as people say it: seconds, minutes, hours or days. */
export function relativeTime(daysAgo: number): string {
  const seconds = Math.max(0, Math.round(daysAgo * 86_400))
  if (seconds < 60) return unit(seconds, 'second')
  if (seconds < 3600) return unit(Math.floor(seconds / 60), 'minute')
  if (seconds < 86_400) return unit(Math.floor(seconds / 3600), 'hour')
  return unit(Math.floor(seconds / 86_400), 'day')
}
