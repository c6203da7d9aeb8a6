import { queryRows, type ClickHouseClient } from '../clickhouse/client.js'
import type { Logger } from '../log.js'
import { EsiError, type EsiClient } from './client.js'

/** How long a page waits on ESI for names it has never seen before answering without them. */
export const NAME_BUDGET_MS = 2_500

/** Categories of POST /universe/names answers. */
export type EsiNameCategory = 'alliance' | 'character' | 'constellation' | 'corporation' | 'inventory_type' | 'region' | 'solar_system' | 'station' | 'faction'

export interface EsiName {
  id: number
  name: string
  category: EsiNameCategory
}
type NameRow = EsiName

/** POST /universe/ids answers: one list per category that matched (categories without a match are left out). */
export type UniverseIds = Partial<
  Record<
    'agents' | 'alliances' | 'characters' | 'constellations' | 'corporations' | 'factions' | 'inventory_types' | 'regions' | 'stations' | 'systems',
    Array<{ id: number; name: string }>
  >
>

/**
 * Exact names to ids (POST /universe/ids: "Only exact matches will be returned"; ESI matches without regard to
 * case). ESI has no public partial-name search any more: its /search route needs a signed-in character.
 */
export async function idsForNames(esi: EsiClient, names: string[], signal?: AbortSignal): Promise<UniverseIds> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))]
  const merged: UniverseIds = {}
  for (let i = 0; i < unique.length; i += 500) {
    const { data } = await esi.post<UniverseIds>('/universe/ids', unique.slice(i, i + 500), signal)
    for (const [key, list] of Object.entries(data ?? {}) as Array<[keyof UniverseIds, Array<{ id: number; name: string }>]>) {
      merged[key] = [...(merged[key] ?? []), ...list]
    }
  }
  return merged
}

/** Names older than this are asked again (corporations and alliances can be renamed); the old one serves meanwhile. */
export const NAME_REFRESH_MS = 30 * 86_400_000
/** An id ESI did not know is not asked about again for this long (each refused batch costs ESI error budget). */
export const UNKNOWN_RETRY_MS = 86_400_000
/** ESI's limit per POST /universe/names/ request. */
const MAX_IDS_PER_REQUEST = 1000

/**
 * Names for character, corporation and alliance ids: from the `eve_names` table when known, otherwise from ESI
 * `POST /universe/names/` (batches of up to 1000; ESI refuses a whole batch with a 404 when any id is unknown, so a
 * refused batch is split until the unknown ids are found; those are remembered as unknown for a day), and stored for
 * next time. When ESI is paused, unavailable or slower than the caller's signal allows, the names already stored are
 * returned and the rest are simply missing. ClickHouse failing costs no name ESI can give: when the stored names
 * cannot be read, every id is asked of ESI (ids ESI does not know are then asked again, spending its error budget,
 * until the table can be read); when ESI's answer cannot be stored, it is returned all the same, and as nothing is
 * remembered in memory, the next call asks ESI again and tries to store it again. Both are logged as warnings, and
 * neither ClickHouse nor ESI failing rejects the call: at worst it answers an empty map.
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
  ).catch((err: unknown) => {
    log.warn({ err, ids: wanted.length }, 'stored names unreadable; asking ESI for all of them')
    return []
  })
  const settled = new Set<number>()
  for (const row of cached) {
    const id = Number(row.id)
    const age = now - Number(row.resolved_ms)
    if (row.name) names.set(id, row.name)
    if (age < (row.name ? NAME_REFRESH_MS : UNKNOWN_RETRY_MS)) settled.add(id)
  }
  const missing = wanted.filter((id) => !settled.has(id))
  if (!missing.length || esi.pausedForSeconds > 0) return names
  const found: NameRow[] = []
  const asked: number[] = []
  try {
    for (let i = 0; i < missing.length; i += MAX_IDS_PER_REQUEST) {
      const batch = missing.slice(i, i + MAX_IDS_PER_REQUEST)
      found.push(...(await withSignal(askEsi(esi, batch, options.signal), options.signal)))
      asked.push(...batch)
    }
  } catch (err) {
    log.warn({ err: (err as Error).message, ids: missing.length }, 'ESI names unavailable; using stored names only')
  }
  if (!asked.length) return names
  const answered = new Set(found.map((n) => n.id))
  const unknown = asked.filter((id) => !answered.has(id))
  const resolvedAt = new Date(now).toISOString()
  for (const n of found) names.set(n.id, n.name)
  try {
    await ch.insert({
      table: 'eve_names',
      format: 'JSONEachRow',
      values: [
        ...found.map((n) => ({ ...n, resolved_at: resolvedAt })),
        ...unknown.map((id) => ({ id, name: '', category: 'unknown', resolved_at: resolvedAt })),
      ],
    })
  } catch (err) {
    // The names are ours all the same; not stored, they are asked of ESI (and stored) on the next call.
    log.warn({ err, names: found.length, unknown: unknown.length }, 'ESI names not stored; answering with them anyway')
  }
  return names
}

/** ESI's answer for these ids; a refused batch (404: some id unknown) is split in halves until the unknown ids drop out. */
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

/**
 * Names for ids through POST /universe/names, remembered in this process's memory (for the killfeed router and
 * admin, which need the category too); the stored, shared names are `resolveNames` above.
 */
export class EsiNameCache {
  private known = new Map<number, EsiName>()
  private unknown = new Set<number>()

  constructor(
    private esi: EsiClient,
    private maxEntries = 50_000,
  ) {}

  get(id: number): EsiName | undefined {
    return this.known.get(id)
  }

  remember(entries: EsiName[]): void {
    for (const e of entries) this.known.set(e.id, e)
    while (this.known.size > this.maxEntries) this.known.delete(this.known.keys().next().value!)
  }

  /** Every id ESI could name; ids it could not (or an ESI outage) are simply missing from the map. */
  async names(ids: Iterable<number>, signal?: AbortSignal): Promise<Map<number, EsiName>> {
    const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0)
    const missing = wanted.filter((id) => !this.known.has(id) && !this.unknown.has(id))
    for (let i = 0; i < missing.length; i += 1000) {
      const batch = missing.slice(i, i + 1000)
      const found = await askEsi(this.esi, batch, signal)
      this.remember(found)
      const answered = new Set(found.map((n) => n.id))
      for (const id of batch) if (!answered.has(id)) this.unknown.add(id)
    }
    return new Map(wanted.filter((id) => this.known.has(id)).map((id) => [id, this.known.get(id)!]))
  }
}

/** Settle with `work`, or reject as soon as `signal` aborts (even if the work itself does not watch the signal). */
function withSignal<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
