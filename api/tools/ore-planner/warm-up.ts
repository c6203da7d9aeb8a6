import { BATCH_UNITS, MINERALS, PLANNER_DEFAULTS, refineRateFraction, type MineralName } from '../../../schemas/ore-planner-constants.js'
import type { PlannerOre } from './ores.js'
import type { SearchRunner } from './solver/branch-and-bound.js'
import type { MipRunner } from './solver/mip.js'
import { coveringProblem, optimise } from './solver/optimise.js'
import { WarmUpCancelled } from './solver/pool.js'

/**
 * Eight-mineral targets of a frigate-, a battleship- and a capital-sized build. The bench times full plans on them, and
 * the warm-up uses them to give HiGHS about a second of realistic work; nobody is shown these plans.
 */
export const FULL_PLAN_TARGETS: Record<'small' | 'medium' | 'large', Record<MineralName, number>> = {
  small: { Tritanium: 150_000, Pyerite: 40_000, Mexallon: 12_000, Isogen: 3_000, Nocxium: 900, Zydrine: 300, Megacyte: 120, Morphite: 20 },
  medium: { Tritanium: 2_000_000, Pyerite: 500_000, Mexallon: 200_000, Isogen: 50_000, Nocxium: 20_000, Zydrine: 8_000, Megacyte: 3_000, Morphite: 1_000 },
  large: {
    Tritanium: 40_000_000,
    Pyerite: 10_000_000,
    Mexallon: 3_000_000,
    Isogen: 700_000,
    Nocxium: 200_000,
    Zydrine: 80_000,
    Megacyte: 30_000,
    Morphite: 5_000,
  },
}
const WARM_UP_SOLVE_MS = 400
/** The group search is cut short: it only needs to have run its code for V8 to optimise it. */
const WARM_UP_GROUP_SEARCH_MS = 100
/** Rounds of the exact search over the three plans: V8 had optimised the search after about three medium plans. */
const SEARCH_ROUNDS = 2

/**
 * Solves m³ plans on HiGHS so the solver thread is started and warm before the first real plan.
 *
 * HiGHS is WebAssembly: V8 first runs it from a quick baseline compile and recompiles the hot functions optimised
 * only after they have run a while, and the thread itself takes about 0.25 s to start. Measured on this machine, the
 * first small ISK plan in a fresh thread took 1.3–1.6 s instead of 0.55 s, and a medium ISK plan sent first stopped at
 * the time limit 51,900 ISK from its bound instead of 640. About a second of HiGHS work removes the difference (three
 * m³ plans of 400 ms each: the next small ISK plan took 0.55–0.58 s). m³ costs need only the static data, so the
 * warm-up runs before any hub has prices. It gives way to the first real plan (`SolverPool.warmUpRun`).
 *
 * The exact search (`solver/branch-and-bound.ts`, which answers m³ and batch plans) is JavaScript and just as cold:
 * the first medium m³ plans after a start took 216, 175 and 79 ms, then about 45. So the warm-up also runs it on
 * the same plans, twice, when given a `search` runner, and likewise the group search (`solver/group-search.ts`,
 * which answers ISK and blend plans) for 100 ms a plan when given `groupSearch`.
 */
export async function warmUpSolver(ores: PlannerOre[], run: MipRunner, search?: SearchRunner, groupSearch?: SearchRunner): Promise<void> {
  const columns = ores.map((o) => ({ id: o.typeIdCompressed, batchYield: o.batchYield, cost: o.volumeCompressedM3 * BATCH_UNITS }))
  const rateMicro = Math.round(refineRateFraction(PLANNER_DEFAULTS.refineRatePercent) * 1e6)
  try {
    for (const wanted of Object.values(FULL_PLAN_TARGETS)) {
      const targets = MINERALS.map((m) => wanted[m.name])
      await optimise(run, { columns, targets, rateMicro, absGap: 0.001, timeLimitMs: WARM_UP_SOLVE_MS, subMipHeuristics: true })
    }
    for (let round = 0; search && round < SEARCH_ROUNDS; round++) {
      for (const wanted of Object.values(FULL_PLAN_TARGETS)) {
        const targets = MINERALS.map((m) => wanted[m.name])
        const exactSearch = { run: search, timeLimitMs: WARM_UP_SOLVE_MS }
        await optimise(run, { columns, targets, rateMicro, absGap: 0.001, timeLimitMs: WARM_UP_SOLVE_MS, subMipHeuristics: false, exactSearch })
      }
    }
    for (let round = 0; groupSearch && round < SEARCH_ROUNDS; round++) {
      for (const wanted of Object.values(FULL_PLAN_TARGETS)) {
        const targets = MINERALS.map((m) => wanted[m.name])
        // m³ costs (no prices needed): an m³ plan is not what the group search answers, but it runs the same code.
        const columnsFor = (minerals: number[]) => columns.filter((c) => minerals.some((m) => c.batchYield[m] > 0))
        const minerals = targets.flatMap((t, m) => (t > 0 && m < MINERALS.length - 1 ? [m] : []))
        const group = columnsFor(minerals)
        await groupSearch(coveringProblem(group, minerals, targets, rateMicro, 0.001, WARM_UP_GROUP_SEARCH_MS))
      }
    }
  } catch (err) {
    if (!(err instanceof WarmUpCancelled)) throw err
  }
}
