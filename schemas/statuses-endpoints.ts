import { endpoint } from './endpoint.js'
import type { StatusesResponse, StatusHistoryResponse } from './statuses.js'

/** Endpoints of api/tools/statuses/routes.ts (see schemas/endpoint.ts). */

/** Infrastructure status: uptime, database, market pipeline and killmail feed freshness, outside services, static data */
export const getStatuses = endpoint<{ response: typeof StatusesResponse }>('get', '/api/statuses')

/** Uptime over 24 h, 7 d, 30 d and 90 d per component, and the incidents of the last 90 days */
export const getStatusesHistory = endpoint<{ response: typeof StatusHistoryResponse }>('get', '/api/statuses/history')
