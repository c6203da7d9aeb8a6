import type { EsiName } from '../../esi/names.js'
import type { FakeEsi } from './server.js'

const LIST_KEY: Record<EsiName['category'], string> = {
  alliance: 'alliances',
  character: 'characters',
  constellation: 'constellations',
  corporation: 'corporations',
  faction: 'factions',
  inventory_type: 'inventory_types',
  region: 'regions',
  solar_system: 'systems',
  station: 'stations',
}

/** What the fake's name routes know: a list of entities, or a map of id → {name, category}. */
export type NameDirectory = { entries: EsiName[] } | Map<number, { name: string; category: EsiName['category'] }>

function entriesOf(directory: NameDirectory): EsiName[] {
  return directory instanceof Map ? [...directory].map(([id, n]) => ({ id, name: n.name, category: n.category })) : directory.entries
}

/**
 * POST /universe/ids and POST /universe/names over a directory of known entities, answering as ESI does:
 * exact names only (case-insensitive), matches grouped by category with empty categories left out; names for ids
 * as `[{category, id, name}]` (1-1000 unique ids), and a 404 for the whole call when any id is unknown.
 */
export function addNameRoutes(esi: FakeEsi, directory: NameDirectory) {
  esi.route('POST', '/universe/ids', ({ body }) => {
    if (!Array.isArray(body) || body.length < 1 || body.length > 500 || !body.every((n) => typeof n === 'string' && n.length >= 1 && n.length <= 100)) {
      return { status: 400, body: { error: 'Invalid body: expected 1-500 names of 1-100 characters' } }
    }
    const wanted = new Set(body.map((n: string) => n.toLowerCase()))
    const answer: Record<string, Array<{ id: number; name: string }>> = {}
    for (const e of entriesOf(directory)) {
      if (!wanted.has(e.name.toLowerCase())) continue
      ;(answer[LIST_KEY[e.category]] ??= []).push({ id: e.id, name: e.name })
    }
    return { body: answer, expiresIn: 3600 }
  })
  esi.route('POST', '/universe/names', ({ body }) => {
    if (!Array.isArray(body) || body.length < 1 || body.length > 1000 || !body.every((n) => Number.isInteger(n) && n > 0)) {
      return { status: 400, body: { error: 'Invalid body: expected 1-1000 ids' } }
    }
    if (new Set(body).size !== body.length) return { status: 400, body: { error: 'Ids must be unique' } }
    const byId = new Map(entriesOf(directory).map((e) => [e.id, e]))
    if (!body.every((id: number) => byId.has(id))) return { status: 404, body: { error: 'Ensure all IDs are valid before resolving.' } }
    return { body: (body as number[]).map((id) => byId.get(id)!), expiresIn: 3600 }
  })
}
