import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import type { SystemActivity, SystemActivityHour, SystemActivitySource } from '../../../schemas/system-activity.js'

/** Hours the series covers. */
export const ACTIVITY_HOURS = 24
const HOUR = 3_600_000

/** Wormhole space: system ids 31000000 to 31999999 (the SDE's numbering; platform/sde/universe-jsonl.ts). ESI counts none of it. */
export const isWormholeSpace = (id: number) => id >= 31_000_000 && id < 32_000_000

const chSeconds = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

/**
 * A system's last ACTIVITY_HOURS hours of ESI activity, oldest first, ending at the newest hour an answer is stored for
 * (ESI publishes each hour's counts some minutes into the next, so the current hour is often still to come; an answer
 * ESI dates a little ahead of our clock is shown too), or at the current hour when none is stored in that time. In an hour
 * with an answer stored, a system the answer does not list counts 0; without one, the counts are null (unknown).
 */
export async function readSystemActivity(ch: ClickHouseClient, systemId: number, now: Date): Promise<SystemActivity> {
  const currentHour = Math.floor(now.getTime() / HOUR) * HOUR
  const answers = await queryRows<{ source: SystemActivitySource; hour: string | number; lm: string | number }>(
    ch,
    `SELECT source, toUnixTimestamp(toStartOfHour(last_modified)) AS hour, toUnixTimestamp(max(last_modified)) AS lm
     FROM system_activity_answers
     WHERE last_modified >= {from:DateTime}
     GROUP BY source, hour`,
    { from: chSeconds(currentHour - ACTIVITY_HOURS * HOUR) },
  )
  const answered = { kills: new Set<number>(), jumps: new Set<number>() }
  const newest = { kills: 0, jumps: 0 }
  for (const a of answers) {
    answered[a.source]?.add(Number(a.hour) * 1000)
    newest[a.source] = Math.max(newest[a.source] ?? 0, Number(a.lm) * 1000)
  }
  const hoursAnswered = [...answered.kills, ...answered.jumps]
  const end = hoursAnswered.length ? Math.max(...hoursAnswered) : currentHour
  const start = end - (ACTIVITY_HOURS - 1) * HOUR

  const stored = await queryRows<{ hour: string | number; npc: string | number; ship: string | number; pod: string | number; jumps: string | number }>(
    ch,
    `SELECT toUnixTimestamp(hour) AS hour, max(npc_kills) AS npc, max(ship_kills) AS ship, max(pod_kills) AS pod, max(ship_jumps) AS jumps
     FROM system_activity_hourly
     WHERE solar_system_id = {system:UInt32} AND hour >= {start:DateTime} AND hour <= {end:DateTime}
     GROUP BY hour`,
    { system: systemId, start: chSeconds(start), end: chSeconds(end) },
  )
  const byHour = new Map(stored.map((r) => [Number(r.hour) * 1000, r]))
  let listed = 0
  const hours: SystemActivityHour[] = Array.from({ length: ACTIVITY_HOURS }, (_, i) => {
    const hour = start + i * HOUR
    const row = byHour.get(hour)
    if (row) listed++
    const kills = answered.kills.has(hour)
    const jumps = answered.jumps.has(hour)
    return {
      hour: new Date(hour).toISOString(),
      // A row written before its answer's record (the writer's last step) is shown anyway: ESI did list the system.
      npc_kills: kills || row ? Number(row?.npc ?? 0) : null,
      ship_kills: kills || row ? Number(row?.ship ?? 0) : null,
      pod_kills: kills || row ? Number(row?.pod ?? 0) : null,
      jumps: jumps ? Number(row?.jumps ?? 0) : null,
    }
  })
  return {
    solarsystemid: systemId,
    wormhole_space: isWormholeSpace(systemId),
    hours,
    listed_hours: listed,
    kills_updated_at: newest.kills ? new Date(newest.kills).toISOString() : null,
    jumps_updated_at: newest.jumps ? new Date(newest.jumps).toISOString() : null,
  }
}
