import { endpoint } from './endpoint.js'
import type { StatusesResponse } from './statuses.js'

/** Endpoints of api/tools/statuses/routes.ts (see schemas/endpoint.ts). */

/** Infrastructure status: uptime, database, market pipeline and killmail feed freshness, outside services, static data */
export const getStatuses = endpoint<{ response: typeof StatusesResponse }>('get', '/api/statuses')
