import { endpoint } from './endpoint.js'
import type { KillboardActivity, KillboardSummary, SolarSystemParams } from './killboard.js'

/** Endpoints of api/tools/killboard/routes.ts (see schemas/endpoint.ts). */

/** A system's killboard summary: kills, days covered, latest kill and the most active corporations */
export const getKillboardSummaryBySolarsystemid = endpoint<{ params: typeof SolarSystemParams; response: typeof KillboardSummary }>(
  'get',
  '/api/killboard-summary/:solarsystemid',
)

/** A system's activity heatmap: kills per UTC weekday and hour */
export const getKillboardActivityBySolarsystemid = endpoint<{ params: typeof SolarSystemParams; response: typeof KillboardActivity }>(
  'get',
  '/api/killboard-activity/:solarsystemid',
)
