import { queryRows, type ClickHouseClient } from '../../pipelines/clickhouse/client.js'
import type { Logger } from '../../pipelines/log.js'
import { EsiError, type EsiClient } from './client.js'

interface NameRow {
  id: number
  name: string
  category: string
}

/** Names older than this are asked again (corporations and alliances can be renamed); the old one serves meanwhile. */
export const NAME_REFRESH_MS = 30 * 86_400_000
/** ESI's limit per POST /universe/names/ request. */
const MAX_IDS_PER_REQUEST = 1000

/**
 * Names for character, corporation and alliance ids: from the `eve_names` table when known, otherwise from ESI
 * `POST /universe/names/` (batches of up to 1000; ESI refuses a whole batch with a 404 when any id is unknown, so a
 * refused batch is split until the unknown ids are found and left out), and stored for next time. When ESI is
 * unavailable the names already stored are returned and the rest are simply missing.
 */
export async function resolveNames(
  ch: ClickHouseClient,
  esi: EsiClient,
  ids: number[],
  log: Logger,
  options: { now?: number; /** Gives up on ESI (keeping stored names) when this aborts. */ signal?: AbortSignal } = {},
): Promise<Map<number, string>> {
  const now = options.now ?? Date.now()
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))]
  const names = new Map<number, string>()
  if (!wanted.length) return names
  const cached = await queryRows<{ id: string | number; name: string; resolved_ms: string | number }>(
    ch,
    'SELECT id, name, toUnixTimestamp64Milli(resolved_at) AS resolved_ms FROM eve_names FINAL WHERE id IN {ids:Array(UInt64)}',
    { ids: wanted },
  )
  const fresh = new Set<number>()
  for (const row of cached) {
    names.set(Number(row.id), row.name)
    if (now - Number(row.resolved_ms) < NAME_REFRESH_MS) fresh.add(Number(row.id))
  }
  const missing = wanted.filter((id) => !fresh.has(id))
  if (!missing.length) return names
  const found: NameRow[] = []
  try {
    for (let i = 0; i < missing.length; i += MAX_IDS_PER_REQUEST) found.push(...(await askEsi(esi, missing.slice(i, i + MAX_IDS_PER_REQUEST), options.signal)))
  } catch (err) {
    log.warn({ err: (err as Error).message, ids: missing.length }, 'ESI names unavailable; using stored names only')
  }
  if (found.length) {
    await ch.insert({ table: 'eve_names', format: 'JSONEachRow', values: found.map((n) => ({ ...n, resolved_at: new Date(now).toISOString() })) })
    for (const n of found) names.set(n.id, n.name)
  }
  return names
}

async function askEsi(esi: EsiClient, ids: number[], signal?: AbortSignal): Promise<NameRow[]> {
  try {
    return (await esi.post<NameRow[]>('/universe/names/', ids, signal)).data
  } catch (err) {
    if (!(err instanceof EsiError) || err.status !== 404) throw err
    if (ids.length === 1) return []
    const half = Math.ceil(ids.length / 2)
    return [...(await askEsi(esi, ids.slice(0, half), signal)), ...(await askEsi(esi, ids.slice(half), signal))]
  }
}
