import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import type { SystemResidents } from '../../../schemas/wormholes.js'

/** The window the residents' hours cover, and how many corporations the dialog shows. */
export const RESIDENT_DAYS = 30
export const RESIDENT_CORPORATIONS = 5

/**
 * The corporations on the most kills in a system over the last RESIDENT_DAYS days, each with those kills by UTC
 * hour (wormholes_system_corp_hourly, fed from stored killmails). Names from the stored ESI names (null when ESI has
 * not named the corporation yet).
 */
export async function readResidents(ch: ClickHouseClient, systemId: number, now: Date): Promise<SystemResidents> {
  const start = new Date(now.getTime() - RESIDENT_DAYS * 86_400_000).toISOString().slice(0, 10)
  const cells = await queryRows<{ id: string | number; hour: number; kills: string | number }>(
    ch,
    `SELECT corporation_id AS id, hour, sum(kills) AS kills
     FROM wormholes_system_corp_hourly
     WHERE solar_system_id = {system:UInt32} AND day >= {start:Date}
       AND corporation_id IN (
         SELECT corporation_id FROM wormholes_system_corp_hourly
         WHERE solar_system_id = {system:UInt32} AND day >= {start:Date}
         GROUP BY corporation_id ORDER BY sum(kills) DESC, corporation_id ASC LIMIT {limit:UInt32})
     GROUP BY corporation_id, hour`,
    { system: systemId, start, limit: RESIDENT_CORPORATIONS },
  )
  const byCorp = new Map<number, number[]>()
  for (const c of cells) {
    const id = Number(c.id)
    const hours = byCorp.get(id) ?? Array.from({ length: 24 }, () => 0)
    hours[c.hour] += Number(c.kills)
    byCorp.set(id, hours)
  }
  const ids = [...byCorp.keys()]
  const names = ids.length
    ? await queryRows<{ id: string | number; name: string }>(
        ch,
        'SELECT id, argMax(name, resolved_at) AS name FROM eve_names WHERE id IN {ids:Array(UInt64)} GROUP BY id',
        { ids },
      )
    : []
  const nameOf = new Map(names.map((n) => [Number(n.id), n.name]))
  const corporations = ids
    .map((id) => {
      const hours = byCorp.get(id)!
      return { id, name: nameOf.get(id) || null, kills: hours.reduce((a, b) => a + b, 0), hours }
    })
    .sort((a, b) => b.kills - a.kills || a.id - b.id)
  return { solarsystemid: systemId, days: RESIDENT_DAYS, corporations }
}
