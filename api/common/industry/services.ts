import { hubByStation } from '../../../schemas/market.js'
import type { DataAges } from '../../../schemas/industry.js'
import type { ApiContext } from '../../app.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { readIndustryBonuses, type IndustryBonuses } from './bonuses.js'
import { IndustryInputsStore } from './inputs-store.js'
import { perImport } from './per-import.js'

/** What the reaction and build-cost routes share in one api process: ESI industry inputs and SDE bonuses. */
export interface IndustryServices {
  inputs: IndustryInputsStore
  bonuses: (catalog: Catalog) => IndustryBonuses
  ages: (catalog: Catalog, stationId: number) => DataAges
  typeName: (catalog: Catalog, typeId: number) => string
}

const started = new WeakMap<ApiContext, Promise<IndustryServices>>()

async function start(ctx: ApiContext): Promise<IndustryServices> {
  const inputs = new IndustryInputsStore(ctx.ch, ctx.log.child({ component: 'industry-inputs' }))
  await inputs.start(ctx.stream)
  ctx.onShutdown?.(() => inputs.stop())
  return {
    inputs,
    bonuses: perImport(readIndustryBonuses),
    ages: (catalog, stationId) => ({
      pricesAt: hubByStation(stationId) ? (ctx.prices.snapshotOf(stationId)?.at.toISOString() ?? null) : null,
      adjustedPricesAt: inputs.fetchedAt('adjusted_prices'),
      costIndicesAt: inputs.fetchedAt('cost_indices'),
      sdeVersion: catalog.summary.sdeVersion,
    }),
    typeName: (catalog, typeId) => catalog.type(typeId)?.name ?? `Type ${typeId}`,
  }
}

/** The one set of services per api process, started by whichever route module registers first. */
export function industryServices(ctx: ApiContext): Promise<IndustryServices> {
  let s = started.get(ctx)
  if (!s) started.set(ctx, (s = start(ctx)))
  return s
}
