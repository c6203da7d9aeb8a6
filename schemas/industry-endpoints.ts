import { endpoint } from './endpoint.js'
import type { BuildCostQuery, BuildCostResponse, IndustryBlueprintsResponse, IndustrySystemsResponse } from './industry.js'

/** Endpoints of api/tools/industry/routes.ts (see schemas/endpoint.ts). */

/** Every solar system with its security and ESI manufacturing and reaction cost indices */
export const getIndustrySystems = endpoint<{ response: typeof IndustrySystemsResponse }>('get', '/api/industry/systems')

/** Every published manufacturing blueprint, keyed by blueprint id */
export const getIndustryBlueprints = endpoint<{ response: typeof IndustryBlueprintsResponse }>('get', '/api/industry/blueprints')

/** Materials and job cost of building a blueprint */
export const getIndustryBuildcost = endpoint<{ query: typeof BuildCostQuery; response: typeof BuildCostResponse }>('get', '/api/industry/buildcost')
