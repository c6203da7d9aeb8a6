import { getReactionCalcFamilies, postReactionCalc } from '../../../schemas/reactions-endpoints.js'
import { ReactionFamiliesResponse, ReactionRequest, ReactionResult } from '../../../schemas/reactions.js'
import type { ApiContext } from '../../app.js'
import { notFound } from '../../../platform/http/errors.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { perImport } from '../../common/industry/per-import.js'
import { industryServices } from '../../common/industry/services.js'
import { calcReaction } from './calc.js'
import { buildReactionIndex } from './families.js'

const tags = ['Reactions']

export async function register(router: ApiRouter, ctx: ApiContext): Promise<void> {
  const services = await industryServices(ctx)
  const reactions = perImport(buildReactionIndex)

  router.route(
    postReactionCalc,
    {
      summary: 'Profit of one reaction formula',
      description:
        'Inputs are bought at the input pricing mode and outputs sold at the output pricing mode at the chosen hub; a price the hub lacks counts as 0 ' +
        'and is listed in missingPrices. Taxes: job install cost = EIV × system cost index, facility tax = EIV × facility tax %, SCC tax = 4% of EIV, ' +
        'with EIV = Σ ESI adjusted price × base input quantity × runs. Material rigs: max(runs, ceil(round(base × runs × (1 − rig% × security multiplier), 2))). ' +
        'Formulas come from the static data export, which may predate recent changes.',
      tags,
      body: ReactionRequest,
      response: ReactionResult,
      // The page asks once per formula on every change (58 for the composite families), so the limit is generous.
      before: [rateLimit({ points: 3000, durationSeconds: 60, message: 'Too many reaction requests from your address' })],
      errors: { 404: 'No such reaction formula', 429: 'Rate limited; see Retry-After', 503: 'Static data not imported yet' },
    },
    ({ body }) => {
      const catalog = ctx.catalog.current()
      const bp = reactions(catalog).blueprints.get(body.blueprintID)
      if (!bp) throw notFound(`No published reaction formula with blueprint id ${body.blueprintID}`)
      return calcReaction(body, bp, {
        name: (id) => services.typeName(catalog, id),
        hubPrice: (id) => ctx.prices.stationPrice(body.station, id),
        adjustedPrice: (id) => services.inputs.adjustedPrice(id),
        bonuses: services.bonuses(catalog),
        ages: services.ages(catalog, body.station),
      })
    },
  )

  router.route(
    getReactionCalcFamilies,
    {
      summary: 'Every published reaction formula, grouped by family (the eight hybrid formulas are the default list)',
      tags,
      response: ReactionFamiliesResponse,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'public, max-age=3600')
      return reactions(ctx.catalog.current()).families
    },
  )
}
