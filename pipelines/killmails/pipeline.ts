import type { AppContext } from '../../platform/context.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import type { Pipeline } from '../index.js'
import type { Consumer } from '../../platform/stream/index.js'
import { subscribe } from '../../platform/stream/typed.js'
import { KillmailWriter } from './store.js'

export const KILLMAIL_STORE_GROUP = 'killmails-store'

export interface KillmailStoreOptions {
  /** Largest batch written in one insert. */
  maxBatchSize: number
  /**
   * How long kills gather before they are written (unless a full batch is there first): one insert of a few hundred
   * ms of kills instead of one per fetch. Each insert costs about the same whatever its size (some 70 ms in chDB), so
   * at 200 kills/s an insert per Kafka fetch (about 5 kills) fell behind. Offsets are committed after the insert.
   */
  gatherMs: number
  /** Kafka partitions fetched at once. Safe because kills are keyed by id: one id never spans two partitions. */
  partitionConcurrency: number
}

export const KILLMAIL_STORE_DEFAULTS: KillmailStoreOptions = { maxBatchSize: 2_000, gatherMs: 500, partitionConcurrency: 4 }

/**
 * Consume the `killmails` topic and write ClickHouse in batches gathered over `gatherMs`. A new consumer group starts
 * at the oldest retained message so nothing published before the first start is lost; offsets are committed only
 * after the insert, and the insert skips kills already stored, so a redelivered batch (after a crash between insert
 * and commit) changes nothing.
 */
export async function startKillmailStore(
  ctx: Pick<AppContext, 'ch' | 'stream' | 'log'>,
  options: KillmailStoreOptions = KILLMAIL_STORE_DEFAULTS,
): Promise<Consumer> {
  const log = ctx.log.child({ component: 'killmail-store' })
  const subscription = {
    groupId: KILLMAIL_STORE_GROUP,
    fromBeginning: true,
    maxBatchSize: options.maxBatchSize,
    gatherMs: options.gatherMs,
    partitionConcurrency: options.partitionConcurrency,
    log,
  }
  const writer = new KillmailWriter(ctx.ch)
  return subscribe(ctx.stream, KillmailsTopic, subscription, async (values) => {
    const result = await writer.write(values)
    if (result.rejected.length) log.error({ killmail_ids: result.rejected }, 'left out kills whose killmail_time is not a date')
    log.debug({ ...result, batch: values.length }, 'killmails stored')
  })
}

export const killmailStorePipeline: Pipeline = {
  name: 'killmail-store',
  start: async (ctx) => [await startKillmailStore(ctx)],
}
