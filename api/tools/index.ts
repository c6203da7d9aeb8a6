import type { ApiContext } from '../app.js'
import type { ApiRouter } from '../http/router.js'
import { register as pyfa } from './pyfa/routes.js'

/**
 * Every tool's API routes, one entry per slice (`api/tools/<tool>/routes.ts`).
 * A tool is listed here only when it works end to end.
 */
export const toolRoutes: Array<(router: ApiRouter, ctx: ApiContext) => void | Promise<void>> = [
  pyfa,
]
