import type { AppContext } from '../../api/context.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { sleep } from '../../ingest/killmails/pacer.js'
import type { Pipeline } from '../index.js'
import type { Consumer } from '../stream/index.js'
import { subscribe } from '../stream/typed.js'
import { storeNewKillmails } from './store.js'

export const KILLMAIL_STORE_GROUP = 'killmails-store'

export interface KillmailStoreOptions {
  /** Largest batch written in one insert. */
  maxBatchSize: number
  /** After a batch smaller than the largest, wait this long so the next one gathers more kills (fewer, larger inserts). */
  lingerMs: number
}

export const KILLMAIL_STORE_DEFAULTS: KillmailStoreOptions = { maxBatchSize: 2_000, lingerMs: 500 }

/**
 * Consume the `killmails` topic and write ClickHouse in batches. A new consumer group starts at the oldest retained
 * message so nothing published before the first start is lost; offsets are committed only after the insert, and the
 * insert skips kills already stored, so a redelivered batch changes nothing.
 */
export async function startKillmailStore(ctx: Pick<AppContext, 'ch' | 'stream' | 'log'>, options: KillmailStoreOptions = KILLMAIL_STORE_DEFAULTS): Promise<Consumer> {
  const log = ctx.log.child({ component: 'killmail-store' })
  return subscribe(ctx.stream, KillmailsTopic, { groupId: KILLMAIL_STORE_GROUP, fromBeginning: true, maxBatchSize: options.maxBatchSize, log }, async (values) => {
    const result = await storeNewKillmails(ctx.ch, values)
    log.debug({ ...result, batch: values.length }, 'killmails stored')
    if (values.length < options.maxBatchSize) await sleep(options.lingerMs)
  })
}

export const killmailStorePipeline: Pipeline = {
  name: 'killmail-store',
  start: async (ctx) => [await startKillmailStore(ctx)],
}
