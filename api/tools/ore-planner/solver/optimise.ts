import type { CoveringProblem, SearchRunner } from './branch-and-bound.js'
import { solveCoveringLp } from './covering-lp.js'
import type { MipModel, MipResult, MipRunner } from './mip.js'

/**
 * The planner's integer program.
 *
 *   minimise   Σ_i cost_i · n_i                       (n_i = whole batches of ore i)
 *   subject to Σ_i floor(n_i · q_im · y) ≥ T_m         for every targeted mineral m
 *
 * q_im is mineral m in one batch of ore i (SDE type materials), y the refine yield, and the floor is per ore
 * stack, as the game rounds each stack's output down. The solver first sees the pooled form
 * Σ_i q_im · n_i ≥ ceil(T_m / y) (exact for all stacks' output taken together; both sides are whole numbers).
 * When per-stack rounding leaves a mineral short, that mineral is modelled exactly (see `buildModel`) and the
 * model solved again, starting from the last plan. Every model solved is a relaxation of the real problem, so its
 * proven bound is a lower bound for the real problem, and a plan that meets the targets under per-stack rounding
 * and is optimal for such a model is optimal for the real problem.
 *
 * Exact reductions before solving (they never remove the optimum):
 * - ores that yield no targeted mineral are dropped; a targeted mineral no allowed ore yields is reported
 *   as a shortfall instead of making the model infeasible,
 * - an ore is dropped when another allowed ore yields at least as much of every targeted mineral for no more
 *   cost (swap batch for batch: per-stack rounding only gets better),
 * - independent groups of minerals (e.g. Morphite, which only Mercoxit yields) are solved separately; a group with
 *   one ore left needs no solver,
 * - no ore needs more batches than it takes to cover, alone, every target it contributes to.
 */

export interface OreColumn {
  id: number
  /** Units of each mineral in one batch (indexed like the targets). */
  batchYield: number[]
  /** Objective per batch (ISK, m³, 1, or the blend score). */
  cost: number
}

export interface OptimiseInput {
  columns: OreColumn[]
  /** Units wanted per mineral. */
  targets: number[]
  /** Refine yield in millionths (0.867 → 867000); whole numbers keep the rounding exact. */
  rateMicro: number
  /** The objective's resolution: plans closer than this to the bound count as optimal. */
  absGap: number
  timeLimitMs: number
  /** Passed to every solve (`MipOptions.subMipHeuristics`). */
  subMipHeuristics?: boolean
  /**
   * Try the group search of `group-search.ts` first, for up to `timeLimitMs`: it proves ISK and blend plans in
   * milliseconds. A search that finishes answers (proven optimal); one that does not (or that does not apply) hands
   * the next stage its best plan as the start and its bound.
   */
  groupSearch?: { run: SearchRunner; timeLimitMs: number }
  /** Then the exact search of `branch-and-bound.ts` (m³ and batch plans), the same way; then HiGHS. */
  exactSearch?: { run: SearchRunner; timeLimitMs: number }
  /**
   * The player's limits on the shopping list (issue #42): at most `maxOres` distinct ores, and at least
   * `minBatches` batches of each ore bought. Either one makes the model a HiGHS model with a 0/1 column per ore
   * ("bought or not"): n ≤ cap·b, n ≥ minBatches·b, Σ b ≤ maxOres. The cap couples the mineral groups, so they are
   * then solved as one; the planner's own searches do not take these rows and are skipped.
   */
  limits?: PlanLimits
}

export interface PlanLimits {
  maxOres?: number
  minBatches?: number
}

const limited = (limits: PlanLimits | undefined) => !!limits && (limits.maxOres !== undefined || (limits.minBatches ?? 1) > 1)

export interface OptimiseOutput {
  /** Batches per column id (only ids with batches). */
  batches: Map<number, number>
  /** Mineral indexes with a target that no allowed ore yields. */
  unreachable: number[]
  value: number
  lowerBound: number
  proven: boolean
  timedOut: boolean
  solveMs: number
  /** The limits left no plan that meets the targets (too few ores allowed): no batches are answered. */
  infeasible: boolean
}

const MICRO = 1_000_000n

/**
 * What one stack of `batches` batches yields of a mineral with `perBatch` units a batch: rounded down, exactly.
 * Whole-number doubles are exact below 2^53, but a quotient can still round up across a whole number, so the
 * floating-point quotient is checked by multiplying back (BigInt only past 2^53; the search calls this often).
 */
export function stackYield(batches: number, perBatch: number, rateMicro: number): number {
  if (batches <= 0 || perBatch <= 0 || rateMicro <= 0) return 0
  const product = batches * perBatch * rateMicro
  if (product > Number.MAX_SAFE_INTEGER) return Number((BigInt(batches) * BigInt(perBatch) * BigInt(rateMicro)) / MICRO)
  let q = Math.floor(product / 1e6)
  if (q * 1e6 > product) q--
  else if ((q + 1) * 1e6 <= product) q++
  return q
}

/** The smallest whole number of base units whose yield covers `target`: ceil(target / y), exactly (as above). */
export function pooledRequirement(target: number, rateMicro: number): number {
  if (target <= 0) return 0
  const scaled = target * 1e6
  if (scaled > Number.MAX_SAFE_INTEGER) {
    const r = BigInt(rateMicro)
    return Number((BigInt(target) * MICRO + r - 1n) / r)
  }
  let q = Math.ceil(scaled / rateMicro)
  if ((q - 1) * rateMicro >= scaled) q--
  else if (q * rateMicro < scaled) q++
  return q
}

/** Per ore, the most batches a plan needs: enough to cover, alone, every target of `minerals` it yields. */
export function batchCaps(columns: OreColumn[], minerals: number[], targets: number[], rateMicro: number): number[] {
  const requirement = targets.map((t) => pooledRequirement(t, rateMicro))
  return columns.map((c) => Math.max(0, ...minerals.filter((m) => c.batchYield[m] > 0).map((m) => Math.ceil(requirement[m] / c.batchYield[m]))))
}

/** One group's problem for the planner's own searches: a row per mineral of `minerals`, every ore's batch cap. */
export function coveringProblem(
  columns: OreColumn[],
  minerals: number[],
  targets: number[],
  rateMicro: number,
  absGap: number,
  timeLimitMs: number,
): CoveringProblem {
  return {
    costs: columns.map((c) => c.cost),
    yields: columns.map((c) => minerals.map((m) => c.batchYield[m])),
    targets: minerals.map((m) => targets[m]),
    rateMicro,
    upper: batchCaps(columns, minerals, targets, rateMicro),
    absGap,
    timeLimitMs,
  }
}

export function produced(columns: OreColumn[], batches: number[], mineral: number, rateMicro: number): number {
  let sum = 0
  for (let i = 0; i < columns.length; i++) sum += stackYield(batches[i], columns[i].batchYield[mineral], rateMicro)
  return sum
}

/**
 * The largest step every plan's objective value moves in: the greatest common divisor of the costs, counted in
 * whole `unit`s (0.001 m³, 0.01 ISK), or `unit` itself when a cost is not a whole number of units. Every plan's
 * value is a sum of whole multiples of the costs, so it is a multiple of this step, and a plan whose value is
 * less than one step above a proven lower bound is the optimum: no value lies strictly between the two.
 */
export function objectiveStep(costs: number[], unit: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  let step = 0
  for (const cost of costs) {
    const units = Math.round(cost / unit)
    if (units <= 0 || Math.abs(cost / unit - units) > 1e-6) return unit
    step = gcd(units, step)
  }
  return step === 0 ? unit : step * unit
}

const planValue = (columns: OreColumn[], x: number[]) => columns.reduce((s, c, i) => s + c.cost * x[i], 0)

/** Drop columns another column beats on every targeted mineral at no higher cost (ties keep the first). */
export function pruneDominated(columns: OreColumn[], minerals: number[]): OreColumn[] {
  const atLeast = (b: OreColumn, a: OreColumn) => minerals.every((m) => b.batchYield[m] >= a.batchYield[m])
  const same = (b: OreColumn, a: OreColumn) => minerals.every((m) => b.batchYield[m] === a.batchYield[m])
  return columns.filter((a, ia) => !columns.some((b, ib) => ib !== ia && atLeast(b, a) && b.cost <= a.cost && (b.cost < a.cost || !same(b, a) || ib < ia)))
}

/** Minerals linked by ores that yield both fall in one group; groups share no ore and are solved apart. */
export function components(columns: OreColumn[], minerals: number[]): Array<{ minerals: number[]; columns: OreColumn[] }> {
  const parent = new Map(minerals.map((m) => [m, m]))
  const find = (m: number): number => (parent.get(m) === m ? m : find(parent.get(m)!))
  for (const c of columns) {
    const touched = minerals.filter((m) => c.batchYield[m] > 0)
    for (const m of touched.slice(1)) parent.set(find(m), find(touched[0]))
  }
  const groups = new Map<number, { minerals: number[]; columns: OreColumn[] }>()
  for (const m of minerals) {
    const root = find(m)
    if (!groups.has(root)) groups.set(root, { minerals: [], columns: [] })
    groups.get(root)!.minerals.push(m)
  }
  for (const c of columns) {
    const m = minerals.find((mm) => c.batchYield[mm] > 0)
    if (m !== undefined) groups.get(find(m))!.columns.push(c)
  }
  // Small groups first, so a big one cannot spend their share of the time.
  return [...groups.values()].sort((a, b) => a.columns.length - b.columns.length)
}

interface BuiltModel {
  mip: MipModel
  /** A full start vector (batches plus the per-stack output columns) from batches. */
  startFrom: (batches: number[]) => number[]
}

/** Per mineral, the ores whose per-stack rounding is modelled exactly. */
type ExactPairs = Map<number, Set<number>>

/**
 * Per mineral, the pooled row Σ q·n ≥ ceil(T/y) while no ore of it is modelled exactly; otherwise the row
 * Σ_{exact ores} p + Σ_{other ores} q·y·n ≥ T with, per exact ore, an output column p ≤ n·q·y (a whole number, so
 * p ≤ floor(n·q·y): the game's per-stack rounding itself). Ores outside the exact set keep their un-rounded yield,
 * which is at least the rounded one, so every model is a relaxation of the real problem (or the problem itself)
 * and every bound the solver proves is a valid lower bound.
 */
function buildModel(columns: OreColumn[], minerals: number[], goal: number[], rateMicro: number, exact: ExactPairs, limits?: PlanLimits): BuiltModel {
  const y = rateMicro / 1e6
  const requirement = goal.map((t) => pooledRequirement(t, rateMicro))
  const minBatches = Math.max(1, limits?.minBatches ?? 1)
  // With a minimum per ore, an ore bought at all may need more batches than its cap: the minimum is its floor.
  const upper = batchCaps(columns, minerals, goal, rateMicro).map((u) => (u > 0 ? Math.max(u, minBatches) : 0))
  const costs = columns.map((c) => c.cost)
  const rows: MipModel['rows'] = []
  const outputs: Array<{ ore: number; mineral: number }> = []
  for (const m of minerals) {
    const ores = columns.flatMap((c, i) => (c.batchYield[m] > 0 ? [i] : []))
    const exactOres = exact.get(m)
    if (!exactOres?.size) {
      rows.push({ min: requirement[m], cols: ores, coefs: ores.map((i) => columns[i].batchYield[m]) })
      continue
    }
    const cols: number[] = []
    const coefs: number[] = []
    for (const i of ores) {
      if (!exactOres.has(i)) {
        cols.push(i)
        coefs.push(columns[i].batchYield[m] * y)
        continue
      }
      const col = costs.length
      costs.push(0)
      upper.push(stackYield(upper[i], columns[i].batchYield[m], rateMicro))
      outputs.push({ ore: i, mineral: m })
      rows.push({ max: 0, cols: [col, i], coefs: [1, -columns[i].batchYield[m] * y] })
      cols.push(col)
      coefs.push(1)
    }
    rows.push({ min: goal[m], cols, coefs })
  }
  // The limits: a 0/1 column per ore, 1 when the ore is bought (n ≤ cap·b, n ≥ minBatches·b), at most maxOres of them.
  const bought: number[] = []
  if (limited(limits)) {
    columns.forEach((_, i) => {
      const b = costs.length
      bought.push(b)
      costs.push(0)
      upper.push(1)
      rows.push({ max: 0, cols: [i, b], coefs: [1, -upper[i]] })
      if (minBatches > 1) rows.push({ min: 0, cols: [i, b], coefs: [1, -minBatches] })
    })
    if (limits?.maxOres !== undefined) rows.push({ max: limits.maxOres, cols: bought, coefs: bought.map(() => 1) })
  }
  return {
    mip: { costs, upper, integer: true, rows },
    startFrom: (batches) => [
      ...batches,
      ...outputs.map((o) => stackYield(batches[o.ore], columns[o.ore].batchYield[o.mineral], rateMicro)),
      ...bought.map((_, i) => (batches[i] > 0 ? 1 : 0)),
    ],
  }
}

/**
 * Add batches, cheapest per unit first, until per-stack rounding meets every target. Under limits only ores already
 * bought get more (a new ore could pass the cap or fall under the minimum).
 */
function topUp(columns: OreColumn[], x: number[], minerals: number[], targets: number[], rateMicro: number, onlyBought = false): number[] {
  const out = x.slice()
  for (const m of minerals) {
    const best = columns
      .map((c, i) => ({ i, perUnit: c.cost / c.batchYield[m] }))
      .filter((c) => columns[c.i].batchYield[m] > 0 && (!onlyBought || x[c.i] > 0))
      .sort((a, b) => a.perUnit - b.perUnit)[0]
    if (!best) continue
    for (let short = targets[m] - produced(columns, out, m, rateMicro); short > 0; short = targets[m] - produced(columns, out, m, rateMicro)) {
      out[best.i] += Math.max(1, Math.ceil((short * 1e6) / (columns[best.i].batchYield[m] * rateMicro)))
    }
  }
  return out
}

/**
 * Make a plan that per-stack rounding leaves short whole again at the least extra cost: the cheapest extra batches
 * Δ whose own pooled yield covers each shortfall plus one unit per ore that can add to it (floor(a + b) ≥
 * floor(a) + floor(b), so each extra stack loses under one unit to rounding). A small model (the shortfalls are a
 * few units), solved in milliseconds; the greedy top-up remains the fallback.
 */
async function repair(
  run: MipRunner,
  columns: OreColumn[],
  x: number[],
  minerals: number[],
  targets: number[],
  rateMicro: number,
  short: Map<number, number>,
  onlyBought = false,
): Promise<number[]> {
  const rows: MipModel['rows'] = []
  const upper = columns.map(() => 0)
  for (const [m, missing] of short) {
    const ores = columns.flatMap((c, i) => (c.batchYield[m] > 0 && (!onlyBought || x[i] > 0) ? [i] : []))
    const need = pooledRequirement(missing + ores.length, rateMicro)
    for (const i of ores) upper[i] = Math.max(upper[i], Math.ceil(need / columns[i].batchYield[m]))
    rows.push({ min: need, cols: ores, coefs: ores.map((i) => columns[i].batchYield[m]) })
  }
  const result = await run({ costs: columns.map((c) => c.cost), upper, integer: true, rows }, { timeLimitMs: 200, absGap: 0 }).catch(() => null)
  const repaired = result?.x ? x.map((v, i) => v + Math.max(0, Math.round(result.x![i]))) : x
  return topUp(columns, repaired, minerals, targets, rateMicro, onlyBought)
}

const shortfalls = (columns: OreColumn[], x: number[], minerals: number[], targets: number[], rateMicro: number) =>
  new Map(minerals.map((m) => [m, Math.max(0, targets[m] - produced(columns, x, m, rateMicro))] as const).filter(([, s]) => s > 0))

/** Each round models more ore stacks exactly; the deadline ends it sooner in practice. */
const MAX_ROUNDS = 30

/**
 * Solve one group of minerals: pooled rows first; when per-stack rounding leaves a mineral short, the plan's stacks
 * of that mineral are modelled exactly and the model solved again from the repaired plan. A plan that meets every target under per-stack rounding
 * and is optimal for a relaxation of the real problem is optimal for the real problem.
 */
async function solveGroup(run: MipRunner, group: { minerals: number[]; columns: OreColumn[] }, input: OptimiseInput, deadline: number) {
  const { columns, minerals } = group
  const { targets, rateMicro, absGap, subMipHeuristics, limits } = input
  const withLimits = limited(limits)
  const goal = targets.slice()
  const exact: ExactPairs = new Map()
  let best: { x: number[]; value: number } | null = null
  let lowerBound = -Infinity
  let boundsValid = true
  let proven = false
  let timedOut = false
  let ms = 0
  let start: number[] | undefined
  if (columns.length === 1) {
    // One ore alone (Mercoxit, the only Morphite ore): the fewest batches whose one stack meets every target is its
    // batch cap, exactly. Answered here, without a trip to the solver thread.
    // With a minimum per ore, at least that many (a cap of 1 or more ore leaves this one ore allowed).
    const x = batchCaps(columns, minerals, targets, rateMicro).map((n) => (n > 0 ? Math.max(n, limits?.minBatches ?? 1) : 0))
    const value = planValue(columns, x)
    return { x, value, lowerBound: value, proven: true, timedOut: false, ms: 0, infeasible: false }
  }
  // Under limits the searches still solve the problem without them: its optimum is a lower bound for the limited
  // one (every limited plan is a plan), and is the answer when it keeps the limits; raised to the minimum per ore it
  // is a limited plan to start from when it keeps the cap.
  const minBatches = Math.max(1, limits?.minBatches ?? 1)
  const keepsLimits = (x: number[]) => x.filter((n) => n > 0).length <= (limits?.maxOres ?? Infinity) && x.every((n) => n === 0 || n >= minBatches)
  for (const search of [input.groupSearch, input.exactSearch]) {
    if (!search) continue
    const t = performance.now()
    const found = await search
      .run(coveringProblem(columns, minerals, targets, rateMicro, absGap, Math.max(0, Math.min(search.timeLimitMs, deadline - performance.now()))))
      .catch(() => null)
    ms += performance.now() - t
    if (!found) continue
    lowerBound = Math.max(lowerBound, found.bound)
    if (!found.x) continue
    const value = planValue(columns, found.x)
    if (found.complete && (!withLimits || keepsLimits(found.x)))
      return { x: found.x, value, lowerBound: value, proven: true, timedOut: false, ms, infeasible: false }
    const x = withLimits ? found.x.map((n) => (n > 0 ? Math.max(n, minBatches) : 0)) : found.x
    if (keepsLimits(x) || !withLimits) {
      const planned = planValue(columns, x)
      if (!best || planned < best.value) {
        best = { x, value: planned }
        start = x
      }
    }
    if (found.complete) {
      // the unlimited optimum is proven: its value bounds the limited problem from below; the other search adds nothing
      lowerBound = Math.max(lowerBound, value)
      break
    }
  }
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const remaining = deadline - performance.now()
    if (round > 0 && remaining <= 0) {
      timedOut = true
      break
    }
    const model = buildModel(columns, minerals, goal, rateMicro, exact, limits)
    const result: MipResult = await run(model.mip, { timeLimitMs: Math.max(remaining, 50), absGap, start: start && model.startFrom(start), subMipHeuristics })
    ms += result.ms
    // Only the first model (pooled rows, the loosest) can prove the limits leave no plan at all.
    if (result.status === 'infeasible' && round === 0 && withLimits && !best)
      return { x: columns.map(() => 0), value: 0, lowerBound: 0, proven: true, timedOut: false, ms, infeasible: true }
    if (boundsValid) lowerBound = Math.max(lowerBound, result.bound)
    if (result.status === 'time_limit') timedOut = true
    if (!result.x) break
    const x = result.x.slice(0, columns.length).map((v) => Math.max(0, Math.round(v)))
    const short = shortfalls(columns, x, minerals, targets, rateMicro)
    const feasible = short.size === 0 ? x : await repair(run, columns, x, minerals, targets, rateMicro, short, withLimits)
    const value = planValue(columns, feasible)
    if (!best || value < best.value) best = { x: feasible, value }
    if (short.size === 0) {
      proven = result.status === 'optimal'
      break
    }
    for (const [m, missing] of short) {
      // The ores in this plan that lose some of mineral m to rounding get modelled exactly.
      const set = exact.get(m) ?? new Set<number>()
      const losing = columns.flatMap((c, i) => (x[i] > 0 && c.batchYield[m] > 0 && !set.has(i) ? [i] : []))
      if (losing.length === 0) {
        // Only the solver's feasibility tolerance can leave an exactly modelled mineral short: ask for the rest.
        goal[m] += missing
        boundsValid = false
      }
      for (const i of losing) set.add(i)
      exact.set(m, set)
    }
    start = feasible
  }
  if (!best && withLimits) {
    // Under limits the greedy plan could break them: no plan found in time is said as such.
    return { x: columns.map(() => 0), value: 0, lowerBound: 0, proven: false, timedOut: true, ms, infeasible: true }
  }
  if (!best) {
    // The solver found nothing in time (never seen in practice): fall back to the greedy plan, clearly unproven.
    const x = topUp(
      columns,
      columns.map(() => 0),
      minerals,
      targets,
      rateMicro,
    )
    best = { x, value: planValue(columns, x) }
  }
  lowerBound = Math.min(lowerBound, best.value)
  return { ...best, lowerBound, proven: proven && best.value - lowerBound <= absGap * 1.0001 + 1e-9, timedOut, ms, infeasible: false }
}

export async function optimise(run: MipRunner, input: OptimiseInput): Promise<OptimiseOutput> {
  const started = performance.now()
  const deadline = started + input.timeLimitMs
  const targeted = input.targets.flatMap((t, m) => (t > 0 ? [m] : []))
  const reachable = input.rateMicro > 0 ? targeted.filter((m) => input.columns.some((c) => c.batchYield[m] > 0)) : []
  const unreachable = targeted.filter((m) => !reachable.includes(m))
  const useful = pruneDominated(
    input.columns.filter((c) => c.cost > 0 && reachable.some((m) => c.batchYield[m] > 0)),
    reachable,
  )
  const batches = new Map<number, number>()
  let value = 0
  let lowerBound = 0
  let timedOut = false
  let proven = true
  let solveMs = 0
  let infeasible = false
  // A cap on distinct ores counts across every group, so the groups are then solved as one.
  const groups =
    input.limits?.maxOres !== undefined ? [{ minerals: reachable, columns: useful }].filter((g) => g.columns.length) : components(useful, reachable)
  for (const group of groups) {
    const solved = await solveGroup(run, group, input, deadline)
    if (solved.infeasible) {
      infeasible = true
      timedOut ||= solved.timedOut
      proven &&= solved.proven
      solveMs += solved.ms
      batches.clear()
      break
    }
    group.columns.forEach((c, i) => solved.x[i] > 0 && batches.set(c.id, solved.x[i]))
    value += solved.value
    lowerBound += solved.lowerBound
    timedOut ||= solved.timedOut
    proven &&= solved.proven
    solveMs += solved.ms
  }
  return infeasible
    ? { batches, unreachable, value: 0, lowerBound: 0, proven, timedOut, solveMs, infeasible }
    : { batches, unreachable, value, lowerBound, proven, timedOut, solveMs, infeasible }
}

/** The LP relaxation's optimum (fractional batches): the blend strategy's yardstick for each measure. */
export async function relaxedOptimum(run: MipRunner, input: Omit<OptimiseInput, 'absGap' | 'timeLimitMs'>): Promise<number> {
  const reachable = input.rateMicro > 0 ? input.targets.flatMap((t, m) => (t > 0 && input.columns.some((c) => c.batchYield[m] > 0) ? [m] : [])) : []
  const columns = input.columns.filter((c) => c.cost > 0 && reachable.some((m) => c.batchYield[m] > 0))
  if (reachable.length === 0 || columns.length === 0) return 0
  // A dense dual simplex (covering-lp.ts) answers in microseconds, without a trip to the solver thread.
  const requirement = reachable.map((m) => pooledRequirement(input.targets[m], input.rateMicro))
  const lp = solveCoveringLp(
    columns.map((c) => c.cost),
    columns.map((c) => reachable.map((m) => c.batchYield[m])),
    requirement,
  )
  if (lp) return lp.value
  const { mip } = buildModel(columns, reachable, input.targets, input.rateMicro, new Map())
  const result = await run({ ...mip, integer: false }, { timeLimitMs: 5000, absGap: 0 })
  return result.objective
}
