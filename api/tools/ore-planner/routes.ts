import { getOrePlannerOres, postOrePlannerPlan } from '../../../schemas/ore-planner-endpoints.js'
import { OresResponse, PlanRequest, PlanResponse } from '../../../schemas/ore-planner.js'
import type { ApiContext } from '../../app.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { HttpError } from '../../../platform/http/errors.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { compressedOres, type PlannerOre } from './ores.js'
import { makePlan } from './plan.js'
import { SolverBusyError, SolverPool } from './solver/pool.js'
import { warmUpSolver } from './warm-up.js'

export function register(router: ApiRouter, ctx: ApiContext): void {
  const tags = ['Ore planner']
  let ores: { catalog: Catalog; list: PlannerOre[] } | null = null
  const currentOres = () => {
    const catalog = ctx.catalog.current()
    if (ores?.catalog !== catalog) ores = { catalog, list: compressedOres(catalog) }
    return ores.list
  }
  const pool = new SolverPool()
  // The page asks for the ore list as it opens, seconds before its first plan: warm the solver thread up then.
  let warmUp: Promise<void> | null = null
  const warmUpOnce = (list: PlannerOre[]) => {
    warmUp ??= warmUpSolver(list, pool.warmUpRun, pool.warmUpSearch, pool.warmUpGroupSearch).catch((err) => ctx.log.warn({ err }, 'ore planner warm-up failed'))
  }

  router.route(
    getOrePlannerOres,
    {
      summary: 'The compressed ores the planner can buy, with their group and per-batch minerals',
      description:
        'Read from the static data: every compressed asteroid ore whose reprocessing skill is Simple, Coherent, Variegated, Complex, Abyssal or Mercoxit Ore Processing.',
      tags,
      response: OresResponse,
      errors: { 503: 'Static data not imported yet' },
    },
    ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'public, max-age=3600')
      const list = currentOres()
      warmUpOnce(list)
      return { ores: list.map(({ batchYield: _, ...ore }) => ore) }
    },
  )

  router.route(
    postOrePlannerPlan,
    {
      summary: 'Which compressed ores to buy and reprocess for mineral targets, solved to optimality',
      description:
        'An integer program over whole batches (100 units), solved exactly: ISK and blend plans by a search over the LP basis ' +
        "(Gomory's group relaxation with the game's per-stack rounding kept exact), then HiGHS when that does not finish; m³ and batch plans by a branch and bound, then HiGHS. " +
        'min_cost minimises ISK at the hub and price field, ' +
        'min_haul ore m³ (or batches), blend a weighted sum of cost and m³, each divided by its own best possible value. ' +
        'Per-stack rounding of the reprocessed minerals is accounted for. Targets no allowed ore yields are reported as shortfalls. ' +
        `A plan not proven optimal within ${ctx.config.ORE_PLANNER_TIME_LIMIT_MS / 1000} s comes back with its proven gap.`,
      tags,
      body: PlanRequest,
      response: PlanResponse,
      errors: { 429: 'Too many plans from this address', 503: 'Static data or hub prices not loaded yet, or the planner is busy' },
      before: [rateLimit({ points: ctx.config.ORE_PLANNER_RATE_LIMIT_PER_MINUTE, durationSeconds: 60, message: 'Too many plans from your address' })],
    },
    async ({ body }) => {
      try {
        return await makePlan(body, {
          ores: currentOres(),
          prices: { rows: (station, ids) => ctx.prices.stationPrices(station, ids), snapshotAt: (station) => ctx.prices.snapshotOf(station)?.at ?? null },
          run: pool.run,
          search: pool.search,
          groupSearch: pool.groupSearch,
          timeLimitMs: ctx.config.ORE_PLANNER_TIME_LIMIT_MS,
          staleAfterSeconds: ctx.config.MARKET_CADENCE_MINUTES * 60 * 2,
        })
      } catch (err) {
        if (err instanceof SolverBusyError) throw new HttpError(503, err.message, undefined, { 'Retry-After': '5' })
        throw err
      }
    },
  )
}
