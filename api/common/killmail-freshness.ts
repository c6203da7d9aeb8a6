import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { ageInWords, KILLMAIL_FEED_STALE_MINUTES } from '../../schemas/killmail-constants.js'
import type { KillmailFeed } from '../../schemas/killmail-feed.js'

/** What the stored kills say about the feed: the newest kill's time and when the live feed last stored one. */
export interface FreshnessFacts {
  /** killmail_time of the newest stored kill (any source), ms; null when nothing is stored. */
  newestKillMs: number | null
  /** stored_at of the newest kill stored by the live feed, ms; null when the live feed never stored one. */
  liveStoredMs: number | null
}

/**
 * One pass over two columns of `killmails` (12-20 ms for a million kills on the shared 2-core machine), so it is cached:
 * see `killmailFreshness`. The newest `killmail_time` comes from the small per-system aggregate.
 */
export async function readFreshnessFacts(ch: ClickHouseClient): Promise<FreshnessFacts> {
  const [row] = await queryRows<{ newest_kill: string | number | null; live_stored: string | number | null }>(
    ch,
    `SELECT
       (SELECT toUnixTimestamp(maxOrNull(last_kill)) FROM killboard_system_latest) AS newest_kill,
       (SELECT toUnixTimestamp64Milli(maxOrNull(stored_at)) FROM killmails WHERE source = 'live') AS live_stored`,
  )
  return {
    newestKillMs: row?.newest_kill == null ? null : Number(row.newest_kill) * 1000,
    liveStoredMs: row?.live_stored == null ? null : Number(row.live_stored),
  }
}

/**
 * The feed's state at `nowMs` (docs/tools/killmails.md, "Freshness"): STARTING with nothing stored; STALE when the
 * live feed has stored no kill for longer than the threshold (or never: only a backfill stored kills), or when the
 * newest stored kill happened longer ago than that (the feed runs but is far behind, e.g. catching up after a
 * restart); OK otherwise.
 */
export function feedState(facts: FreshnessFacts, nowMs: number, staleAfterMinutes = KILLMAIL_FEED_STALE_MINUTES): KillmailFeed {
  const age = (ms: number | null) => (ms === null ? null : Math.max(0, Math.floor((nowMs - ms) / 1000)))
  const newestAge = age(facts.newestKillMs)
  const liveAge = age(facts.liveStoredMs)
  const limit = staleAfterMinutes * 60
  const base = {
    newest_kill_at: facts.newestKillMs === null ? null : new Date(facts.newestKillMs).toISOString(),
    newest_kill_age_seconds: newestAge,
    live_stored_at: facts.liveStoredMs === null ? null : new Date(facts.liveStoredMs).toISOString(),
    live_stored_age_seconds: liveAge,
    stale_after_minutes: staleAfterMinutes,
    zkill_answering: null,
  }
  if (newestAge === null) return { status: 'STARTING', ...base, detail: 'No kill stored yet' }
  if (liveAge === null) return { status: 'STALE', ...base, detail: 'The live feed has stored no kill yet' }
  if (liveAge > limit) return { status: 'STALE', ...base, detail: `The live feed last stored a kill ${ageInWords(liveAge)} ago` }
  if (newestAge > limit) return { status: 'STALE', ...base, detail: `The newest kill stored happened ${ageInWords(newestAge)} ago: the feed is behind` }
  return { status: 'OK', ...base, detail: `Newest kill ${ageInWords(newestAge)} ago; the live feed stored one ${ageInWords(liveAge)} ago` }
}

/** What the server last learned of zKillboard answering (a `DependencyProbe` result); null when it has not asked yet. */
export type ZkillReach = { ok: boolean; error: string | null } | null

/**
 * The feed state with zKillboard's reachability. With nothing stored and zKillboard not answering, the detail says
 * so: that is why nothing is stored, and "No kill stored yet" alone reads like a fresh start that will fill up.
 */
export function withZkill(feed: KillmailFeed, zkill: ZkillReach): KillmailFeed {
  const out = { ...feed, zkill_answering: zkill ? zkill.ok : null }
  if (feed.status === 'STARTING' && zkill && !zkill.ok) out.detail = `No kill stored yet: zKillboard is not answering${zkill.error ? ` (${zkill.error})` : ''}`
  return out
}

/**
 * The feed state for a killmail answer. When it is not OK it carries zKillboard's reachability as last seen, never
 * waiting for a ping (the probe pings in the background at most once a minute).
 */
export async function answerFeed(freshness: KillmailFreshness, zkill: { known(): ZkillReach }): Promise<KillmailFeed> {
  const feed = await freshness.current()
  return feed.status === 'OK' ? feed : withZkill(feed, zkill.known())
}

/** How long read facts are reused: long while all is well, briefly otherwise, so a recovery shows within seconds. */
export const FRESHNESS_CACHE_MS = { ok: 30_000, other: 5_000 }

/**
 * The feed state, read at most every 30 s (5 s while not OK) however many pages ask, one read at a time. When a
 * read fails, the last facts keep serving (the ages still grow with the clock); it throws only when there are none.
 */
export class KillmailFreshness {
  private last: { at: number; facts: FreshnessFacts } | null = null
  private inflight: Promise<FreshnessFacts> | null = null

  constructor(
    private ch: ClickHouseClient,
    private onError: (err: unknown) => void = () => {},
  ) {}

  async current(): Promise<KillmailFeed> {
    const now = Date.now()
    if (this.last) {
      const state = feedState(this.last.facts, now)
      if (now - this.last.at < (state.status === 'OK' ? FRESHNESS_CACHE_MS.ok : FRESHNESS_CACHE_MS.other)) return state
    }
    this.inflight ??= readFreshnessFacts(this.ch)
      .then((facts) => {
        this.last = { at: Date.now(), facts }
        return facts
      })
      .catch((err) => {
        if (!this.last) throw err
        this.onError(err)
        return this.last.facts
      })
      .finally(() => (this.inflight = null))
    return feedState(await this.inflight, Date.now())
  }
}

const shared = new WeakMap<ClickHouseClient, KillmailFreshness>()

/** The one freshness cache of a database client, shared by the status page and every killmail answer. */
export function killmailFreshness(ch: ClickHouseClient, onError?: (err: unknown) => void): KillmailFreshness {
  let f = shared.get(ch)
  if (!f) shared.set(ch, (f = new KillmailFreshness(ch, onError)))
  return f
}

/**
 * Days from `then` to `now`, to the second (0.125 is three hours), so the page can say "3 hours ago" as the spec's
 * relative times ask. Never negative: a killmail clock slightly ahead of ours counts as now.
 */
export const daysSince = (thenMs: number, nowMs: number) => Math.max(0, Math.floor((nowMs - thenMs) / 1000)) / 86_400

/** Whole days from `then` to `now`, rounded down (never negative). */
export const wholeDaysAgo = (thenMs: number, nowMs: number) => Math.floor(daysSince(thenMs, nowMs))
