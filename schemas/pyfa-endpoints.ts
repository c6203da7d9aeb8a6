import { endpoint } from './endpoint.js'
import type { FittingEnded, FittingSession, FittingSessionParams, FittingStatus } from './fitting.js'

/** Endpoints of api/tools/pyfa/routes.ts (see schemas/endpoint.ts). */

/** Whether fitting sessions can start here, and the limits */
export const getPyfaStatus = endpoint<{ response: typeof FittingStatus }>('get', '/api/pyfa/status')

/** Start a fitting session */
export const postPyfaSessions = endpoint<{ response: typeof FittingSession }>('post', '/api/pyfa/sessions')

/** A running fitting session */
export const getPyfaSessionsById = endpoint<{ params: typeof FittingSessionParams; response: typeof FittingSession }>('get', '/api/pyfa/sessions/:id')

/** End a fitting session now */
export const deletePyfaSessionsById = endpoint<{ params: typeof FittingSessionParams; response: typeof FittingEnded }>('delete', '/api/pyfa/sessions/:id')
