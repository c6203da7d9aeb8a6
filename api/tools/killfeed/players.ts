import type { ApiRouter } from '../../http/router.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import { isoFromMs, versionTime } from '../../../platform/clickhouse/version-clock.js'
import type { TrackedPlayer } from '../../../schemas/killfeed.js'
import { SERVER_SEGMENTS, SPEC_ROUTE_SEGMENTS } from '../../../schemas/site-routes.js'
import { PAGES } from '../../../schemas/pages.js'

/** The first segment of a path, lowercased; null for a parameter (`:name`, `{name}`) or the root. */
function firstSegment(path: string): string | null {
  const segment = path.split('/').filter(Boolean)[0]
  if (!segment || segment.startsWith(':') || segment.includes('{') || segment.includes('*')) return null
  return segment.toLowerCase()
}

/**
 * Path segments a kill tracker page may not use, because `/{path}` or `/api/{path}` would collide: the spec's
 * routes, the server's own prefixes, every page in the UI registry (routes, sub-routes, aliases) and every
 * API route registered in this process (`/api/<segment>/…`).
 */
export function takenPathSegments(router: ApiRouter): Set<string> {
  const taken = new Set<string>([...SPEC_ROUTE_SEGMENTS, ...SERVER_SEGMENTS])
  for (const t of PAGES) {
    for (const p of [t.path, ...(t.subRoutes ?? []), ...(t.aliases ?? [])]) {
      const s = firstSegment(p)
      if (s) taken.add(s)
    }
  }
  for (const layer of router.koa.stack) {
    const path = String(layer.path)
    if (!path.startsWith('/api/')) continue
    const s = firstSegment(path.slice('/api'.length))
    if (s) taken.add(s.replace(/\.json$/, ''))
  }
  return taken
}

interface PlayerRow {
  path: string
  display_name: string
  character_ids: string[]
  updated_ms: string
}

/** Players with a kill tracker page (`tracked_players`, read by the kill tracker), by path. */
export async function listPlayers(ch: ClickHouseClient): Promise<TrackedPlayer[]> {
  const rows = await queryRows<PlayerRow>(
    ch,
    'SELECT path, display_name, character_ids, toUnixTimestamp64Milli(updated_at) AS updated_ms FROM tracked_players FINAL WHERE NOT deleted ORDER BY path',
  )
  return rows.map((r) => ({ path: r.path, display_name: r.display_name, character_ids: r.character_ids.map(Number), updated_at: isoFromMs(r.updated_ms) }))
}

export async function findPlayer(ch: ClickHouseClient, path: string): Promise<TrackedPlayer | null> {
  return (await listPlayers(ch)).find((p) => p.path === path) ?? null
}

export async function savePlayer(ch: ClickHouseClient, player: Omit<TrackedPlayer, 'updated_at'>, deleted = false): Promise<TrackedPlayer> {
  const updated_at = versionTime().toISOString()
  await ch.insert({ table: 'tracked_players', values: [{ ...player, deleted, updated_at }], format: 'JSONEachRow' })
  return { ...player, updated_at }
}
