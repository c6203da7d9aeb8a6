import { endpoint } from './endpoint.js'
import type { TheraFeed, TheraRoute, TheraRouteQuery } from './thera.js'

/** Endpoints of api/tools/thera/routes.ts (see schemas/endpoint.ts). */

/** The current Thera and Turnur connections from EVE-Scout, and how fresh the list is */
export const getThera = endpoint<{ response: typeof TheraFeed }>('get', '/api/thera')

/** The fewest jumps from a system to each of the five trade hubs through a Thera or Turnur connection */
export const getTheraRoute = endpoint<{ query: typeof TheraRouteQuery; response: typeof TheraRoute }>('get', '/api/thera/route')
