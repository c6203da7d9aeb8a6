import type { Catalog } from '../../../platform/catalog/catalog.js'
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

export interface ResolveSources {
  esi: EsiClient
  names: EsiNameCache
  /** The static catalog, or null while none is imported. */
  catalog: Catalog | null
  /** Entities of this type the admin already uses (routes, tracked), searched by part of the name. */
  known: Array<{ id: number; name: string }>
  log: Logger
}

const TYPE_WORD: Record<ItemType, string> = { alliance: 'Alliance', corporation: 'Corporation', character: 'Character', system: 'System' }

/**
 * Find entities for the killfeed's entity search. Systems come from the static data (part of a name works).
 * ESI offers no public partial-name search, so alliances, corporations and characters are found by their exact
 * name (POST /universe/ids) or id (POST /universe/names), plus any already-used entity whose name contains the text.
 */
export async function resolveEntities(type: ItemType, q: string, src: ResolveSources): Promise<ResolveResult> {
  if (type === 'system' && src.catalog) return searchSystems(src.catalog, q)
  const local = rankByName(src.known, q)
  let remote: ResolveResult
  try {
    remote = await lookUpInEsi(type, q.trim(), src)
  } catch (err) {
    src.log.warn({ err, type, q }, 'killfeed entity search: ESI did not answer')
    // An id needs no ESI to be routed on: it is offered as it is, its name marked unresolved (the admin can set the
    // display name), like the kill tracker's character ids, so a route can still be added while ESI is down.
    const id = /^\d{1,19}$/.test(q.trim()) ? Number(q.trim()) : null
    if (id !== null && Number.isSafeInteger(id) && id > 0) {
      const named = src.known.find((k) => k.id === id)
      return [named ?? { id, name: `${TYPE_WORD[type]} ${id} (name not resolved yet)` }, ...local.filter((l) => l.id !== id)].slice(0, RESOLVE_LIMIT)
    }
    if (local.length) return local
    throw new HttpError(502, `The name search (ESI) is not answering right now: try again in a minute, or enter the ${type} id.`)
  }
  const seen = new Set(remote.map((r) => r.id))
  return [...remote, ...local.filter((l) => !seen.has(l.id))].slice(0, RESOLVE_LIMIT)
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
