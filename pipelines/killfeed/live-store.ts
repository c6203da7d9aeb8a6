import type { LiveKill } from '../../schemas/live-kill.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'

/** Kills already on the public live killfeed, among the given ones (a redelivered batch is not pushed twice). */
export async function knownLiveKillIds(ch: ClickHouseClient, killmailIds: number[]): Promise<Set<number>> {
  if (!killmailIds.length) return new Set()
  const rows = await queryRows<{ killmail_id: string }>(ch, 'SELECT DISTINCT killmail_id FROM killfeed_live_kills WHERE killmail_id IN {ids:Array(UInt64)}', {
    ids: killmailIds,
  })
  return new Set(rows.map((r) => Number(r.killmail_id)))
}

export async function saveLiveKills(ch: ClickHouseClient, kills: LiveKill[], now = new Date()): Promise<void> {
  if (!kills.length) return
  await ch.insert({
    table: 'killfeed_live_kills',
    values: kills.map((k) => ({ killmail_id: k.killmail_id, killmail_time: k.killmail_time, pushed_at: now.toISOString(), kill: JSON.stringify(k) })),
    format: 'JSONEachRow',
  })
}

/** The newest kills of the live killfeed, by kill time. */
export async function recentLiveKills(ch: ClickHouseClient, limit = 50): Promise<LiveKill[]> {
  const rows = await queryRows<{ kill: string }>(
    ch,
    'SELECT kill FROM killfeed_live_kills FINAL ORDER BY killmail_time DESC, killmail_id DESC LIMIT {limit:UInt32}',
    { limit },
  )
  return rows.map((r) => JSON.parse(r.kill) as LiveKill)
}
