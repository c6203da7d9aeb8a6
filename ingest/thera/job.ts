import { esiUserAgent } from '../../platform/esi/client.js'
import type { AppContext } from '../../platform/context.js'
import type { IngestJob, RunOutcome } from '../job.js'
import { EveScoutClient } from './client.js'
import { connectionsFromFeed } from './records.js'
import { readTheraState, recordPoll } from './store.js'

/**
 * Every 5 minutes: what EVE-Scout's consumers do (FORMAT.md, "Rate limits and etiquette"); the feed changes as scouts
 * report, and no published rate limit asks for less.
 */
export const THERA_SCHEDULE = '0 */5 * * * *'

/**
 * Polls EVE-Scout's public signatures feed for the Thera and Turnur connections and keeps each answer in
 * `thera_polls` (ClickHouse, so the list survives a restart and every api process reads the same one). The request is
 * conditional on the last list's ETag or Last-Modified; an answer equal to the list kept is recorded as unchanged. A
 * failure is recorded too, so the page can say since when EVE-Scout is unreachable beside the last list.
 * `now` is the clock the rows are stamped with (a test's fake clock).
 */
export function createTheraJob(now: () => number = Date.now): IngestJob {
  return {
    name: 'eve-scout-thera',
    schedule: () => THERA_SCHEDULE,
    runOnStart: true,
    async run(ctx, signal) {
      return pollTheraOnce(ctx, now, signal)
    },
  }
}

export const theraJob = createTheraJob()

export async function pollTheraOnce(ctx: Pick<AppContext, 'ch' | 'config' | 'version' | 'log'>, now: () => number, signal?: AbortSignal): Promise<RunOutcome> {
  const client = new EveScoutClient({ baseUrl: ctx.config.EVE_SCOUT_BASE_URL, userAgent: esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT) })
  const kept = await readTheraState(ctx.ch)
  const answer = await client.signatures(kept.listAt ? { etag: kept.etag, lastModified: kept.lastModified } : null, signal)
  const at = now()
  if (answer.status === 'failed') {
    await recordPoll(ctx.ch, { at, outcome: 'failed', status: answer.httpStatus, error: answer.error })
    ctx.log.warn({ err: answer.error }, 'EVE-Scout unavailable; the last Thera list is kept')
    return { outcome: 'failed', detail: answer.error }
  }
  if (answer.status === 304) {
    await recordPoll(ctx.ch, { at, outcome: 'unchanged', status: 304 })
    return { outcome: 'unchanged', detail: `unchanged since ${kept.listAt}` }
  }
  const parsed = connectionsFromFeed(answer.body)
  if (!parsed) {
    const error = 'EVE-Scout answered something that is not a list of signatures'
    await recordPoll(ctx.ch, { at, outcome: 'failed', status: 200, error })
    return { outcome: 'failed', detail: error }
  }
  if (kept.listAt && JSON.stringify(parsed.connections) === JSON.stringify(kept.connections)) {
    // Same list without a validator (or a validator that changed for nothing): no second copy.
    await recordPoll(ctx.ch, { at, outcome: 'unchanged', status: 200 })
    return { outcome: 'unchanged', detail: `unchanged since ${kept.listAt}` }
  }
  await recordPoll(ctx.ch, { at, outcome: 'fetched', status: 200, etag: answer.etag, lastModified: answer.lastModified, connections: parsed.connections })
  const counts = { Thera: 0, Turnur: 0 }
  for (const c of parsed.connections) counts[c.hub]++
  return {
    outcome: 'fetched',
    detail: `${counts.Thera} Thera and ${counts.Turnur} Turnur connections` + (parsed.skipped ? `; ${parsed.skipped} malformed rows left out` : ''),
  }
}
