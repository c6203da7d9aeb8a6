import { endpoint } from './endpoint.js'
import { siteFileName, type SiteFileKind, type SiteTier } from './wormhole-sites-constants.js'
import type { SiteFile, DrifterAdditions } from './wormhole-sites.js'
import type { ResourceSites } from './resource-sites.js'

/** Endpoints of api/tools/wormhole-sites/routes.ts (see schemas/endpoint.ts). */

/** The C5/C6 escalations added by the PvE page: Upgraded Avengers, Drifter Response and Recon battleships */
export const getWormholeSitesDrifters = endpoint<{ response: typeof DrifterAdditions }>('get', '/api/wormhole-sites/drifters')

/** One sleeper-site file (the spec's /api/data/{file} names): waves, NPC figures and blue loot. */
export const getSiteFile = (tier: SiteTier, kind: SiteFileKind) => endpoint<{ response: typeof SiteFile }>('get', `/api/data/${siteFileName(tier, kind)}`)

/** The gas and ore sites with their clouds or ores and their sleeper defenders (community data) */
export const getResourceSites = endpoint<{ response: typeof ResourceSites }>('get', '/api/wormhole-sites/resource-sites')
