import type { ApiContext } from '../app.js'
import { register as authRoutes } from '../auth/routes.js'
import { register as catalogRoutes } from '../catalog/routes.js'
import type { ApiRouter } from '../http/router.js'
import { register as contactRoutes } from './contact/routes.js'
import { register as piRoutes } from './pi/routes.js'
import { register as priceRoutes } from './prices/routes.js'
import { register as statusRoutes } from './statuses/routes.js'
import { register as lootSplitRoutes } from './loot-split/routes.js'
import { register as killboardRoutes } from './killboard/routes.js'
import { register as killTrackerRoutes } from './killtracker/routes.js'
import { register as killfeedRoutes } from './killfeed/routes.js'
import { register as wormholeRoutes } from './wormholes/routes.js'
import { register as pyfaRoutes } from './pyfa/routes.js'
import { register as harvestingRoutes } from './harvesting/routes.js'
import { register as industryRoutes } from './industry/routes.js'
import { register as reactionRoutes } from './reactions/routes.js'
import { register as wormholeSiteRoutes } from './wormhole-sites/routes.js'
import { register as appraisalRoutes } from './appraisals/routes.js'
import { register as orePlannerRoutes } from './ore-planner/routes.js'
import { register as systemActivityRoutes } from './system-activity/routes.js'
import { register as theraRoutes } from './thera/routes.js'

/**
 * Every tool's API routes, one entry per slice (`api/tools/<tool>/routes.ts`).
 * A tool is listed here only when it works end to end.
 */
export const toolRoutes: Array<(router: ApiRouter, ctx: ApiContext) => void | Promise<void>> = [
  catalogRoutes,
  wormholeRoutes,
  contactRoutes,
  priceRoutes,
  statusRoutes,
  pyfaRoutes,
  lootSplitRoutes,
  harvestingRoutes,
  reactionRoutes,
  industryRoutes,
  wormholeSiteRoutes,
  killboardRoutes,
  authRoutes,
  killfeedRoutes,
  appraisalRoutes,
  piRoutes,
  orePlannerRoutes,
  systemActivityRoutes,
  theraRoutes,
]

/**
 * Catch-all routes (such as the kill tracker's `GET /api/{name}`), registered after every route above so they never
 * shadow one: koa-router answers with the first matching route in registration order.
 */
export const catchAllRoutes: Array<(router: ApiRouter, ctx: ApiContext) => void | Promise<void>> = [killTrackerRoutes]
