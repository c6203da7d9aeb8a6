import { endpoint } from './endpoint.js'
import type { KillTrackerResponse, TrackerParams } from './kill-tracker.js'

/** Endpoints of api/tools/killtracker/routes.ts (see schemas/endpoint.ts). */

/** A tracked player's kill tracker: last death, 7-day kills, losses and ISK */
export const getByName = endpoint<{ params: typeof TrackerParams; response: typeof KillTrackerResponse }>('get', '/api/:name')
