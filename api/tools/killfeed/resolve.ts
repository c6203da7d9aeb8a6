import type { Catalog } from '../../../platform/catalog/catalog.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import { HttpError } from '../../../platform/http/errors.js'
import { EsiNameCache, idsForNames, type EsiNameCategory, type UniverseIds } from '../../../platform/esi/names.js'
import type { EsiClient } from '../../../platform/esi/client.js'
import type { Logger } from '../../../platform/log.js'
import type { ItemType } from '../../../schemas/killfeed-constants.js'
import type { ResolveResult } from '../../../schemas/killfeed.js'

export const RESOLVE_LIMIT = 20

const ESI_LIST: Record<ItemType, keyof UniverseIds> = { alliance: 'alliances', corporation: 'corporations', character: 'characters', system: 'systems' }
const ESI_CATEGORY: Record<ItemType, EsiNameCategory> = { alliance: 'alliance', corporation: 'corporation', character: 'character', system: 'solar_system' }

/** Exact name first, then names that start with the text, then names that contain it; alphabetical within each. */
export function rankByName<T extends { name: string }>(items: Iterable<T>, q: string, limit = RESOLVE_LIMIT): T[] {
  const needle = q.trim().toLowerCase()
  const scored: Array<{ item: T; rank: number }> = []
  for (const item of items) {
    const name = item.name.toLowerCase()
    const rank = name === needle ? 0 : name.startsWith(needle) ? 1 : name.includes(needle) ? 2 : -1
    if (rank >= 0) scored.push({ item, rank })
  }
  return scored
    .sort((a, b) => a.rank - b.rank || a.item.name.localeCompare(b.item.name, 'en', { numeric: true }))
    .slice(0, limit)
    .map((s) => s.item)
}

/** Solar systems by part of their name or by id, from the static data (every system of the map is there). */
export function searchSystems(catalog: Catalog, q: string): ResolveResult {
  const trimmed = q.trim()
  if (/^\d+$/.test(trimmed)) {
    const s = catalog.system(Number(trimmed))
    if (s) return [{ id: s.solar_system_id, name: s.name }]
  }
  return rankByName(
    (function* () {
      for (const s of catalog.systems.values()) yield { id: s.solar_system_id, name: s.name }
    })(),
    trimmed,
  )
}

/**
 * Names the product already stores, by part of the name (at least RESOLVE_MIN_CHARS characters), ranked by how
 * often they appear on stored killmails: characters, corporations and alliances from `eve_names` (every name a page
 * or this search has had from ESI: kill tracker characters, corporations active in wormhole systems, residents,
 * exact-name lookups), systems from the static data. The exact name comes first, then the most seen.
 */
export interface StoredNames {
  /** Entities of this type whose stored name contains `q` (case-insensitive), with their stored kill counts. */
  search(type: ItemType, q: string): Promise<Array<{ id: number; name: string; kills: number }>>
  /** Keeps names ESI gave, so the next partial search finds them. */
  remember(type: ItemType, found: Array<{ id: number; name: string }>): Promise<void>
}

/** Candidates read before ranking: a two-letter text can match thousands of names; the most seen are among these. */
const CANDIDATES = 2000

/** How many stored killmails name each id, per entity type (distinct killmails, so a repeated insert counts once). */
const KILL_COUNTS: Record<ItemType, string> = {
  character: `SELECT character_id AS id, uniqExact(killmail_id) AS kills FROM killmail_character_activity
    WHERE character_id IN {ids:Array(UInt64)} GROUP BY id`,
  // The per-system, per-day corporation table already holds each kill's corporations once (player corporations only).
  corporation: `SELECT corporation_id AS id, sum(kills) AS kills FROM killboard_system_corp_daily
    WHERE corporation_id IN {ids:Array(UInt64)} GROUP BY id`,
  alliance: `SELECT a AS id, uniqExact(killmail_id) AS kills FROM killmails
    ARRAY JOIN arrayDistinct(arrayPushBack(attacker_alliance_ids, victim_alliance_id)) AS a
    WHERE hasAny(arrayPushBack(attacker_alliance_ids, victim_alliance_id), {ids:Array(UInt64)}) AND a IN {ids:Array(UInt64)} GROUP BY id`,
  system: `SELECT solar_system_id AS id, sum(kills) AS kills FROM killboard_system_latest
    WHERE solar_system_id IN {ids:Array(UInt64)} GROUP BY id`,
}

export function storedNames(ch: ClickHouseClient, catalog: () => Catalog | null): StoredNames {
  const counts = async (type: ItemType, ids: number[]) =>
    ids.length
      ? new Map((await queryRows<{ id: string | number; kills: string | number }>(ch, KILL_COUNTS[type], { ids })).map((r) => [Number(r.id), Number(r.kills)]))
      : new Map<number, number>()
  return {
    async search(type, q) {
      const needle = q.trim()
      let found: Array<{ id: number; name: string }>
      if (type === 'system') {
        const c = catalog()
        if (!c) return []
        const lower = needle.toLowerCase()
        found = []
        for (const s of c.systems.values()) if (s.name.toLowerCase().includes(lower)) found.push({ id: s.solar_system_id, name: s.name })
      } else {
        // The latest name of each id must contain the text (a renamed corporation is found by its new name only).
        found = (
          await queryRows<{ id: string | number; latest: string }>(
            ch,
            `SELECT id, argMax(name, resolved_at) AS latest FROM eve_names
             WHERE category = {category:String} AND positionCaseInsensitiveUTF8(name, {q:String}) > 0
             GROUP BY id HAVING positionCaseInsensitiveUTF8(latest, {q:String}) > 0
             ORDER BY length(latest), latest LIMIT {limit:UInt32}`,
            { category: ESI_CATEGORY[type], q: needle, limit: CANDIDATES },
          )
        ).map((r) => ({ id: Number(r.id), name: r.latest }))
      }
      found = found.slice(0, CANDIDATES)
      const kills = await counts(
        type,
        found.map((f) => f.id),
      )
      return rankBySeen(
        found.map((f) => ({ ...f, kills: kills.get(f.id) ?? 0 })),
        needle,
      )
    },
    async remember(type, found) {
      if (type === 'system' || !found.length) return
      const resolvedAt = new Date().toISOString()
      await ch.insert({
        table: 'eve_names',
        format: 'JSONEachRow',
        values: found.map((f) => ({ id: f.id, name: f.name, category: ESI_CATEGORY[type], resolved_at: resolvedAt })),
      })
    },
  }
}

/** The exact name first, then the most seen on stored kills, then names that start with the text, then alphabetical. */
export function rankBySeen<T extends { name: string; kills: number }>(items: Iterable<T>, q: string, limit = RESOLVE_LIMIT): T[] {
  const needle = q.trim().toLowerCase()
  const tier = (name: string) => (name === needle ? 0 : 1)
  const starts = (name: string) => (name.startsWith(needle) ? 0 : 1)
  return [...items]
    .filter((i) => i.name.toLowerCase().includes(needle))
    .sort((a, b) => {
      const an = a.name.toLowerCase()
      const bn = b.name.toLowerCase()
      return tier(an) - tier(bn) || b.kills - a.kills || starts(an) - starts(bn) || a.name.localeCompare(b.name, 'en', { numeric: true })
    })
    .slice(0, limit)
}

export interface ResolveSources {
  esi: EsiClient
  names: EsiNameCache
  /** The static catalog, or null while none is imported. */
  catalog: Catalog | null
  /** Entities of this type the admin already uses (routes, tracked), searched by part of the name. */
  known: Array<{ id: number; name: string }>
  /** Names the product stores, ranked by how often they appear on stored kills; none when null. */
  stored: StoredNames | null
  log: Logger
}

const TYPE_WORD: Record<ItemType, string> = { alliance: 'Alliance', corporation: 'Corporation', character: 'Character', system: 'System' }

/**
 * Find entities for the killfeed's entity search (the route form and the kill tracker's character search):
 * - names the product stores, by part of the name, ranked by how often they appear on stored kills (`StoredNames`);
 * - for a name never seen, ESI's exact lookup (POST /universe/ids; ESI offers no public partial-name search) or an
 *   id (POST /universe/names); what ESI finds is stored, so the next partial search finds it too;
 * - entities already in use (routes, tracked) whose name contains the text.
 * Stored results carry `kills`: how many stored killmails name them.
 */
export async function resolveEntities(type: ItemType, q: string, src: ResolveSources): Promise<ResolveResult> {
  const text = q.trim()
  const stored = src.stored
    ? await src.stored.search(type, text).catch((err: unknown) => {
        src.log.warn({ err, type }, 'killfeed entity search: stored names unreadable')
        return []
      })
    : []
  const storedIds = new Set(stored.map((s) => s.id))
  const known = rankByName(
    src.known.filter((k) => !storedIds.has(k.id)),
    text,
  )
  const merge = (first: ResolveResult) => {
    const seen = new Set(first.map((r) => r.id))
    return [...first, ...stored.filter((s) => !seen.has(s.id)), ...known.filter((k) => !seen.has(k.id))].slice(0, RESOLVE_LIMIT)
  }
  // Systems are all in the static data: part of a name or an id is enough, ESI is not asked.
  if (type === 'system' && src.catalog) {
    if (!stored.length) return merge(searchSystems(src.catalog, text))
    const byId = /^\d+$/.test(text) ? src.catalog.system(Number(text)) : undefined
    return merge(byId ? [{ id: byId.solar_system_id, name: byId.name }] : [])
  }
  // A name already stored exactly is no name "never seen": ESI is not asked again.
  if (stored.some((s) => s.name.toLowerCase() === text.toLowerCase())) return merge([])
  let remote: ResolveResult
  try {
    remote = await lookUpInEsi(type, text, src)
  } catch (err) {
    src.log.warn({ err, type, q }, 'killfeed entity search: ESI did not answer')
    // An id needs no ESI to be routed on: it is offered as it is, its name marked unresolved (the admin can set the
    // display name), like the kill tracker's character ids, so a route can still be added while ESI is down.
    const id = /^\d{1,19}$/.test(text) ? Number(text) : null
    if (id !== null && Number.isSafeInteger(id) && id > 0) {
      const named = src.known.find((k) => k.id === id)
      return merge([named ?? { id, name: `${TYPE_WORD[type]} ${id} (name not resolved yet)` }])
    }
    if (stored.length || known.length) return merge([])
    throw new HttpError(502, `The name search (ESI) is not answering right now: try again in a minute, or enter the ${type} id.`)
  }
  if (remote.length && src.stored)
    await src.stored.remember(type, remote).catch((err: unknown) => src.log.warn({ err, type }, 'killfeed entity search: names from ESI not stored'))
  // An exact hit that is stored too keeps its count.
  return merge(remote.map((r) => stored.find((s) => s.id === r.id) ?? r))
}

async function lookUpInEsi(type: ItemType, q: string, src: ResolveSources): Promise<ResolveResult> {
  if (/^\d{1,19}$/.test(q)) {
    const id = Number(q)
    const named = (await src.names.names([id])).get(id)
    return named && named.category === ESI_CATEGORY[type] ? [{ id, name: named.name }] : []
  }
  const found = (await idsForNames(src.esi, [q]))[ESI_LIST[type]] ?? []
  src.names.remember(found.map((f) => ({ ...f, category: ESI_CATEGORY[type] })))
  return found.map((f) => ({ id: f.id, name: f.name }))
}
