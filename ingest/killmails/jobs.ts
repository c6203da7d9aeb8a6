import type { AppContext } from '../../api/context.js'
import type { IngestJob } from '../jobs.js'
import { runBackfill } from './backfill.js'
import { followLiveFeed } from './live-feed.js'
import { createZkillboard } from './zkillboard.js'

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

/** At start, loads the last KILLMAIL_BACKFILL_DAYS days of zKillboard history (resumable; finished days are skipped). */
export const killmailBackfillJob: IngestJob = {
  name: 'killmail-backfill',
  schedule: () => null,
  runOnStart: true,
  run: async (ctx, signal) => {
    const days = ctx.config.KILLMAIL_BACKFILL_DAYS
    if (days <= 0) return
    await runBackfill({ ch: ctx.ch, stream: ctx.stream, esi: ctx.esi, zkill: zkillFor(ctx), log: ctx.log }, { days }, signal)
  },
}
