import type { Highs } from 'highs'

/**
 * Minimise Σ cost·x subject to min ≤ Σ coef·x ≤ max per row, 0 ≤ x ≤ upper, x whole numbers when `integer`.
 * That is all the planner asks of a solver, so this is the whole interface.
 */
export interface MipModel {
  costs: number[]
  upper: number[]
  integer: boolean
  rows: Array<{ min?: number; max?: number; cols: number[]; coefs: number[] }>
}

export interface MipOptions {
  timeLimitMs: number
  /** Stop when the best plan is proven within this much of the best possible (in objective units). */
  absGap: number
  /** A known plan to start from (HiGHS checks it and ignores it when it does not fit). */
  start?: number[]
  /** HiGHS's RENS and RINS sub-MIP heuristics (default on); see `subMipHeuristicsFor` in plan.ts. */
  subMipHeuristics?: boolean
}

export interface MipResult {
  /** optimal: proven within absGap; time_limit: stopped early, `x` is the best found (if any). */
  status: 'optimal' | 'time_limit' | 'infeasible'
  x: number[] | null
  objective: number
  /** Proven lower bound on the objective (equal to it when optimal). */
  bound: number
  ms: number
}

/** Runs one model; in the api it runs on a worker thread (`pool.ts`), in tests and benchmarks in-process. */
export type MipRunner = (model: MipModel, options: MipOptions) => Promise<MipResult>

const OPTIMAL = 7
const INFEASIBLE = 8
const TIME_LIMIT = 13
const FEASIBLE_SOLUTION = 2

/** Solve a model with HiGHS (the WebAssembly build of the `highs` package). Synchronous: it blocks its thread. */
export function solveWithHighs(highs: Highs, model: MipModel, options: MipOptions): MipResult {
  const started = performance.now()
  const numCols = model.costs.length
  const starts = [0]
  const indices: number[] = []
  const values: number[] = []
  for (const row of model.rows) {
    indices.push(...row.cols)
    values.push(...row.coefs)
    starts.push(indices.length)
  }
  return highs.withModel(
    {
      numCols,
      numRows: model.rows.length,
      colCost: model.costs,
      colLower: model.costs.map(() => 0),
      colUpper: model.upper,
      rowLower: model.rows.map((r) => r.min ?? -highs.infinity),
      rowUpper: model.rows.map((r) => r.max ?? highs.infinity),
      matrix: { format: 'csr', numRows: model.rows.length, numCols, starts, indices, values },
      integrality: model.integer ? model.costs.map(() => 1 as const) : undefined,
    },
    (m): MipResult => {
      m.options.set({
        output_flag: false,
        time_limit: Math.max(0.01, options.timeLimitMs / 1000),
        mip_rel_gap: 0,
        mip_abs_gap: options.absGap,
        mip_heuristic_run_rens: options.subMipHeuristics !== false,
        mip_heuristic_run_rins: options.subMipHeuristics !== false,
      } as Parameters<typeof m.options.set>[0])
      if (options.start && options.start.length === numCols) m.setSolution({ colValue: options.start })
      m.run()
      const status = m.getModelStatus() as number
      const ms = performance.now() - started
      if (status === INFEASIBLE) return { status: 'infeasible', x: null, objective: Infinity, bound: Infinity, ms }
      if (status !== OPTIMAL && status !== TIME_LIMIT) throw new Error(`HiGHS stopped with model status ${status}`)
      const hasSolution = Number(m.info.get('primal_solution_status')) === FEASIBLE_SOLUTION
      const x = hasSolution ? Array.from(m.getSolution().colValue) : null
      const objective = hasSolution ? m.getObjectiveValue() : Infinity
      const bound = model.integer ? Number(m.info.get('mip_dual_bound')) : objective
      return {
        status: status === OPTIMAL ? ('optimal' as const) : ('time_limit' as const),
        x,
        objective,
        bound: Number.isFinite(bound) ? Math.min(bound, objective) : -Infinity,
        ms,
      }
    },
  )
}

let loading: Promise<Highs> | null = null
/** The process's (or thread's) one HiGHS instance, loaded on first use. */
export function loadHighs(): Promise<Highs> {
  loading ??= import('highs').then((mod) => mod.default())
  return loading
}

/** Solve on the calling thread: for tests, benchmarks of the solver alone, and the worker itself. */
export const inProcessRunner: MipRunner = async (model, options) => solveWithHighs(await loadHighs(), model, options)
