import type { EsiClient } from '../../platform/esi/client.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { storedKillmailIds } from '../../pipelines/killmails/store.js'
import type { Logger } from '../../platform/log.js'
import type { Stream } from '../../platform/stream/index.js'
import type { KillmailMessage } from '../../schemas/killmails.js'
import { fetchKillmailBody } from './esi-killmail.js'
import { publishKill } from './live-feed.js'
import { sleep } from '../../platform/sleep.js'
import { Pacer } from './pacer.js'
import type { Zkillboard } from './zkillboard.js'

export interface BackfillDeps {
  ch: ClickHouseClient
  stream: Stream
  esi: EsiClient
  zkill: Zkillboard
  log: Logger
}

export interface BackfillOptions {
  /** UTC days to load, counting today as the first. */
  days: number
  now?: Date
  /**
   * Least time between two ESI killmail requests. ESI's `killmail` rate-limit group allows 3600 tokens per 15 minutes
   * and a 2xx answer costs 2 tokens: 2 requests per second at most, so 550 ms keeps a margin.
   */
  esiIntervalMs?: number
  /** How long to wait for the pipeline to store a day's published kills before calling the day complete. */
  storeWaitMs?: number
}

export interface BackfillDayReport {
  day: string
  /** Ids zKillboard's history lists for the day. */
  listed: number
  /** Already stored before this run (by the live feed or an earlier run). */
  alreadyStored: number
  published: number
  /** Given up for good: ESI refuses the hash, zKillboard no longer knows the kill, or it is too big for the topic. */
  failed: number
  /** Could not be loaded now (ESI or zKillboard unavailable); a later run tries again. */
  retryLater: number
  complete: boolean
  /** Skipped because an earlier run completed it. */
  skipped?: boolean
  error?: string
}

export const ESI_KILLMAIL_INTERVAL_MS = 550

/** UTC day (YYYY-MM-DD) `offset` days before `now`. */
export function utcDay(now: Date, offset = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - offset)).toISOString().slice(0, 10)
}

/**
 * Load the last N UTC days from zKillboard's daily history (`/api/history/YYYYMMDD.json`: id → hash), newest day
 * first. For each kill not stored yet: the body from ESI and zKillboard's block (value, labels) from
 * `/api/killID/{id}/`, then publish on the `killmails` topic like a live kill (source 'backfill').
 *
 * Resumable: kills already stored are skipped, and a day is marked complete (table `killmail_backfill_days`) once it is
 * final (it ended more than a day ago, so zKillboard's list for it no longer grows), every listed kill is stored or
 * failed for good, and the pipeline has stored what this run published. Complete days are skipped by later runs.
 */
export async function runBackfill(deps: BackfillDeps, options: BackfillOptions, signal: AbortSignal): Promise<BackfillDayReport[]> {
  const now = options.now ?? new Date()
  const log = deps.log.child({ component: 'killmail-backfill' })
  const esiPacer = new Pacer(options.esiIntervalMs ?? ESI_KILLMAIL_INTERVAL_MS)
  const complete = await completeDays(deps.ch)
  const reports: BackfillDayReport[] = []
  const lastFinalDay = utcDay(now, 2)

  for (let offset = 0; offset < options.days && !signal.aborted; offset++) {
    const day = utcDay(now, offset)
    const report: BackfillDayReport = { day, listed: 0, alreadyStored: 0, published: 0, failed: 0, retryLater: 0, complete: false }
    reports.push(report)
    if (complete.has(day)) {
      Object.assign(report, { skipped: true, complete: true })
      continue
    }
    try {
      await backfillDay(deps, esiPacer, day, day <= lastFinalDay, report, options.storeWaitMs ?? 60_000, signal)
    } catch (err) {
      if (signal.aborted) break
      throw err
    }
    if (!report.error && !signal.aborted) log.info(report, 'backfill day done')
  }
  return reports
}

/** One day of the backfill: list, load what is missing, publish, and record the day's progress. */
async function backfillDay(
  deps: BackfillDeps,
  esiPacer: Pacer,
  day: string,
  final: boolean,
  report: BackfillDayReport,
  storeWaitMs: number,
  signal: AbortSignal,
) {
  const log = deps.log.child({ component: 'killmail-backfill' })
  const history = await deps.zkill.history(day, signal)
  if (!history.ok) {
    report.error = `zKillboard history unavailable (HTTP ${history.status || 'no answer'})`
    log.warn({ day, status: history.status }, 'zKillboard history unavailable; the day is left for a later run')
    return
  }
  if (history.value.size === 0) {
    // zKillboard writes a day's list only once it holds kills (New Eden has thousands every day), so an empty one is a
    // list not made yet (today before its first dump, a future day): recording it would mark the day complete for good.
    report.error = 'zKillboard history lists no kill for this day yet'
    log.warn({ day }, 'zKillboard history for the day is empty; the day is left for a later run')
    return
  }
  const ids = [...history.value.keys()].sort((a, b) => b - a)
  report.listed = ids.length
  const stored = await storedKillmailIds(deps.ch, ids)
  report.alreadyStored = stored.size
  const published: number[] = []
  for (const id of ids) {
    if (signal.aborted) break
    if (stored.has(id)) continue
    const hash = history.value.get(id)!
    const outcome = await loadKill(deps, esiPacer, id, hash, signal)
    if (outcome === 'failed') report.failed++
    else if (outcome === 'later') report.retryLater++
    else {
      const sent = await publishKill({ ...deps, log }, outcome, signal, (why, d) => retryPause(log, why, d, signal))
      if (sent === 'published') {
        published.push(id)
        report.published++
      } else if (sent === 'skipped') report.failed++ // too big for the topic: it would be the same on every run
    }
  }
  if (signal.aborted) return
  const allStored = await waitUntilStored(deps.ch, published, storeWaitMs, signal)
  report.complete = final && report.retryLater === 0 && allStored
  await deps.ch.insert({
    table: 'killmail_backfill_days',
    format: 'JSONEachRow',
    values: [{ day, listed: report.listed, failed: report.failed, complete: report.complete, updated_at: new Date().toISOString() }],
  })
}

async function loadKill(deps: BackfillDeps, esiPacer: Pacer, id: number, hash: string, signal: AbortSignal): Promise<KillmailMessage | 'failed' | 'later'> {
  const [body, info] = await Promise.all([esiPacer.run(() => fetchKillmailBody(deps.esi, id, hash, signal), signal), deps.zkill.killInfo(id, signal)])
  if (!body.ok) {
    deps.log.warn({ killmail_id: id, reason: body.message, permanent: body.permanent }, 'backfill: no ESI body')
    return body.permanent ? 'failed' : 'later'
  }
  if (!info.ok) return 'later'
  if (!info.value) {
    deps.log.warn({ killmail_id: id }, 'backfill: zKillboard no longer knows this kill')
    return 'failed'
  }
  return { killmail_id: id, hash, esi: body.body, zkb: info.value, source: 'backfill', received_at: new Date().toISOString() }
}

async function completeDays(ch: ClickHouseClient): Promise<Set<string>> {
  const rows = await queryRows<{ day: string }>(ch, 'SELECT toString(day) AS day FROM killmail_backfill_days FINAL WHERE complete')
  return new Set(rows.map((r) => r.day))
}

async function waitUntilStored(ch: ClickHouseClient, ids: number[], timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if ((await storedKillmailIds(ch, ids)).size === ids.length) return true
    if (Date.now() >= until || signal.aborted) return false
    await sleep(250, signal)
  }
}

async function retryPause(log: Logger, why: string, details: Record<string, unknown> = {}, signal: AbortSignal) {
  log.warn(details, why)
  await sleep(2_000, signal)
}
