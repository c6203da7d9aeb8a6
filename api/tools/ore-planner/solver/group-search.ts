import type { CoveringProblem, CoveringResult } from './branch-and-bound.js'
import { solveCoveringLp, type CoveringLp } from './covering-lp.js'
import { pooledRequirement, stackYield } from './optimise.js'

/**
 * An exact search for the planner's integer program that enumerates plans row by row over the LP's optimal basis
 * (Gomory's group relaxation, searched depth first with the rounding kept exact):
 *
 *   minimise   Σ_i c_i · n_i                          c_i > 0, n_i whole batches
 *   subject to Σ_i floor(n_i · q_ik · y) ≥ T_k          one row per mineral k
 *
 * With the LP's row prices π ≥ 0 and reduced costs d = c − πQ ≥ 0, every whole plan costs exactly
 *
 *   c·n = π·R + Σ_j d_j·n_j + Σ_k π_k·s_k              R_k = ceil(T_k / y), s = Qn − R (the pooled surplus)
 *
 * so a plan's distance from the LP bound π·R is the cost of its non-basic batches plus its surplus, both ≥ 0.
 * The market's basis is lower triangular after reordering (one basic ore per mineral, each yielding only minerals
 * further down: Ducinium for Megacyte, a Hezorime for Zydrine, …, Veldspar for Tritanium). The search takes the rows
 * in that order: at row k it chooses the non-basic ores whose first row is k, and then the basic ore of row k, whose
 * smallest count is set by the game's own per-stack rounding of row k, because every stack that yields mineral k is
 * known by then. So each complete path is a plan meeting every target exactly as the game reprocesses it, and every
 * such plan is on some path: the search is exhaustive below its budget.
 *
 * Pruning needs lower bounds on what the rows left will cost. For each row, a table gives the cheapest way its own
 * remaining ores and surplus can make its basic count whole (a shortest path on the cyclic group of the basic's
 * yield); for pairs of consecutive rows, one table over the pair's group does the same for both at once. Each is a
 * relaxation (what the other rows need is left out, and that costs ≥ 0), so pruning is exact.
 *
 * Budgets deepen: the first is the root's table bound (a lower bound on the gap), and each round that finds no plan
 * proves every plan costs more than its budget; the first round that finds one ends the search, exhaustive within
 * it, so its best plan is optimal. On the planner's full plans this proves ISK plans in thousands of nodes where
 * LP-based branch and cut needs seconds (docs/tools/compressed.md, Twenty-third session).
 *
 * Not applicable (returns null) when the LP basis cannot be ordered triangular; the caller then uses HiGHS.
 */

/**
 * The pair tables' size limit (states). A larger pair's table is built over a quotient of its group (the second
 * row's classes modulo a divisor of its basic's yield): a weaker bound, still valid. Measured on the bench's ISK
 * plans, 40,000 states was the best trade: the medium plan's full (Isogen, Nocxium) table of 253,920 states took
 * 200 ms to build and left 39,000 nodes; at 40,000 states it takes a few ms and leaves 117,000 nodes (14 ms).
 */
const PAIR_LIMIT = 40_000
/** Pair tables only for the first rows (the most expensive): later ones cost more to build than they saved. */
const MAX_PAIRS = 3
/**
 * The pair tables are built only once a search has taken this many nodes: building them takes 15–35 ms on a full
 * plan, and most plans are proven sooner without them (the bench's small and large ISK plans in 5,400 and 840 nodes,
 * a few ms), while the medium one needs 2.4 million nodes without them and 117,000 with them.
 */
const NODES_BEFORE_PAIRS = 30_000
/** Row price and reduced-cost round-off below this (relative to the costs) counts as zero. */
const PRICE_TOL = 1e-9
/** How much each round's budget grows over the last. */
const BUDGET_GROWTH = 1.05
/** At least this much of the LP bound is added to the budget each round. */
const BUDGET_STEP = 1e-5
const CHECK_TIME_EVERY = 1023

/** min over n ≥ 0 of n·cost + next[(v + n·step) mod size], for every v, in place (`table` holds next on entry). */
function closeCyclic(table: Float64Array, offset: number, size: number, step: number, cost: number): void {
  if (step % size === 0) return
  const a = ((step % size) + size) % size
  let g = size
  for (let b = a; b !== 0;) [g, b] = [b, g % b]
  const length = size / g
  for (let start = 0; start < g; start++) {
    // The cycle start, start+a, start+2a, …: from its cheapest element, walk it backwards once.
    let minAt = start
    for (let t = 0, v = start; t < length; t++, v = (v + a) % size) if (table[offset + v] < table[offset + minAt]) minAt = v
    for (let t = 1, v = minAt; t < length; t++) {
      const prev = (v - a + size) % size
      const via = cost + table[offset + v]
      if (via < table[offset + prev]) table[offset + prev] = via
      v = prev
    }
  }
}

/**
 * One generator's closure on a pair table, in place: table(v) = min over n ≥ 0 of n·cost + table(v + n·g), where g
 * moves the first coordinate by du (carrying into the second: dw, or dwCarry on a carry). Walks each cycle of g once
 * forward to find its cheapest state, then once backwards from it.
 */
function closePairGenerator(
  table: Float64Array,
  seen: Int32Array,
  cycle: Int32Array,
  mark: number,
  d1: number,
  d2: number,
  du: number,
  dw: number,
  dwCarry: number,
  cost: number,
): void {
  const size = table.length
  for (let v0 = 0; v0 < size; v0++) {
    if (seen[v0] === mark) continue
    let length = 0
    let minAt = 0
    let min = Infinity
    let w = Math.floor(v0 / d1)
    let u = v0 - w * d1
    for (let v = v0; seen[v] !== mark;) {
      seen[v] = mark
      const value = table[v]
      if (value < min) {
        min = value
        minAt = length
      }
      cycle[length++] = v
      u += du
      if (u >= d1) {
        u -= d1
        w += dwCarry
      } else w += dw
      if (w >= d2) w -= d2
      v = w * d1 + u
    }
    if (min === Infinity) continue
    // table'(v) = min(table(v), cost + table'(v + g)); the cycle is v0, v0 + g, …, so walk it backwards.
    let next = min
    for (let t = 1, i = minAt; t < length; t++) {
      i = i === 0 ? length - 1 : i - 1
      const at = cycle[i]
      const via = cost + next
      next = via < table[at] ? (table[at] = via) : table[at]
    }
  }
}

/**
 * The group of two consecutive rows: rows r1 and r2 with basic yields D1 (row r1) and D2 (row r2), where r1's basic
 * also yields c12 of r2's mineral and r2's yields none of r1's. A pair of pooled deficits (v1, v2) is whole for both
 * basics exactly when it lies in the lattice spanned by (D1, c12) and (0, D2); `index` reduces it to one of the
 * D1·D2 classes.
 */
class PairTable {
  readonly table: Float64Array
  constructor(
    readonly row1: number,
    readonly row2: number,
    private readonly d1: number,
    private readonly d2: number,
    private readonly c12: number,
    generators: Array<{ a: number; b: number; cost: number }>,
    secondRow: Float64Array,
  ) {
    const size = d1 * d2
    const table = new Float64Array(size).fill(Infinity)
    // With the first row whole (u = 0), what is left is the second row's own table (over the classes modulo d2 when
    // d2 divides the second basic's yield: a coarser group, so a weaker but still valid bound).
    for (let w = 0; w < d2; w++) table[w * d1] = Infinity
    for (let w = 0; w < secondRow.length; w++) table[(w % d2) * d1] = Math.min(table[(w % d2) * d1], secondRow[w])
    const seen = new Int32Array(size)
    const cycle = new Int32Array(size)
    for (let g = 0; g < generators.length; g++) {
      const { a, b, cost } = generators[g]
      // Adding (a, b) to (u, w): u + a carries floor(a / d1) or one more into the second row, which shifts w by
      // b − c12·carry. Precomputed, each step is two additions and two comparisons.
      const carry = Math.floor(a / d1)
      const shift = (c: number) => (((b - c12 * c) % d2) + d2) % d2
      closePairGenerator(table, seen, cycle, g + 1, d1, d2, a - carry * d1, shift(carry), shift(carry + 1), cost)
    }
    this.table = table
  }

  index(v1: number, v2: number): number {
    const q = Math.floor(v1 / this.d1)
    const u = v1 - q * this.d1
    let w = (v2 - this.c12 * q) % this.d2
    if (w < 0) w += this.d2
    // Laid out by the second row first: most ores move only the first coordinate, so their walks stay close in memory.
    return w * this.d1 + u
  }
}

/** Rows whose basic ores are solved for together, where no row order makes the basis triangular. */
interface Block {
  rows: number[]
  basics: number[]
  /** inverse[j][r]: batches of basic j per unit of row r's requirement (the block's basis matrix inverted). */
  inverse: number[][]
  /** Per basic: what one more batch adds to the block's priced surplus, plus its reduced cost. */
  weight: number[]
  lo: number[]
  hi: number[]
}

/**
 * The largest block the search takes on; a larger one leaves the plan to HiGHS. Blocks of two rows (Pyerite and
 * Mexallon from Pyroxeres and Kylixium, say) were proven in 5–440 ms on random full plans; blocks of three and four
 * rows (Scordite, Pyroxeres and Plagioclase with no Veldspar allowed) did not finish in a second: their boxes hold
 * tens of thousands of count pairs.
 */
const MAX_BLOCK = 2

/**
 * The smallest set of rows yielded by exactly as many undetermined basic ores, invertible, all ores, every row priced
 * (a row priced at round-off above zero would make the box around its vertex unbounded).
 */
function findBlock(rows: number[], basics: number[], yields: number[][], prices: Float64Array, n: number): Block | null {
  const priced = Math.max(...prices) * 1e-6
  const subsets = (from: number[], size: number): number[][] =>
    size === 0 ? [[]] : from.flatMap((first, i) => subsets(from.slice(i + 1), size - 1).map((rest) => [first, ...rest]))
  for (let size = 2; size <= Math.min(MAX_BLOCK, rows.length); size++) {
    for (const set of subsets(rows, size)) {
      const on = basics.filter((b) => set.some((row) => (b >= n ? b - n === row : yields[b][row] > 0)))
      if (on.length !== size || on.some((b) => b >= n) || set.some((row) => !(prices[row] > priced))) continue
      const inverse = invert(set.map((row) => on.map((b) => yields[b][row])))
      if (inverse) return { rows: set, basics: on, inverse, weight: [], lo: on.map(() => 0), hi: on.map(() => 0) }
    }
  }
  return null
}

/** The inverse of a small square matrix (rows × basics), transposed to basics × rows; null when singular. */
function invert(matrix: number[][]): number[][] | null {
  const size = matrix.length
  const a = matrix.map((row, i) => [...row, ...matrix.map((_, j) => (i === j ? 1 : 0))])
  for (let col = 0; col < size; col++) {
    let pivot = col
    for (let r = col + 1; r < size; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r
    if (Math.abs(a[pivot][col]) < 1e-9) return null
    ;[a[col], a[pivot]] = [a[pivot], a[col]]
    const p = a[col][col]
    for (let j = 0; j < 2 * size; j++) a[col][j] /= p
    for (let r = 0; r < size; r++) {
      if (r === col || a[r][col] === 0) continue
      const f = a[r][col]
      for (let j = 0; j < 2 * size; j++) a[r][j] -= f * a[col][j]
    }
  }
  // a's right half is M⁻¹ with rows indexed by basics (M's columns) and columns by rows (M's rows).
  return a.map((row) => row.slice(size))
}

/** The fewest batches of q units whose one stack yields at least `missing` units as the game rounds (⌊n·q·y⌋). */
function fewestBatches(missing: number, q: number, rateMicro: number): number {
  let count = Math.max(0, Math.floor((missing * 1e6) / (q * rateMicro)) - 2)
  while (stackYield(count, q, rateMicro) < missing) count++
  return count
}

class Timeout extends Error {}
class Proven extends Error {}
class NeedPairs extends Error {}

/** The search for one problem; `run` answers once. */
export class GroupSearch {
  private readonly n: number
  private readonly m: number
  private readonly requirement: number[]
  private lp!: CoveringLp
  private reduced!: Float64Array
  /** How many ranks: a row, or a block of rows whose basics are solved for together. */
  private ranks = 0
  /** Per rank: a block, or null for one row (most ranks). */
  private blockAt: Array<Block | null> = []
  /** Per rank: the row (a block's first), its basic ore (−1 for a basic surplus or a block), the basic's yield of the row (1 for a block). */
  private rowAt!: Int32Array
  private basicAt!: Int32Array
  private diagAt!: Int32Array
  /** Per rank: the non-basic ores whose first row it is, and the row's suffix tables (one block of diag per ore, + 1). */
  private colsAt!: number[][]
  private rowTables!: Float64Array[]
  private pairAt: Array<PairTable | null> = []
  private pairsBuilt = false
  /** Per ore: the rows it yields, with its units a batch. */
  private touches!: Array<Array<{ row: number; q: number }>>
  private readonly pooled: Float64Array
  private readonly output: Float64Array
  private readonly x: Float64Array
  private cutoff = 0
  private floor = 0
  private best: Float64Array | null = null
  private bestCost = Infinity
  private deadline = 0
  nodes = 0

  constructor(private readonly problem: CoveringProblem) {
    this.n = problem.costs.length
    this.m = problem.targets.length
    this.requirement = problem.targets.map((t) => pooledRequirement(t, problem.rateMicro))
    this.pooled = new Float64Array(this.m)
    this.output = new Float64Array(this.m)
    this.x = new Float64Array(this.n)
  }

  /** The optimum (or the best plan and proven bound at the time limit); null when the method does not apply. */
  run(): CoveringResult | null {
    const { costs, absGap, timeLimitMs } = this.problem
    this.deadline = performance.now() + timeLimitMs
    if (!this.prepare()) return null
    const base = this.lp.value
    const scale = Math.max(1, Math.abs(base))
    const root = this.rootBounds()
    let budget = root.start
    this.floor = root.proven
    let complete = false
    try {
      for (;;) {
        this.cutoff = budget
        this.searchRound()
        if (this.best) {
          complete = true
          break
        }
        this.floor = budget
        budget = Math.max(budget * BUDGET_GROWTH, budget + BUDGET_STEP * scale + absGap)
      }
    } catch (err) {
      if (err instanceof Proven) complete = true
      else if (!(err instanceof Timeout)) throw err
    }
    const x = this.best ? Array.from(this.best) : null
    const value = x ? x.reduce((s, v, i) => s + v * costs[i], 0) : Infinity
    if (x && !this.meetsTargets(x)) return null
    const bound = complete ? value : Math.min(value, base + this.floor)
    return { x, value, bound, complete: complete && x !== null, nodes: this.nodes }
  }

  /** One round, exhaustive below the cutoff; one that grows long builds the pair tables and starts again. */
  private searchRound(): void {
    try {
      this.visit(0, 0, 0)
    } catch (err) {
      if (!(err instanceof NeedPairs)) throw err
      // The round was left midway: start again from no batches.
      this.pooled.fill(0)
      this.output.fill(0)
      this.x.fill(0)
      this.buildPairs()
      this.floor = Math.max(this.floor, this.rootBounds().proven)
      this.visit(0, 0, 0)
    }
  }

  private meetsTargets(x: number[]): boolean {
    const { yields, targets, rateMicro } = this.problem
    return targets.every((t, k) => x.reduce((s, v, i) => s + stackYield(v, yields[i][k], rateMicro), 0) >= t)
  }

  private prepare(): boolean {
    const { costs, yields, upper } = this.problem
    const { n, m } = this
    if (m === 0 || n === 0) return false
    const lp = solveCoveringLp(costs, yields, this.requirement)
    if (!lp) return false
    this.lp = lp
    const pi = lp.prices
    const reduced = new Float64Array(n)
    // A reduced cost a hair below zero (round-off) is counted as zero, which overstates a plan's cost by at most
    // Σ |d|·cap; the search is exact within its resolution only while that stays far below it.
    let overstated = 0
    for (let j = 0; j < n; j++) {
      let d = costs[j]
      for (let k = 0; k < m; k++) d -= pi[k] * yields[j][k]
      if (d < -PRICE_TOL * costs[j]) return false
      if (d < 0) overstated += -d * upper[j]
      reduced[j] = Math.max(0, d)
    }
    if (overstated > 0.01 * this.problem.absGap) return false
    this.reduced = reduced
    this.touches = yields.map((q) => q.flatMap((units, row) => (units > 0 ? [{ row, q: units }] : [])))

    // Order the rows: repeatedly a row that only one undetermined basic yields (the most expensive such row first);
    // that basic is solved for at that row.
    const basics = Array.from(lp.basis)
    const touchesRow = (b: number, row: number) => (b >= n ? b - n === row : yields[b][row] > 0)
    const left = new Set(basics)
    const rowsLeft = new Set(Array.from({ length: m }, (_, k) => k))
    this.rowAt = new Int32Array(m)
    this.basicAt = new Int32Array(m)
    this.diagAt = new Int32Array(m)
    const rank = new Int32Array(m)
    let k = 0
    for (; rowsLeft.size > 0; k++) {
      let pick = -1
      let pickBasic = -1
      for (const row of rowsLeft) {
        const on = [...left].filter((b) => touchesRow(b, row))
        if (on.length === 1 && (pick < 0 || pi[row] > pi[pick])) {
          pick = row
          pickBasic = on[0]
        }
      }
      if (pick < 0) {
        // No row has one basic left: take the smallest square block of rows and the basics that yield them.
        const block = findBlock([...rowsLeft], [...left], yields, pi, n)
        if (!block) return false
        for (const row of block.rows) {
          rowsLeft.delete(row)
          rank[row] = k
        }
        for (const b of block.basics) left.delete(b)
        block.weight = block.basics.map((b) => block.rows.reduce((sum, row) => sum + pi[row] * yields[b][row], reduced[b]))
        this.blockAt[k] = block
        this.rowAt[k] = block.rows[0]
        this.basicAt[k] = -1
        this.diagAt[k] = 1
        continue
      }
      rowsLeft.delete(pick)
      left.delete(pickBasic)
      this.blockAt[k] = null
      this.rowAt[k] = pick
      rank[pick] = k
      this.basicAt[k] = pickBasic >= n ? -1 : pickBasic
      this.diagAt[k] = pickBasic >= n ? 1 : yields[pickBasic][pick]
    }
    this.ranks = k

    const isBasic = new Set(basics.filter((b) => b < n))
    this.colsAt = Array.from({ length: this.ranks }, () => [])
    for (let j = 0; j < n; j++) {
      if (isBasic.has(j) || upper[j] <= 0 || this.touches[j].length === 0) continue
      const first = Math.min(...this.touches[j].map((t) => rank[t.row]))
      this.colsAt[first].push(j)
    }
    for (const cols of this.colsAt) cols.sort((a, b) => reduced[b] - reduced[a])

    this.rowTables = this.colsAt.map((cols, k) => {
      const row = this.rowAt[k]
      const size = this.diagAt[k]
      const table = new Float64Array((cols.length + 1) * size)
      const last = cols.length * size
      for (let v = 0; v < size; v++) table[last + v] = pi[row] * v
      for (let ci = cols.length - 1; ci >= 0; ci--) {
        table.copyWithin(ci * size, (ci + 1) * size, (ci + 2) * size)
        closeCyclic(table, ci * size, size, yields[cols[ci]][row], reduced[cols[ci]])
      }
      return table
    })

    return true
  }

  private buildPairs(): void {
    const { yields } = this.problem
    const pi = this.lp.prices
    const reduced = this.reduced
    this.pairsBuilt = true
    this.pairAt = Array.from({ length: this.ranks }, (_, k) => {
      if (k >= MAX_PAIRS || k + 1 >= this.ranks || this.basicAt[k] < 0 || this.basicAt[k + 1] < 0) return null
      const d1 = this.diagAt[k]
      if (d1 * 2 > PAIR_LIMIT) return null
      let d2 = 1
      for (let f = 1; f <= this.diagAt[k + 1]; f++) if (this.diagAt[k + 1] % f === 0 && d1 * f <= PAIR_LIMIT) d2 = f
      if (d2 === 1) return null
      const row1 = this.rowAt[k]
      const row2 = this.rowAt[k + 1]
      // The second row's ores yield none of the first row's mineral, so its own table (every ore of it, from the
      // start) is the pair's table where the first row is whole; the first row's ores and surplus do the rest.
      const generators = this.colsAt[k].map((j) => ({ a: yields[j][row1], b: yields[j][row2], cost: reduced[j] }))
      generators.push({ a: -1, b: 0, cost: pi[row1] })
      return new PairTable(row1, row2, d1, d2, yields[this.basicAt[k]][row2], generators, this.rowTables[k + 1].subarray(0, this.diagAt[k + 1]))
    })
  }

  /**
   * The tables read at the root. The first row's (and first pair's) is a proven lower bound on every plan's cost
   * above the LP bound; a later row's is not (the rows before it change its deficit), but the largest of them all
   * is a good first budget.
   */
  private rootBounds(): { proven: number; start: number } {
    const at = (k: number) => {
      const row = this.rowAt[k]
      const size = this.diagAt[k]
      const res = ((-this.requirement[row] % size) + size) % size
      const pair = this.pairAt[k] ?? null
      return Math.max(this.rowTables[k][res], pair ? pair.table[pair.index(-this.requirement[pair.row1], -this.requirement[pair.row2])] : 0)
    }
    const proven = at(0)
    let start = proven
    for (let k = 1; k < this.ranks; k++) start = Math.max(start, at(k))
    return { proven, start }
  }

  private add(j: number, from: number, to: number): void {
    const rate = this.problem.rateMicro
    for (const { row, q } of this.touches[j]) {
      this.pooled[row] += (to - from) * q
      this.output[row] += stackYield(to, q, rate) - stackYield(from, q, rate)
    }
    this.x[j] = to
  }

  private visit(k: number, ci: number, cost: number): void {
    if ((++this.nodes & CHECK_TIME_EVERY) === 0) {
      if (performance.now() > this.deadline) throw new Timeout()
      if (!this.pairsBuilt && this.nodes > NODES_BEFORE_PAIRS) throw new NeedPairs()
    }
    if (k === this.ranks) return this.record(cost)
    const row = this.rowAt[k]
    const size = this.diagAt[k]
    const deficit = this.pooled[row] - this.requirement[row]
    let res = deficit % size
    if (res < 0) res += size
    if (cost + this.rowTables[k][ci * size + res] > this.cutoff) return
    const pair = this.pairsBuilt ? this.pairAt[k] : null
    if (pair && cost + pair.table[pair.index(deficit, this.pooled[pair.row2] - this.requirement[pair.row2])] > this.cutoff) return
    const cols = this.colsAt[k]
    if (ci < cols.length) {
      const j = cols[ci]
      const d = this.reduced[j]
      const cap = this.problem.upper[j]
      let count = 0
      for (;;) {
        this.visit(k, ci + 1, cost + d * count)
        if (count >= cap || cost + d * (count + 1) > this.cutoff) break
        this.add(j, count, count + 1)
        count++
      }
      if (count > 0) this.add(j, count, 0)
      return
    }
    const block = this.blockAt[k]
    if (block) this.chooseBlock(block, k, 0, cost)
    else this.chooseBasic(k, row, cost)
  }

  /**
   * A block's basic ores, one after another: every count in the box around the block's LP vertex that the budget
   * leaves (the vertex plus what the budget can buy of each row's surplus), the last one from the fewest batches that
   * meet the block's rows as the game rounds. Each whole count is checked exactly; the box only limits the loops.
   */
  private chooseBlock(block: Block, k: number, i: number, cost: number): void {
    const { rateMicro, targets, upper } = this.problem
    const pi = this.lp.prices
    const { rows, basics } = block
    const b = basics[i]
    if (i === 0) {
      const room = this.cutoff - cost
      if (room < 0) return
      for (let j = 0; j < basics.length; j++) {
        let vertex = 0
        for (let r = 0; r < rows.length; r++) vertex += block.inverse[j][r] * (this.requirement[rows[r]] - this.pooled[rows[r]])
        let lo = vertex
        let hi = vertex
        for (let r = 0; r < rows.length; r++) {
          const corner = vertex + (room / pi[rows[r]]) * block.inverse[j][r]
          lo = Math.min(lo, corner)
          hi = Math.max(hi, corner)
        }
        block.lo[j] = Math.max(0, Math.floor(lo) - 1)
        block.hi[j] = Math.min(upper[basics[j]], Math.ceil(hi) + 1)
      }
    }
    if (i < basics.length - 1) {
      const d = this.reduced[b]
      let count = block.lo[i]
      if (count > block.hi[i]) return
      this.add(b, 0, count)
      for (;;) {
        this.chooseBlock(block, k, i + 1, cost + d * count)
        if (count >= block.hi[i]) break
        this.add(b, count, count + 1)
        count++
      }
      this.add(b, count, 0)
      return
    }
    let count = 0
    for (const row of rows) {
      const q = this.problem.yields[b][row]
      const missing = targets[row] - this.output[row]
      if (missing <= 0) continue
      if (q <= 0) return
      count = Math.max(count, fewestBatches(missing, q, rateMicro))
    }
    if (count > upper[b]) return
    this.add(b, 0, count)
    let next = cost + this.reduced[b] * count
    for (const row of rows) next += pi[row] * (this.pooled[row] - this.requirement[row])
    const step = block.weight[i]
    for (;;) {
      if (next > this.cutoff) break
      this.visit(k + 1, 0, next)
      if (count >= upper[b]) break
      this.add(b, count, count + 1)
      count++
      next += step
    }
    this.add(b, count, 0)
  }

  /** Row k's basic ore: from the fewest batches that, with every stack already chosen, meet the row as the game rounds. */
  private chooseBasic(k: number, row: number, cost: number): void {
    const { targets, rateMicro, upper } = this.problem
    const price = this.lp.prices[row]
    const b = this.basicAt[k]
    const missing = targets[row] - this.output[row]
    if (b < 0) {
      if (missing > 0) return
      return this.visit(k + 1, 0, cost + price * Math.max(0, this.pooled[row] - this.requirement[row]))
    }
    const q = this.diagAt[k]
    const count0 = missing <= 0 ? 0 : fewestBatches(missing, q, rateMicro)
    let count = count0
    const d = this.reduced[b]
    const perBatch = price * q + d
    let next = cost + price * (this.pooled[row] + q * count - this.requirement[row]) + d * count
    if (count > upper[b] || next > this.cutoff) return
    this.add(b, 0, count)
    for (;;) {
      this.visit(k + 1, 0, next)
      next += perBatch
      if (count >= upper[b] || next > this.cutoff) break
      this.add(b, count, count + 1)
      count++
    }
    this.add(b, count, 0)
  }

  private record(cost: number): void {
    if (cost >= this.bestCost) return
    this.bestCost = cost
    this.best = this.x.slice()
    this.cutoff = cost - this.problem.absGap
    if (cost <= this.floor + this.problem.absGap) throw new Proven()
  }
}

/** The search as a job's answer: a problem it does not apply to answers with no plan and no bound. */
export function runGroupSearch(problem: CoveringProblem): CoveringResult {
  return new GroupSearch(problem).run() ?? { x: null, value: Infinity, bound: -Infinity, complete: false, nodes: 0 }
}

export const inProcessGroupSearch = async (problem: CoveringProblem): Promise<CoveringResult> => runGroupSearch(problem)
