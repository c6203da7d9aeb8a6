import type { AppContext } from '../../platform/context.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { sleep } from '../../platform/sleep.js'
import type { Pipeline } from '../index.js'
import type { Consumer } from '../../platform/stream/index.js'
import { subscribe } from '../../platform/stream/typed.js'
import { KillmailWriter } from './store.js'

export const KILLMAIL_STORE_GROUP = 'killmails-store'

export interface KillmailStoreOptions {
  /** Largest batch written in one insert. */
  maxBatchSize: number
  /**
   * In-process topics: after a batch smaller than the largest, wait this long so the next one gathers more kills
   * (fewer, larger inserts). In-process topics hand every message over the moment it is published, so without the
   * pause a steady trickle becomes one insert per kill. Kafka hands over what its fetch returned; there the pause
   * would only hold back each partition's next fetch.
   */
  lingerMs: number
  /** Kafka partitions stored at once. Safe because kills are keyed by id: one id never spans two partitions. */
  partitionConcurrency: number
}

export const KILLMAIL_STORE_DEFAULTS: KillmailStoreOptions = { maxBatchSize: 2_000, lingerMs: 500, partitionConcurrency: 4 }

/**
 * Consume the `killmails` topic and write ClickHouse in batches. A new consumer group starts at the oldest retained
 * message so nothing published before the first start is lost; offsets are committed only after the insert, and the
 * insert skips kills already stored, so a redelivered batch changes nothing.
 */
export async function startKillmailStore(
  ctx: Pick<AppContext, 'ch' | 'stream' | 'log'>,
  options: KillmailStoreOptions = KILLMAIL_STORE_DEFAULTS,
): Promise<Consumer> {
  const log = ctx.log.child({ component: 'killmail-store' })
  const lingerMs = ctx.stream.kind === 'memory' ? options.lingerMs : 0
  const subscription = {
    groupId: KILLMAIL_STORE_GROUP,
    fromBeginning: true,
    maxBatchSize: options.maxBatchSize,
    partitionConcurrency: options.partitionConcurrency,
    log,
  }
  const writer = new KillmailWriter(ctx.ch)
  return subscribe(ctx.stream, KillmailsTopic, subscription, async (values) => {
    const result = await writer.write(values)
    if (result.rejected.length) log.error({ killmail_ids: result.rejected }, 'left out kills whose killmail_time is not a date')
    log.debug({ ...result, batch: values.length }, 'killmails stored')
    if (lingerMs && values.length < options.maxBatchSize) await sleep(lingerMs)
  })
}

export const killmailStorePipeline: Pipeline = {
  name: 'killmail-store',
  start: async (ctx) => [await startKillmailStore(ctx)],
}
