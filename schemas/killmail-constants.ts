/** Killboard and kill-tracker constants shared by the API and the UI (no zod here, so pages can import it cheaply). */

/** Days of history the killboard summary and the activity heatmap count (UTC calendar days, today included). */
export const KILLBOARD_WINDOW_DAYS = 60
/** Corporations listed in a system's killboard summary (spec: top 10). */
export const KILLBOARD_TOP_CORPORATIONS = 10
/** Heatmap rows: ISO weekdays, Monday first (UTC). */
export const HEATMAP_DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** The kill tracker's window (spec: 7 days), counted back from now. */
export const TRACKER_WINDOW_DAYS = 7
/** How long a kill tracker answer is reused (spec: about 2 minutes). */
export const TRACKER_CACHE_SECONDS = 120
/** At most this many rows per kill tracker list (newest first); the 7-day totals always count everything. */
export const TRACKER_LIST_LIMIT = 200

/** zKillboard's public site, for links when the API did not send one. */
export const ZKILL_SITE = 'https://zkillboard.com'
/** zKillboard pages for a kill and a character, under the configured zKillboard address. */
export const zkillKillUrl = (base: string, killmailId: number) => `${base.replace(/\/$/, '')}/kill/${killmailId}/`
export const zkillCharacterUrl = (base: string, characterId: number) => `${base.replace(/\/$/, '')}/character/${characterId}/`

/**
 * The killmail data is STALE when the live feed has stored no kill, or the newest stored kill happened, longer ago
 * than this. New Eden has kills every minute and the feed looks for new ones every 6 s, so half an hour without one
 * is an outage, not a quiet spell (docs/tools/killmails.md, "Freshness").
 */
export const KILLMAIL_FEED_STALE_MINUTES = 30

/** "3 hours", "1 minute", "12 seconds", "2 days": an age in its largest whole unit (negative ages count as 0). */
export function ageInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return unit(s, 'second')
  if (s < 3600) return unit(Math.floor(s / 60), 'minute')
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hour')
  return unit(Math.floor(s / 86_400), 'day')
}
