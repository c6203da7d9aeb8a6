import { endpoint } from './endpoint.js'
import type { OresResponse, PlanRequest, PlanResponse } from './ore-planner.js'

/** Endpoints of api/tools/ore-planner/routes.ts (see schemas/endpoint.ts). */

/** The compressed ores the planner can buy, with their group and per-batch minerals */
export const getOrePlannerOres = endpoint<{ response: typeof OresResponse }>('get', '/api/ore-planner/ores')

/** Which compressed ores to buy and reprocess for mineral targets, solved to optimality */
export const postOrePlannerPlan = endpoint<{ body: typeof PlanRequest; response: typeof PlanResponse }>('post', '/api/ore-planner/plan')
