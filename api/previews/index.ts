import type { ApiContext } from '../app.js'
import { pageResolver, systemIndex, trackerIndex } from './pages.js'
import { previewRoutes } from './routes.js'

/**
 * Link previews: each page's Open Graph and Twitter card tags, rendered by the server into the page's HTML (a crawler
 * such as Discord's runs no script), its HTTP status (404 for no page), and summary cards for saved appraisals,
 * wormhole systems and kill trackers. Read-only: it reads the saved-appraisal and kill tracker stores and the static data.
 */
export function createPreviews(ctx: ApiContext) {
  const system = systemIndex(ctx)
  const trackers = trackerIndex(ctx)
  return { resolve: pageResolver(ctx, system, trackers), routes: previewRoutes(ctx, system, trackers) }
}
export type PageResolve = ReturnType<typeof createPreviews>['resolve']
