import { endpoint } from './endpoint.js'
import type { HealthResponse } from './common.js'

/** Endpoints of api/health.ts (see schemas/endpoint.ts). */

/** Liveness and database round trip */
export const getHealth = endpoint<{ response: typeof HealthResponse }>('get', '/api/health')
