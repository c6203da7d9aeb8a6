import type { AppContext } from '../../platform/context.js'
import type { IngestJob } from '../job.js'
import { runBackfill } from './backfill.js'
import { followLiveFeed } from './live-feed.js'
import { createZkillboard } from './zkillboard.js'

/** Hourly at :40, away from the market (:00, :05, …) and industry (:07) runs. */
export const BACKFILL_SCHEDULE = '0 40 * * * *'

const zkillFor = (ctx: AppContext) => createZkillboard(ctx.config, ctx.version, ctx.log)

/** Follows zKillboard's R2Z2 feed for as long as the process runs (off with ZKILL_FEED_ENABLED=false). */
export const killmailFeedJob: IngestJob = {
  name: 'killmail-feed',
  schedule: () => null,
  runOnStart: true,
  run: async (ctx, signal) => {
    if (!ctx.config.ZKILL_FEED_ENABLED) {
      ctx.log.info('zKillboard live feed is off (ZKILL_FEED_ENABLED=false)')
      return
    }
    await followLiveFeed({ ch: ctx.ch, stream: ctx.stream, esi: ctx.esi, zkill: zkillFor(ctx), log: ctx.log }, signal)
  },
}

/**
 * At start and then hourly, loads the last KILLMAIL_BACKFILL_DAYS days of zKillboard history (resumable; finished days
 * are skipped without a request). The hourly run is what tries again a day left for a later run (zKillboard or ESI
 * unavailable) or a run that failed (ClickHouse down), and completes days once they are final.
 */
export const killmailBackfillJob: IngestJob = {
  name: 'killmail-backfill',
  schedule: (ctx) => (ctx.config.KILLMAIL_BACKFILL_DAYS > 0 ? BACKFILL_SCHEDULE : null),
  runOnStart: true,
  run: async (ctx, signal) => {
    const days = ctx.config.KILLMAIL_BACKFILL_DAYS
    if (days <= 0) return
    await runBackfill({ ch: ctx.ch, stream: ctx.stream, esi: ctx.esi, zkill: zkillFor(ctx), log: ctx.log }, { days }, signal)
  },
}
