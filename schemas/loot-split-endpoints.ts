import { endpoint } from './endpoint.js'
import type { BlueLootRequest, BlueLootResponse, LootEscalations, ParticipationRequest, ParticipationResponse } from './loot-split.js'

/** Endpoints of api/tools/loot-split/routes.ts (see schemas/endpoint.ts). */

/** Split blue loot by shares (Dread/Marauder or DPS/Logi share tiers) */
export const postBlueLootCalc = endpoint<{ body: typeof BlueLootRequest; response: typeof BlueLootResponse }>('post', '/api/blue-loot-calc')

/** Split blue loot by participation */
export const postParticipationCalc = endpoint<{ body: typeof ParticipationRequest; response: typeof ParticipationResponse }>('post', '/api/participation-calc')

/** Blue loot of the C5/C6 escalations: Upgraded Avengers per wave and the Drifter Response and Recon Battleships */
export const getLootSplitEscalations = endpoint<{ response: typeof LootEscalations }>('get', '/api/loot-split/escalations')
