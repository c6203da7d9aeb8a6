import { endpoint } from './endpoint.js'
import type { SystemActivity, SystemActivityParams } from './system-activity.js'

/** Endpoints of api/tools/system-activity/routes.ts (see schemas/endpoint.ts). */

/** A system's last 24 hours of NPC, ship and pod kills and jumps, from ESI's hourly counts */
export const getSystemActivity = endpoint<{ params: typeof SystemActivityParams; response: typeof SystemActivity }>(
  'get',
  '/api/system-activity/:solarsystemid',
)
