import type { Catalog } from '../../platform/catalog/catalog.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { isoFromMs } from '../../platform/clickhouse/version-clock.js'
import { PREVIEW_DAYS, PREVIEW_EXAMPLES, type ItemType, type Mode } from '../../schemas/killfeed-constants.js'
import type { PreviewKill, RoutePreview } from '../../schemas/killfeed.js'
import { classLabel } from '../../schemas/wormhole-classes.js'
import { filterSql, type CompiledFilter } from './filters.js'

const FIELD = { alliance: 'alliance_id', corporation: 'corporation_id', character: 'character_id' } as const

/**
 * The entity and mode of a route as conditions over `killmails`, as `matchSide` (match.ts) reads them: losses: the
 * entity is the victim; kills: among the attackers; both: either; a system: every kill in it.
 */
export function sideSql(target: { item_type: ItemType; entity_id: number; mode: Mode }): string {
  if (target.item_type === 'system') return 'solar_system_id = {entity:UInt64}'
  const f = FIELD[target.item_type]
  const victim = `victim_${f} = {entity:UInt64}`
  const attacker = `has(attacker_${f}s, {entity:UInt64})`
  return target.mode === 'losses' ? victim : target.mode === 'kills' ? attacker : `(${victim} OR ${attacker})`
}

interface ExampleRow {
  killmail_id: string
  t: string | number
  total_value: number
  victim_ship_type_id: number
  victim_character_id: string
  victim_corporation_id: string
  solar_system_id: number
  attackers: string | number
}

/**
 * What a route would have posted: of the kills stored in the last PREVIEW_DAYS days, how many pass its entity, mode
 * and compiled filters, and the newest few. Counted in ClickHouse with the conditions `filterSql` makes from the same
 * compiled filter the router uses. (The router also skips kills more than a day old when they arrive; a preview is
 * about which kills, not when.)
 */
export async function previewRoute(
  ch: ClickHouseClient,
  target: { item_type: ItemType; entity_id: number; mode: Mode },
  filter: CompiledFilter,
  options: { now: number; catalog: Catalog | null; zkillBaseUrl: string },
): Promise<RoutePreview> {
  const since = Math.floor(options.now / 1000) - PREVIEW_DAYS * 86_400
  const { conditions, params } = filterSql(filter)
  const where = [`killmail_time >= toDateTime({since:UInt32}, 'UTC')`, sideSql(target), ...conditions].join(' AND ')
  const all = { ...params, since, entity: target.entity_id, limit: PREVIEW_EXAMPLES }
  const [[counts], examples] = await Promise.all([
    queryRows<{ matched: string | number; stored: string | number }>(
      ch,
      `SELECT countIf(${where}) AS matched, count() AS stored FROM killmails WHERE killmail_time >= toDateTime({since:UInt32}, 'UTC')`,
      all,
    ),
    queryRows<ExampleRow>(
      ch,
      `SELECT killmail_id, toUnixTimestamp(killmail_time) AS t, total_value, victim_ship_type_id, victim_character_id, victim_corporation_id,
         solar_system_id, length(attacker_character_ids) AS attackers
       FROM killmails WHERE ${where} ORDER BY killmail_time DESC, killmail_id DESC LIMIT {limit:UInt32}`,
      all,
    ),
  ])
  const victimIds = [...new Set(examples.flatMap((e) => [Number(e.victim_character_id), Number(e.victim_corporation_id)]).filter((id) => id > 0))]
  const names = new Map(
    victimIds.length
      ? (
          await queryRows<{ id: string; name: string }>(
            ch,
            'SELECT id, argMax(name, resolved_at) AS name FROM eve_names WHERE id IN {ids:Array(UInt64)} GROUP BY id',
            { ids: victimIds },
          )
        ).map((r) => [Number(r.id), r.name])
      : [],
  )
  const zkill = options.zkillBaseUrl.replace(/\/$/, '')
  return {
    days: PREVIEW_DAYS,
    matched: Number(counts?.matched ?? 0),
    stored: Number(counts?.stored ?? 0),
    examples: examples.map((e): PreviewKill => {
      const victimId = Number(e.victim_character_id) || Number(e.victim_corporation_id)
      const system = options.catalog?.system(Number(e.solar_system_id))
      return {
        killmail_id: Number(e.killmail_id),
        killmail_time: isoFromMs(Number(e.t) * 1000),
        value: Number(e.total_value),
        url: `${zkill}/kill/${e.killmail_id}/`,
        ship: { id: Number(e.victim_ship_type_id), name: options.catalog?.type(Number(e.victim_ship_type_id))?.name ?? null },
        victim: victimId ? { id: victimId, name: names.get(victimId) ?? null } : null,
        system: {
          id: Number(e.solar_system_id),
          name: system?.name ?? null,
          class_label: system?.is_jspace && system.class_id !== null ? classLabel(system.class_id) : null,
        },
        attackers: Number(e.attackers),
      }
    }),
  }
}
