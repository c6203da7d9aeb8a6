import type { EsiKillmail } from '../../../schemas/killmails.js'
import type { EsiNameCategory } from '../../esi/names.js'
import { addNameRoutes } from './names.js'
import type { FakeEsi } from './server.js'

export interface FakeKillmailState {
  /** Killmail bodies by id, each with the hash ESI checks. */
  killmails: Map<number, { hash: string; body: EsiKillmail }>
  /** What POST /universe/names/ knows. */
  names: Map<number, { name: string; category: EsiNameCategory }>
}

export const newKillmailState = (): FakeKillmailState => ({ killmails: new Map(), names: new Map() })

/**
 * ESI's killmail and name routes as ESI answers them: `GET /killmails/{id}/{hash}/` (422 for an unknown id or a wrong
 * hash; cached 30 days like the real route), with the name routes (`names.ts`) over `state.names`.
 */
export function addKillmailRoutes(esi: FakeEsi, state: FakeKillmailState): FakeKillmailState {
  esi.route('GET', '/killmails/:id/:hash', ({ params }) => {
    const km = state.killmails.get(Number(params.id))
    if (!km || km.hash !== params.hash) return { status: 422, body: { error: 'Invalid killmail_id and/or killmail_hash' } }
    return { body: km.body, expiresIn: 2_592_000 }
  })
  addNameRoutes(esi, state.names)
  return state
}
