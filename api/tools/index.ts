import type { ApiContext } from '../app.js'
import { register as authRoutes } from '../auth/routes.js'
import { register as catalogRoutes } from '../catalog/routes.js'
import type { ApiRouter } from '../http/router.js'
import { register as contactRoutes } from './contact/routes.js'
import { register as killfeedRoutes } from './killfeed/routes.js'
import { register as wormholeRoutes } from './wormholes/routes.js'

/**
 * Every tool's API routes, one entry per slice (`api/tools/<tool>/routes.ts`).
 * A tool is listed here only when it works end to end.
 */
export const toolRoutes: Array<(router: ApiRouter, ctx: ApiContext) => void | Promise<void>> = [
  catalogRoutes,
  wormholeRoutes,
  contactRoutes,
  authRoutes,
  killfeedRoutes,
]
