import { postPiCalc } from '../../../schemas/pi-endpoints.js'
import { HUBS } from '../../../schemas/market.js'
import { PiCalcRequest, PiCalcResponse } from '../../../schemas/pi.js'
import type { ApiContext } from '../../app.js'
import { HttpError } from '../../../platform/http/errors.js'
import type { ApiRouter } from '../../http/router.js'
import { calculatePi, taxBaseByTier } from './calc.js'
import { buildChains, chainSourceFromCatalog, type PiChainIndex } from './chains.js'

/** The spec prices PI at Jita 4-4. */
const JITA = HUBS[0]

export function register(router: ApiRouter, ctx: ApiContext): void {
  // The chains only change with a new static import.
  let cached: { importId: number; index: PiChainIndex; taxBases: Record<string, number[]>; typeIds: number[] } | null = null
  const chains = () => {
    const catalog = ctx.catalog.current()
    if (cached?.importId !== catalog.importId) {
      const index = buildChains(chainSourceFromCatalog(catalog))
      cached = { importId: catalog.importId, index, taxBases: taxBaseByTier(index), typeIds: [...index.tiers.keys()] }
    }
    return cached
  }

  router.route(
    postPiCalc,
    {
      summary: 'Planetary industry profit per batch for every P1-P4 product, at Jita 4-4 prices',
      description:
        'Chains come from the SDE planet schematics. Profit P0-This = batch value − every P0 behind the batch − customs tax of the whole chain; ' +
        'Profit Prev-This = batch value − the direct inputs − import tax on them and export tax on the batch. Customs tax is the rate times the ' +
        "commodity's customs value (SDE), imports at half the rate. Prices missing at Jita 4-4 are null and named in `missing`; a profit that needs one is null, and `missingPrevThis` / `missingP0This` say which prices stop which profit. " +
        'P0 comes from your own extraction by default (0 ISK, never imported); `p0Source: market` buys it at the input side instead. ' +
        'Formulas: docs/tools/pi.md.',
      tags: ['Planetary industry'],
      body: PiCalcRequest,
      response: PiCalcResponse,
      errors: { 503: 'Static data not imported yet, or no Jita 4-4 prices yet' },
    },
    ({ body }) => {
      const { index, taxBases, typeIds } = chains()
      const snapshot = ctx.prices.snapshotOf(JITA.station_id)
      if (!snapshot)
        throw new HttpError(503, 'No Jita 4-4 market prices yet: the market data has not arrived from ESI (see the Status page)', undefined, {
          'Retry-After': '60',
        })
      const rows = new Map(ctx.prices.stationPrices(JITA.station_id, typeIds).map((r) => [r.type_id, { sellMin: r.sell_min, buyMax: r.buy_max }]))
      return {
        ...calculatePi(index, (id) => rows.get(id), body),
        marketMode: body.marketMode,
        taxRate: body.taxRate,
        p0Source: body.p0Source,
        prices: { stationId: JITA.station_id, label: JITA.label, snapshotAt: snapshot.at.toISOString(), ageSeconds: ctx.prices.ageSeconds(JITA.station_id) },
        taxBaseByTier: taxBases,
      }
    },
  )
}
