import { getIndustryBlueprints, getIndustryBuildcost, getIndustrySystems } from '../../../schemas/industry-endpoints.js'
import { BuildCostQuery, BuildCostResponse, IndustryBlueprintsResponse, IndustrySystemsResponse } from '../../../schemas/industry.js'
import { hubByStation } from '../../../schemas/market.js'
import type { ApiContext } from '../../app.js'
import { z } from 'zod'
import { describeZodError } from '../../../platform/http/errors.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { calcBuildCost } from './build-cost.js'
import { buildListings, withIndices } from './listings.js'
import { perImport } from '../../common/industry/per-import.js'
import { industryServices } from '../../common/industry/services.js'

const tags = ['Industry']

/** A query the schema passed but the data refuses, in the schema's own player sentence ("Check the system: …"). */
const refuseQuery = (field: string, message: string, query: unknown) =>
  describeZodError('query', new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }]), query)
const errors = { 503: 'Static data not imported yet' }

export async function register(router: ApiRouter, ctx: ApiContext): Promise<void> {
  const services = await industryServices(ctx)
  const listings = perImport(buildListings)

  router.route(
    getIndustrySystems,
    {
      summary: 'Every solar system with its security and ESI manufacturing and reaction cost indices',
      description: 'Cost indices are fractions (0.05 = 5%) from ESI /industry/systems/, refreshed hourly; null where ESI has none.',
      tags,
      response: IndustrySystemsResponse,
      errors,
    },
    ({ ctx: kctx }) => {
      const catalog = ctx.catalog.current()
      kctx.set('Cache-Control', 'public, max-age=600')
      return withIndices(listings(catalog).systems, (id) => services.inputs.costIndices(id))
    },
  )

  router.route(
    getIndustryBlueprints,
    {
      summary: 'Every published manufacturing blueprint, keyed by blueprint id',
      tags,
      response: IndustryBlueprintsResponse,
      errors,
    },
    ({ ctx: kctx }) => {
      const catalog = ctx.catalog.current()
      kctx.set('Cache-Control', 'public, max-age=3600')
      return listings(catalog).blueprintList
    },
  )

  router.route(
    getIndustryBuildcost,
    {
      summary: 'Materials and job cost of building a blueprint',
      description:
        'Material quantities: max(runs, ceil(round(base × runs × (1 − ME/100) × structure × (1 − rig × security multiplier), 2))). ' +
        'Job cost: EIV × (cost index × structure role bonus + facility tax + 4% SCC surcharge), EIV = Σ ESI adjusted price × base quantity × runs. ' +
        'Blueprints come from the static data export, which may predate recent blueprint changes.',
      tags,
      query: BuildCostQuery,
      response: BuildCostResponse,
      before: [rateLimit({ points: 600, durationSeconds: 60, message: 'Too many build cost requests from your address' })],
      errors: { ...errors, 429: 'Rate limited; see Retry-After' },
    },
    ({ query }) => {
      const catalog = ctx.catalog.current()
      const bp = listings(catalog).blueprints.get(query.blueprint)
      if (!bp) throw refuseQuery('blueprint', `${query.blueprint} is not a published manufacturing blueprint`, query)
      const system = catalog.system(/^\d+$/.test(query.system) ? Number(query.system) : query.system)
      if (!system) throw refuseQuery('system', `there is no solar system named '${query.system.slice(0, 40)}'`, query)
      return calcBuildCost(
        query,
        bp,
        { solar_system_id: system.solar_system_id, name: system.name, security: system.security, is_jspace: system.is_jspace },
        {
          name: (id) => services.typeName(catalog, id),
          hubPrice: (id) => ctx.prices.stationPrice(query.station, id),
          adjustedPrice: (id) => services.inputs.adjustedPrice(id),
          costIndex: services.inputs.costIndices(system.solar_system_id).manufacturing,
          stationLabel: hubByStation(query.station)!.label,
          bonuses: services.bonuses(catalog),
          ages: services.ages(catalog, query.station),
        },
      )
    },
  )
}
