import { getResourceSites, getSiteFile, getWormholeSitesDrifters } from '../../../schemas/wormhole-sites-endpoints.js'
import { ResourceSites } from '../../../schemas/resource-sites.js'
import { buildResourceSites } from './resource-sites.js'
import { DrifterAdditions, SITE_FILE_KINDS, SITE_TIERS, SiteFile, type SiteRecord } from '../../../schemas/wormhole-sites.js'
import type { ApiContext } from '../../app.js'
import { HttpError } from '../../../platform/http/errors.js'
import type { ApiRouter } from '../../http/router.js'
import { buildDrifterAdditions } from './drifters.js'
import { buildSiteFiles } from './records.js'

interface Built {
  importId: number
  files: ReturnType<typeof buildSiteFiles>
  drifters: DrifterAdditions
  resourceSites: ResourceSites
}

const KIND_LABEL = { combat: 'combat anomalies', datarelic: 'data and relic signatures' } as const

export function register(router: ApiRouter, ctx: ApiContext): void {
  let built: Built | null = null
  const current = (): Built => {
    const catalog = ctx.catalog.current()
    if (built?.importId !== catalog.importId)
      built = {
        importId: catalog.importId,
        files: buildSiteFiles(catalog),
        drifters: buildDrifterAdditions(catalog),
        resourceSites: buildResourceSites(catalog),
      }
    return built
  }

  // One route per file (the spec's /api/data/{file} names), so other tools can serve their own files under /api/data/.
  for (const tier of SITE_TIERS) {
    for (const kind of SITE_FILE_KINDS) {
      router.route(
        getSiteFile(tier, kind),
        {
          summary: `${tier.toUpperCase()} ${KIND_LABEL[kind]}: waves, NPC figures and blue loot`,
          description:
            'Site records (site, class, type, blue_loot_isk, waves). NPC figures are derived from the SDE dogma; waves, quantities, triggers and blue loot come from the community sleeper-site data. 503 when that data set is missing.',
          tags: ['Wormhole sites'],
          response: SiteFile,
          errors: { 503: 'Static data not imported yet, or the community sleeper-site data is missing' },
        },
        ({ ctx: kctx }): SiteRecord[] => {
          const catalog = ctx.catalog.current()
          if (!catalog.community.sleeperSites)
            throw new HttpError(503, 'The community sleeper-site data set is missing on this server, so site files cannot be served.')
          kctx.set('Cache-Control', 'public, max-age=3600')
          return current().files.get(`${tier}_${kind}`) ?? []
        },
      )
    }
  }

  router.route(
    getWormholeSitesDrifters,
    {
      summary: 'The C5/C6 escalations added by the PvE page: Upgraded Avengers, Drifter Response and Recon battleships',
      tags: ['Wormhole sites'],
      response: DrifterAdditions,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'public, max-age=3600')
      return current().drifters
    },
  )

  router.route(
    getResourceSites,
    {
      summary: 'The gas and ore sites with their clouds or ores and their sleeper defenders',
      description:
        "From the community gas and ore site data sets (the community wormhole-sites sheet): the classes each site spawns in, its clouds or ores (units and m³), blue loot, the resources' value at the data set's prices, and each defender with its DPS, alpha, EHP and tackle. A missing data set is named in `missing`.",
      tags: ['Wormhole sites'],
      response: ResourceSites,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'public, max-age=3600')
      return current().resourceSites
    },
  )
}
