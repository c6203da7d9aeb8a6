import type { EsiKillmail } from '../../../schemas/killmails.js'
import type { FakeEsi } from './server.js'

export type EsiNameCategory = 'character' | 'corporation' | 'alliance' | 'faction' | 'solar_system' | 'inventory_type'

export interface FakeKillmailState {
  /** Killmail bodies by id, each with the hash ESI checks. */
  killmails: Map<number, { hash: string; body: EsiKillmail }>
  /** What POST /universe/names/ knows. */
  names: Map<number, { name: string; category: EsiNameCategory }>
}

export const newKillmailState = (): FakeKillmailState => ({ killmails: new Map(), names: new Map() })

/**
 * ESI's killmail and name routes as ESI answers them: `GET /killmails/{id}/{hash}/` (422 for an unknown id or a wrong
 * hash; cached 30 days like the real route) and `POST /universe/names/` (at most 1000 unique ids; a 404 for the whole
 * request when any id is unknown, which is why clients split failing batches).
 */
export function addKillmailRoutes(esi: FakeEsi, state: FakeKillmailState): FakeKillmailState {
  esi.route('GET', '/killmails/:id/:hash', ({ params }) => {
    const km = state.killmails.get(Number(params.id))
    if (!km || km.hash !== params.hash) return { status: 422, body: { error: 'Invalid killmail_id and/or killmail_hash' } }
    return { body: km.body, expiresIn: 2_592_000 }
  })
  esi.route('POST', '/universe/names', ({ body }) => {
    if (!Array.isArray(body) || body.length === 0 || body.length > 1000 || !body.every((id) => Number.isInteger(id) && id > 0)) {
      return { status: 400, body: { error: 'Body must be a list of 1 to 1000 ids' } }
    }
    if (new Set(body).size !== body.length) return { status: 400, body: { error: 'Ids must be unique' } }
    const found = (body as number[]).map((id) => ({ id, ...state.names.get(id) }))
    if (found.some((n) => !n.name)) return { status: 404, body: { error: "Ensure all ID's are valid before resolving." } }
    return { body: found.map((n) => ({ category: n.category, id: n.id, name: n.name })), expiresIn: 3600 }
  })
  return state
}
