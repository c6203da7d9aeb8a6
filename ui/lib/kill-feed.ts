import type { KillmailFeed } from '../../schemas/killmail-feed'
import { ageInWords } from '../../schemas/killmail-constants'

/** What the killmail pages need of the API's `feed` field (schemas/killmail-feed.ts). */
export type FeedFreshness = Pick<
  KillmailFeed,
  'status' | 'newest_kill_at' | 'newest_kill_age_seconds' | 'live_stored_age_seconds' | 'stale_after_minutes' | 'zkill_answering'
>

const isAge = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0)

/** The `feed` field of an answer, or null when it is missing or not in the expected shape (then no note is shown). */
export function readFeed(body: unknown): FeedFreshness | null {
  if (!body || typeof body !== 'object') return null
  const f = body as Record<string, unknown>
  if (f.status !== 'OK' && f.status !== 'STALE' && f.status !== 'STARTING') return null
  if (!isAge(f.newest_kill_age_seconds) || !isAge(f.live_stored_age_seconds) || typeof f.stale_after_minutes !== 'number') return null
  return {
    status: f.status,
    newest_kill_at: typeof f.newest_kill_at === 'string' ? f.newest_kill_at : null,
    newest_kill_age_seconds: f.newest_kill_age_seconds,
    live_stored_age_seconds: f.live_stored_age_seconds,
    stale_after_minutes: f.stale_after_minutes,
    zkill_answering: typeof f.zkill_answering === 'boolean' ? f.zkill_answering : null,
  }
}

/** "3 hours ago", "1 minute ago", "2 days ago": the largest whole unit. */
export const secondsAgo = (seconds: number) => `${ageInWords(seconds)} ago`

/** True while the feed has stored no kill at all: the page's zeros are then no data, not "no kills". */
export const noKillData = (feed: FeedFreshness | null | undefined) => feed?.status === 'STARTING'

/**
 * The amber note for pages built from killmails, or null while the feed is OK. STARTING: nothing is stored yet (and
 * zKillboard not answering, when the server knows). STALE: it names the newest stored kill's age when that is past the
 * threshold (the usual case: the feed is down or far behind), else when the live feed last stored a kill (only a
 * backfill brought recent kills).
 */
export function feedNote(feed: FeedFreshness | null | undefined): string | null {
  if (feed && noKillData(feed)) {
    const down = feed.zkill_answering === false ? ' zKillboard is not answering.' : ''
    return `No kill data yet: the zKillboard feed has not delivered any kill since this site started.${down}`
  }
  if (!feed || feed.status !== 'STALE') return null
  const newest = feed.newest_kill_age_seconds
  const live = feed.live_stored_age_seconds
  const why =
    newest !== null && newest > feed.stale_after_minutes * 60
      ? `the newest kill stored is from ${secondsAgo(newest)}`
      : live !== null
        ? `the live feed last stored a kill ${secondsAgo(live)}`
        : 'the live feed has stored no kill yet'
  return `Kill data may be incomplete: ${why} (zKillboard feed behind or down).`
}
