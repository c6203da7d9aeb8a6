import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'

export interface FeedPosition {
  nextSequence: number
  updatedAt: Date
}

/** Where a feed stopped (table `killmail_feed_state`), or null when it never ran here. */
export async function loadFeedPosition(ch: ClickHouseClient, feed: string): Promise<FeedPosition | null> {
  const [row] = await queryRows<{ next_sequence: string | number; updated_ms: string | number }>(
    ch,
    'SELECT next_sequence, toUnixTimestamp64Milli(updated_at) AS updated_ms FROM killmail_feed_state FINAL WHERE feed = {feed:String}',
    { feed },
  )
  return row ? { nextSequence: Number(row.next_sequence), updatedAt: new Date(Number(row.updated_ms)) } : null
}

export async function saveFeedPosition(ch: ClickHouseClient, feed: string, nextSequence: number, now = new Date()): Promise<void> {
  await ch.insert({ table: 'killmail_feed_state', format: 'JSONEachRow', values: [{ feed, next_sequence: nextSequence, updated_at: now.toISOString() }] })
}
