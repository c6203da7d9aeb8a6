import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import { TRACKER_WINDOW_DAYS } from '../../../schemas/killmail-constants.js'
import type { ActivityRow } from './summary.js'

export interface TrackedPlayer {
  path: string
  displayName: string
  characterIds: number[]
}

/** The tracked player at this path (case-insensitive), as set in the admin (table `tracked_players`), or null. */
export async function findTrackedPlayer(ch: ClickHouseClient, path: string): Promise<TrackedPlayer | null> {
  const [row] = await queryRows<{ path: string; display_name: string; character_ids: Array<string | number> }>(
    ch,
    `SELECT path, display_name, character_ids FROM tracked_players FINAL
     WHERE lower(path) = lower({path:String}) AND NOT deleted
     ORDER BY path LIMIT 1`,
    { path },
  )
  return row ? { path: row.path, displayName: row.display_name, characterIds: [...new Set(row.character_ids.map(Number))] } : null
}

/** The characters' kills and losses since `now` minus the window, and their latest loss ever stored. */
export async function readActivity(ch: ClickHouseClient, characterIds: number[], now: Date): Promise<{ rows: ActivityRow[]; lastDeathMs: number | null }> {
  if (!characterIds.length) return { rows: [], lastDeathMs: null }
  const since = Math.floor(now.getTime() / 1000) - TRACKER_WINDOW_DAYS * 86_400
  const rows = await queryRows<{
    killmail_id: string | number
    t: string | number
    role: 'kill' | 'loss'
    ship_type_id: number
    total_value: number
    solar_system_id: number
  }>(
    ch,
    `SELECT killmail_id, toUnixTimestamp(killmail_time) AS t, role, ship_type_id, total_value, solar_system_id
     FROM killmail_character_activity
     WHERE character_id IN {ids:Array(UInt64)} AND killmail_time >= toDateTime({since:UInt32}, 'UTC')`,
    { ids: characterIds, since },
  )
  const [death] = await queryRows<{ t: string | number | null }>(
    ch,
    `SELECT toUnixTimestamp(maxOrNull(killmail_time)) AS t FROM killmail_character_activity WHERE character_id IN {ids:Array(UInt64)} AND role = 'loss'`,
    { ids: characterIds },
  )
  return {
    rows: rows.map((r) => ({
      killmailId: Number(r.killmail_id),
      timeMs: Number(r.t) * 1000,
      role: r.role,
      shipTypeId: Number(r.ship_type_id),
      value: Number(r.total_value),
      systemId: Number(r.solar_system_id),
    })),
    lastDeathMs: death?.t == null ? null : Number(death.t) * 1000,
  }
}
