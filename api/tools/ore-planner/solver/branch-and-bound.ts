import TinyQueue from 'tinyqueue'
import { pooledRequirement, stackYield } from './optimise.js'

/**
 * An exact branch-and-bound search for the planner's own integer program, written for its shape:
 *
 *   minimise   Σ_i c_i · n_i                          c_i > 0, n_i whole batches, 0 ≤ n_i ≤ upper_i
 *   subject to Σ_i floor(n_i · q_ik · y) ≥ T_k          one row per mineral k (at most eight), q_ik ≥ 0
 *
 * Few rows (≤ 8), a hundred columns at most, every coefficient non-negative. A general MIP solver spends most of
 * its time on root-node machinery (cut rounds, restarts, sub-MIP heuristics) that this shape does not need; here
 * each node's LP is a handful of dual-simplex pivots on an 8×8 basis, a few microseconds each.
 *
 * Node LP (a relaxation of the node's integer problem): a column whose bounds are equal is fixed, and its rows get
 * exactly what the game gives, floor(n·q·y); every other column counts at q·y·n, which is never less than what
 * its stack yields. Pooled over the free columns the row is Σ_free q·n ≥ ceil((T − fixed output) / y), all in whole
 * units. So the LP bound is a lower bound for every plan in the node, and an integral LP optimum that meets every
 * target under per-stack rounding is the node's optimum. One that does not is split three ways on a stack that
 * lost output to rounding: n ≤ v − 1, n = v (now fixed, so counted exactly), n ≥ v + 1.
 *
 * Bounds used for pruning are not the simplex's objective but the Lagrangian bound of its row prices π ≥ 0:
 * π·b + Σ_j min(d_j·lower_j, d_j·upper_j) with d = c − πA, valid for any π ≥ 0, so round-off in the simplex can
 * only weaken a bound, never make it wrong.
 */

export interface CoveringProblem {
  /** Objective per batch, > 0. */
  costs: number[]
  /** yields[i][k]: units of row k's mineral in one batch of column i (before the refine yield). */
  yields: number[][]
  /** Units wanted per row. */
  targets: number[]
  /** Refine yield in millionths. */
  rateMicro: number
  /** Most batches any column needs. */
  upper: number[]
  /** A plan within this much of the bound is optimal (the objective's resolution). */
  absGap: number
  /** How long the search may run before it answers with what it has. */
  timeLimitMs: number
}

export interface CoveringResult {
  /** The best plan found (meets every target under per-stack rounding), or null when none exists. */
  x: number[] | null
  value: number
  /** Proven lower bound on the optimum. */
  bound: number
  /** True when the search finished: `x` is optimal within absGap (or the problem is infeasible). */
  complete: boolean
  nodes: number
}

const FEAS_TOL = 1e-7
const DUAL_TOL = 1e-9
const PIVOT_TOL = 1e-9
const INT_TOL = 1e-6
const MAX_PIVOTS = 500
const MAX_CUT_ROUNDS = 30
const MAX_ROWS = 60

interface Node {
  lower: Int32Array
  upper: Int32Array
  /** Warm start: the parent's final basis (variable indexes; ≥ n are row slacks) and nonbasic bound sides. */
  basis: Int32Array
  atUpper: Uint8Array
  bound: number
  /** How this node was made from its parent, for the pseudocosts: column, direction, distance moved. */
  branched?: { column: number; up: boolean; distance: number }
}

type LpStatus = 'optimal' | 'infeasible' | 'stalled'

/** One row Σ_j coef_j·n_j ≥ rhs: a mineral row (its right side depends on the node) or a cut (fixed right side). */
interface Row {
  coef: Float64Array
  /** For a cut: its right side. For a mineral row: unused (the node computes it). */
  rhs: number
}

/**
 * Whether a nonbasic column with pivot-row entry `al` can enter: below its bound, x_leave must rise, so raise a column
 * with α < 0 or lower one (at its upper bound) with α > 0; above, the reverse.
 */
function moves(al: number, pivTol: number, atUpper: number, below: boolean): boolean {
  if (Math.abs(al) <= pivTol) return false
  return atUpper ? (below ? al > 0 : al < 0) : below ? al < 0 : al > 0
}

function sameBasis(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false
  for (let r = 0; r < a.length; r++) if (a[r] !== b[r]) return false
  return true
}

// solveLp's helpers are methods and module functions, not closures made on every call: the api runs under tsx, whose
// esbuild transform names every closure with a helper call, and that made every node LP about a fifth slower.
export class CoveringSearch {
  private readonly n: number
  private readonly rows: Row[] = []
  private readonly c: Float64Array
  private readonly x: Float64Array
  private best: number[] | null = null
  private bestValue = Infinity
  private pi: Float64Array = new Float64Array(0)
  /** Reduced costs c − πA of the last `lagrangianBound` call, which `tighten` uses with that bound. */
  private reduced: Float64Array = new Float64Array(0)
  /** Per column, the mean bound gain per unit moved down / up, and how many branchings it averages. */
  private readonly pseudo: { down: Float64Array; up: Float64Array; downCount: Int32Array; upCount: Int32Array }
  private lastBasis: Int32Array | null = null
  private lastBinv: Float64Array | null = null
  /**
   * `solveLp`'s work arrays for the current row count, reused from one node LP to the next: allocating them for every
   * LP took about a fifth of the search's time. `binv` is never the kept `lastBinv`; the two swap when an LP ends.
   */
  private work: {
    m: number
    binv: Float64Array
    bmat: Float64Array
    col: Float64Array
    xb: Float64Array
    pi: Float64Array
    d: Float64Array
    alpha: Float64Array
    w: Float64Array
    rhs: Float64Array
    isBasic: Int32Array
  } | null = null
  private nodes = 0

  constructor(private readonly p: CoveringProblem) {
    this.n = p.costs.length
    for (let k = 0; k < p.targets.length; k++) this.rows.push({ coef: Float64Array.from(p.yields, (y) => y[k]), rhs: 0 })
    this.c = Float64Array.from(p.costs)
    this.x = new Float64Array(this.n)
    this.pseudo = { down: new Float64Array(this.n), up: new Float64Array(this.n), downCount: new Int32Array(this.n), upCount: new Int32Array(this.n) }
  }

  private learn(node: Node, bound: number) {
    const b = node.branched
    if (!b || !Number.isFinite(bound) || b.distance <= 0) return
    const gain = Math.max(0, bound - node.bound) / b.distance
    const { pseudo } = this
    if (b.up) {
      pseudo.up[b.column] += (gain - pseudo.up[b.column]) / ++pseudo.upCount[b.column]
    } else {
      pseudo.down[b.column] += (gain - pseudo.down[b.column]) / ++pseudo.downCount[b.column]
    }
  }

  /** The fractional column to branch on: the largest product of estimated down and up gains (pseudocosts). */
  private branchColumn(): number {
    const { n, pseudo } = this
    let avgDown = 0
    let avgUp = 0
    let nd = 0
    let nu = 0
    for (let i = 0; i < n; i++) {
      if (pseudo.downCount[i]) {
        avgDown += pseudo.down[i]
        nd++
      }
      if (pseudo.upCount[i]) {
        avgUp += pseudo.up[i]
        nu++
      }
    }
    avgDown = nd ? avgDown / nd : 0
    avgUp = nu ? avgUp / nu : 0
    let pick = -1
    let pickScore = -1
    for (let i = 0; i < n; i++) {
      const f = this.x[i] - Math.floor(this.x[i])
      if (f < INT_TOL || f > 1 - INT_TOL) continue
      const down = (pseudo.downCount[i] ? pseudo.down[i] : avgDown || this.c[i]) * f
      const up = (pseudo.upCount[i] ? pseudo.up[i] : avgUp || this.c[i]) * (1 - f)
      const score = Math.max(down, 1e-6) * Math.max(up, 1e-6)
      if (score > pickScore) {
        pickScore = score
        pick = i
      }
    }
    return pick
  }

  private get minerals() {
    return this.p.targets.length
  }

  /** Exact per-stack check of a whole plan. */
  private meetsTargets(x: ArrayLike<number>): boolean {
    return this.shortRows(x).length === 0
  }

  private shortRows(x: ArrayLike<number>): number[] {
    const { n, p } = this
    const out: number[] = []
    for (let k = 0; k < this.minerals; k++) {
      const q = this.rows[k].coef
      let got = 0
      for (let i = 0; i < n; i++) got += stackYield(x[i], q[i], p.rateMicro)
      if (got < p.targets[k]) out.push(k)
    }
    return out
  }

  private planValue(x: ArrayLike<number>): number {
    let v = 0
    for (let i = 0; i < this.n; i++) v += this.c[i] * x[i]
    return v
  }

  private offer(x: number[]) {
    const v = this.planValue(x)
    if (v < this.bestValue) {
      this.bestValue = v
      this.best = x.slice()
    }
  }

  /** Right sides at a node: mineral rows count fixed columns exactly (see the file comment); cuts are global. */
  private nodeRhs(lower: Int32Array, upper: Int32Array): Float64Array {
    const { n, p, rows } = this
    const b = new Float64Array(rows.length)
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k]
      if (k >= this.minerals) {
        b[k] = row.rhs
        continue
      }
      let fixedOutput = 0
      let fixedBase = 0
      for (let i = 0; i < n; i++) {
        if (lower[i] !== upper[i] || lower[i] === 0) continue
        fixedOutput += stackYield(lower[i], row.coef[i], p.rateMicro)
        fixedBase += row.coef[i] * lower[i]
      }
      // Fixed columns stay in the LP at their value, so their base units are added back on the right.
      b[k] = pooledRequirement(p.targets[k] - fixedOutput, p.rateMicro) + fixedBase
    }
    return b
  }

  /**
   * Bounded dual simplex from a dual-feasible basis (the slack basis is one: every cost is positive). Leaves the
   * structural values in `x`, row prices in `pi`; `basis`/`atUpper` are updated in place for the children.
   * The basis inverse is dense (at most a few dozen rows) and rebuilt at the start and every 32 pivots.
   */
  private solveLp(lower: Int32Array, upper: Int32Array, b: Float64Array, basis: Int32Array, atUpper: Uint8Array): LpStatus {
    const { n, c, rows } = this
    const m = rows.length
    const total = n + m
    if (this.work?.m !== m) {
      const vec = () => new Float64Array(m)
      this.work = {
        m,
        binv: new Float64Array(m * m),
        bmat: new Float64Array(m * m),
        col: vec(),
        xb: vec(),
        pi: vec(),
        d: new Float64Array(total),
        alpha: new Float64Array(total),
        w: vec(),
        rhs: vec(),
        isBasic: new Int32Array(total),
      }
      this.lastBasis = null
      this.lastBinv = null
    }
    const { binv, xb, pi, d, alpha, w, rhs, isBasic } = this.work
    isBasic.fill(-1)
    for (let r = 0; r < m; r++) isBasic[basis[r]] = r
    this.pi = pi
    // A plunge starts from the basis the last solve ended with: reuse its inverse instead of rebuilding it.
    const cached = this.lastBinv && this.lastBasis && sameBasis(this.lastBasis, basis)
    if (cached) binv.set(this.lastBinv!)
    else if (!this.refactor(basis)) this.slackBasis(basis, atUpper)
    for (let iter = 0; iter < MAX_PIVOTS; iter++) {
      if (iter > 0 && iter % 32 === 0 && !this.refactor(basis)) this.slackBasis(basis, atUpper)
      // Row prices π = c_B B⁻¹ and reduced costs d = c − πA (slack of row k: d = π_k).
      pi.fill(0)
      for (let r = 0; r < m; r++) {
        const j = basis[r]
        if (j >= n) continue
        const cj = c[j]
        for (let k = 0; k < m; k++) pi[k] += cj * binv[r * m + k]
      }
      for (let j = 0; j < n; j++) d[j] = c[j]
      for (let k = 0; k < m; k++) {
        const pk = pi[k]
        if (pk === 0) continue
        const coef = rows[k].coef
        for (let j = 0; j < n; j++) d[j] -= pk * coef[j]
      }
      for (let k = 0; k < m; k++) d[n + k] = pi[k]
      // Keep nonbasic columns on the dual-feasible side of their box (a bound flip).
      for (let j = 0; j < total; j++) {
        if (isBasic[j] >= 0) continue
        if (d[j] < -DUAL_TOL && j < n)
          atUpper[j] = 1 // row slacks (j ≥ n) have no upper bound
        else if (d[j] > DUAL_TOL) atUpper[j] = 0
      }
      // Basic values: x_B = B⁻¹ (b − Σ_nonbasic a_j x_j).
      rhs.set(b)
      for (let j = 0; j < n; j++) {
        if (isBasic[j] >= 0) continue
        const v = atUpper[j] ? upper[j] : lower[j]
        this.x[j] = v
        if (v !== 0) for (let k = 0; k < m; k++) rhs[k] -= rows[k].coef[j] * v
      }
      for (let r = 0; r < m; r++) {
        let s = 0
        for (let k = 0; k < m; k++) s += binv[r * m + k] * rhs[k]
        xb[r] = s
      }
      // Leaving row: the largest (relative) bound violation among basic variables.
      let leave = -1
      let worst = 0
      let below = false
      for (let r = 0; r < m; r++) {
        const j = basis[r]
        const scale = 1 + Math.abs(xb[r])
        const under = ((j < n ? lower[j] : 0) - xb[r]) / scale
        const over = (xb[r] - (j < n ? upper[j] : Infinity)) / scale
        if (under > FEAS_TOL && under > worst) {
          worst = under
          leave = r
          below = true
        } else if (over > FEAS_TOL && over > worst) {
          worst = over
          leave = r
          below = false
        }
      }
      if (leave < 0) {
        for (let r = 0; r < m; r++) if (basis[r] < n) this.x[basis[r]] = xb[r]
        this.lastBasis = basis.slice()
        // Keep this inverse for the next plunge; the one kept before becomes the work array.
        this.work.binv = this.lastBinv?.length === binv.length ? this.lastBinv : new Float64Array(m * m)
        this.lastBinv = binv
        return 'optimal'
      }
      // Pivot row α_j = (B⁻¹)_leave · a_j.
      let maxAbs = 0
      for (let j = 0; j < n; j++) alpha[j] = 0
      for (let k = 0; k < m; k++) {
        const rho = binv[leave * m + k]
        alpha[n + k] = -rho
        if (rho === 0) continue
        const coef = rows[k].coef
        for (let j = 0; j < n; j++) alpha[j] += rho * coef[j]
      }
      for (let j = 0; j < total; j++) {
        if (isBasic[j] >= 0 || (j < n && lower[j] === upper[j])) alpha[j] = 0
        else if (Math.abs(alpha[j]) > maxAbs) maxAbs = Math.abs(alpha[j])
      }
      // Entering column by the (Harris) dual ratio test. Below its bound, x_leave must rise: raise a column with
      // α < 0 or lower one (at its upper bound) with α > 0; above, the reverse.
      const pivTol = PIVOT_TOL * Math.max(1, maxAbs)
      let thetaMax = Infinity
      for (let j = 0; j < total; j++) {
        if (!moves(alpha[j], pivTol, atUpper[j], below)) continue
        const t = (Math.abs(d[j]) + DUAL_TOL) / Math.abs(alpha[j])
        if (t < thetaMax) thetaMax = t
      }
      if (thetaMax === Infinity) return 'infeasible'
      let enter = -1
      let bestAlpha = 0
      for (let j = 0; j < total; j++) {
        if (!moves(alpha[j], pivTol, atUpper[j], below)) continue
        const al = alpha[j]
        if (Math.abs(d[j]) / Math.abs(al) <= thetaMax && Math.abs(al) > bestAlpha) {
          bestAlpha = Math.abs(al)
          enter = j
        }
      }
      // Product-form update of B⁻¹ with the entering column w = B⁻¹ a_enter.
      this.column(enter, rhs)
      for (let r = 0; r < m; r++) {
        let s = 0
        for (let k = 0; k < m; k++) s += binv[r * m + k] * rhs[k]
        w[r] = s
      }
      const wr = w[leave]
      for (let k = 0; k < m; k++) binv[leave * m + k] /= wr
      for (let r = 0; r < m; r++) {
        if (r === leave || w[r] === 0) continue
        const f = w[r]
        for (let k = 0; k < m; k++) binv[r * m + k] -= f * binv[leave * m + k]
      }
      const leaving = basis[leave]
      basis[leave] = enter
      isBasic[enter] = leave
      isBasic[leaving] = -1
      atUpper[leaving] = below ? 0 : 1
      atUpper[enter] = 0
    }
    return 'stalled'
  }

  /** Column j of the LP's matrix: a mineral or cut row's coefficients, or −1 on row j − n for a row slack. */
  private column(j: number, out: Float64Array): void {
    const { n, rows } = this
    if (j < n) for (let k = 0; k < rows.length; k++) out[k] = rows[k].coef[j]
    else {
      out.fill(0)
      out[j - n] = -1
    }
  }

  /** Rebuild the basis inverse `work.binv` by Gauss-Jordan elimination; false when the basis is singular. */
  private refactor(basis: Int32Array): boolean {
    const { binv, bmat, col, m } = this.work!
    for (let r = 0; r < m; r++) {
      this.column(basis[r], col)
      for (let k = 0; k < m; k++) bmat[k * m + r] = col[k]
    }
    binv.fill(0)
    for (let r = 0; r < m; r++) binv[r * m + r] = 1
    for (let cc = 0; cc < m; cc++) {
      let piv = cc
      for (let r = cc + 1; r < m; r++) if (Math.abs(bmat[r * m + cc]) > Math.abs(bmat[piv * m + cc])) piv = r
      const pv = bmat[piv * m + cc]
      if (Math.abs(pv) < 1e-12) return false
      if (piv !== cc) {
        for (let t = 0; t < m; t++) {
          let s = bmat[piv * m + t]
          bmat[piv * m + t] = bmat[cc * m + t]
          bmat[cc * m + t] = s
          s = binv[piv * m + t]
          binv[piv * m + t] = binv[cc * m + t]
          binv[cc * m + t] = s
        }
      }
      for (let t = 0; t < m; t++) {
        bmat[cc * m + t] /= pv
        binv[cc * m + t] /= pv
      }
      for (let r = 0; r < m; r++) {
        if (r === cc) continue
        const f = bmat[r * m + cc]
        if (f === 0) continue
        for (let t = 0; t < m; t++) {
          bmat[r * m + t] -= f * bmat[cc * m + t]
          binv[r * m + t] -= f * binv[cc * m + t]
        }
      }
    }
    return true
  }

  /** Fall back to the all-slack basis (dual feasible, as every cost is positive). */
  private slackBasis(basis: Int32Array, atUpper: Uint8Array): void {
    const { n } = this
    const { isBasic, m } = this.work!
    for (let r = 0; r < m; r++) basis[r] = n + r
    isBasic.fill(-1)
    for (let r = 0; r < m; r++) isBasic[basis[r]] = r
    atUpper.fill(0)
    this.refactor(basis)
  }

  /** A valid lower bound from any row prices π (clamped to ≥ 0): π·b + Σ_j min over the box of (c_j − πa_j)·n_j. */
  private lagrangianBound(lower: Int32Array, upper: Int32Array, b: Float64Array): number {
    const { n, c, rows, pi } = this
    let bound = 0
    if (this.reduced.length !== n) this.reduced = new Float64Array(n)
    const d = this.reduced
    d.set(c)
    for (let k = 0; k < pi.length; k++) {
      const pk = Math.max(0, pi[k])
      if (pk === 0) continue
      bound += pk * b[k]
      const coef = rows[k].coef
      for (let j = 0; j < n; j++) d[j] -= pk * coef[j]
    }
    for (let j = 0; j < n; j++) bound += d[j] >= 0 ? d[j] * lower[j] : d[j] * upper[j]
    return bound
  }

  /**
   * Reduced-cost tightening: with L the node's Lagrangian bound and d its reduced costs, every plan in the node costs
   * at least L + d_j·(n_j − lower_j) (d_j > 0) or L + d_j·(n_j − upper_j) (d_j < 0). Plans that cannot beat the
   * incumbent by more than the gap are of no interest, so each column's box shrinks to where it still could.
   */
  private tighten(lower: Int32Array, upper: Int32Array, bound: number): void {
    const room = this.cutoff() - bound
    if (!Number.isFinite(room) || room < 0) return
    const d = this.reduced
    for (let j = 0; j < this.n; j++) {
      if (lower[j] === upper[j]) continue
      if (d[j] > 1e-9) {
        const reach = Math.floor(room / d[j] + 1e-9)
        if (lower[j] + reach < upper[j]) upper[j] = lower[j] + reach
      } else if (d[j] < -1e-9) {
        const reach = Math.floor(room / -d[j] + 1e-9)
        if (upper[j] - reach > lower[j]) lower[j] = upper[j] - reach
      }
    }
  }

  /** Plans costing this much or more cannot improve on the incumbent by more than the gap. */
  private cutoff(): number {
    return this.bestValue - this.p.absGap * (1 + 1e-9) - 1e-9 * Math.abs(this.bestValue)
  }

  /**
   * Mixed-integer rounding cuts from the mineral rows (and sums of two of them). For a row Σ a_j n_j ≥ b with whole
   * a, b ≥ 0, whole n ≥ 0 and a divisor δ with r = b mod δ > 0:
   *   Σ_j (floor(a_j/δ) + min(a_j mod δ, r)/r) · n_j ≥ ceil(b/δ)
   * holds for every whole plan meeting the row (Marchand & Wolsey's MIR inequality for a ≥ row), so the cuts are
   * valid everywhere in the search. Returns the most violated cut per source row.
   */
  private mirCuts(b: Float64Array): Row[] {
    const { n, x } = this
    const sources: Array<{ coef: Float64Array; rhs: number }> = []
    for (let k = 0; k < this.minerals; k++) sources.push({ coef: this.rows[k].coef, rhs: b[k] })
    for (let k = 0; k < this.minerals; k++)
      for (let l = k + 1; l < this.minerals; l++) {
        const coef = new Float64Array(n)
        for (let j = 0; j < n; j++) coef[j] = this.rows[k].coef[j] + this.rows[l].coef[j]
        sources.push({ coef, rhs: b[k] + b[l] })
      }
    const found: Row[] = []
    for (const src of sources) {
      const divisors = new Set<number>()
      for (let j = 0; j < n; j++) {
        const a = src.coef[j]
        if (a <= 0 || x[j] <= INT_TOL) continue
        for (const dv of [a, a / 2, a / 4, a / 8]) if (Number.isInteger(dv) && dv >= 1) divisors.add(dv)
      }
      let bestCut: Row | null = null
      let bestViolation = 1e-4
      for (const delta of divisors) {
        const r = src.rhs % delta
        if (r === 0 || src.rhs <= 0) continue
        const coef = new Float64Array(n)
        let lhs = 0
        let norm = 0
        for (let j = 0; j < n; j++) {
          const a = src.coef[j]
          if (a <= 0) continue
          const v = Math.floor(a / delta) + Math.min(a % delta, r) / r
          coef[j] = v * (1 + 1e-12)
          lhs += coef[j] * x[j]
          norm += coef[j] * coef[j]
        }
        const rhs = Math.ceil(src.rhs / delta)
        const violation = (rhs - lhs) / Math.sqrt(norm)
        if (violation > bestViolation) {
          bestViolation = violation
          bestCut = { coef, rhs }
        }
      }
      if (bestCut) found.push(bestCut)
    }
    return found
  }

  /** Round the LP point up, then trim: a plan meeting every target, offered as the incumbent. */
  private roundUp(lower: Int32Array, upper: Int32Array) {
    const { n } = this
    const x = new Array<number>(n)
    for (let i = 0; i < n; i++) x[i] = Math.min(upper[i], Math.max(lower[i], Math.ceil(this.x[i] - INT_TOL)))
    for (let guard = 0; guard < 50; guard++) {
      const short = this.shortRows(x)
      if (short.length === 0) break
      // Per-stack rounding left something short: add a batch where it is cheapest per missing unit.
      let pick = -1
      let pickScore = Infinity
      for (let i = 0; i < n; i++) {
        if (x[i] >= upper[i]) continue
        let gain = 0
        for (const k of short) gain += this.rows[k].coef[i]
        if (gain > 0 && this.c[i] / gain < pickScore) {
          pickScore = this.c[i] / gain
          pick = i
        }
      }
      if (pick < 0) return
      x[pick]++
    }
    const got = this.rowOutputs(x)
    if (got.some((g, k) => g < this.p.targets[k])) return
    // Drop batches that are not needed, most expensive first: each column down to the fewest batches that still meet
    // every target with the others as they are. Output only grows with batches, so a binary search over the column's
    // count finds the same count as taking one batch off at a time, and only the rows the column yields change.
    const order = [...x.keys()].filter((i) => x[i] > lower[i]).sort((i, j) => this.c[j] - this.c[i])
    for (const i of order) {
      let fewest = lower[i]
      let enough = x[i]
      while (fewest < enough) {
        const mid = Math.floor((fewest + enough) / 2)
        if (this.stillMeets(got, i, x[i], mid)) enough = mid
        else fewest = mid + 1
      }
      if (enough === x[i]) continue
      for (let k = 0; k < this.minerals; k++) {
        const q = this.rows[k].coef[i]
        if (q > 0) got[k] += stackYield(enough, q, this.p.rateMicro) - stackYield(x[i], q, this.p.rateMicro)
      }
      x[i] = enough
    }
    this.offer(x)
  }

  /** What a whole plan yields of each mineral row under per-stack rounding. */
  private rowOutputs(x: ArrayLike<number>): number[] {
    const { n, p } = this
    const got = new Array<number>(this.minerals).fill(0)
    for (let k = 0; k < this.minerals; k++) {
      const q = this.rows[k].coef
      for (let i = 0; i < n; i++) got[k] += stackYield(x[i], q[i], p.rateMicro)
    }
    return got
  }

  /** Whether a plan yielding `got` still meets every target with column i at `to` batches instead of `from`. */
  private stillMeets(got: number[], i: number, from: number, to: number): boolean {
    const { p } = this
    for (let k = 0; k < this.minerals; k++) {
      const q = this.rows[k].coef[i]
      if (q > 0 && got[k] - stackYield(from, q, p.rateMicro) + stackYield(to, q, p.rateMicro) < p.targets[k]) return false
    }
    return true
  }

  run(): CoveringResult {
    const { n, p } = this
    // Best-first: the open node with the lowest bound comes out first.
    const heap = new TinyQueue<Node>([], (a, b) => a.bound - b.bound)
    const rootLower = new Int32Array(n)
    const rootUpper = Int32Array.from(p.upper)
    // Root: cut rounds while they raise the bound.
    let basis: Int32Array = Int32Array.from({ length: this.rows.length }, (_, r) => n + r)
    let atUpper: Uint8Array = new Uint8Array(n + this.rows.length)
    let rootBound = -Infinity
    for (let round = 0; round < MAX_CUT_ROUNDS; round++) {
      const b = this.nodeRhs(rootLower, rootUpper)
      const status = this.solveLp(rootLower, rootUpper, b, basis, atUpper)
      if (status === 'infeasible') return { x: this.best, value: this.bestValue, bound: Infinity, complete: true, nodes: 1 }
      const bound = this.lagrangianBound(rootLower, rootUpper, b)
      if (status !== 'optimal') break
      this.roundUp(rootLower, rootUpper)
      const gained = bound - rootBound
      rootBound = Math.max(rootBound, bound)
      if (round > 0 && gained < 1e-6 * Math.abs(bound)) break
      this.tighten(rootLower, rootUpper, bound)
      const cuts = this.mirCuts(b)
      if (this.rows.length + cuts.length > MAX_ROWS) ({ basis, atUpper } = this.dropSlackCuts(basis, atUpper))
      if (cuts.length === 0 || this.rows.length + cuts.length > MAX_ROWS) break
      for (const cut of cuts) this.rows.push(cut)
      // The new rows' slacks (index n + row) join the basis, which keeps it dual feasible; rows are only appended,
      // so every other index keeps its meaning.
      const grown = new Int32Array(this.rows.length)
      grown.set(basis)
      for (let r = basis.length; r < this.rows.length; r++) grown[r] = n + r
      basis = grown
      const moreUpper = new Uint8Array(n + this.rows.length)
      moreUpper.set(atUpper.subarray(0, n))
      atUpper = moreUpper
    }
    // Cuts the root LP does not lean on (basic slack) only slow every node down: drop them.
    ;({ basis, atUpper } = this.dropSlackCuts(basis, atUpper))
    heap.push({ lower: rootLower, upper: rootUpper, basis, atUpper, bound: rootBound })
    const gap = (bound: number) => Number.isFinite(this.bestValue) && this.bestValue - bound <= p.absGap * (1 + 1e-9) + 1e-9 * Math.abs(this.bestValue)
    const deadline = performance.now() + p.timeLimitMs
    let complete = true
    // Best-first, plunging: after a split the search goes on down one child at once and leaves the rest on the heap.
    let next: Node | null = null
    for (;;) {
      if (!next) {
        if (heap.length === 0 || gap(heap.peek()!.bound)) break
        next = heap.pop()!
      }
      const node: Node = next
      next = null
      if ((this.nodes & 15) === 0 && performance.now() > deadline) {
        heap.push(node)
        complete = false
        break
      }
      this.nodes++
      const b = this.nodeRhs(node.lower, node.upper)
      const status = this.solveLp(node.lower, node.upper, b, node.basis, node.atUpper)
      if (status === 'infeasible') continue
      const lagrangian = this.lagrangianBound(node.lower, node.upper, b)
      const bound = Math.max(node.bound, lagrangian)
      this.learn(node, bound)
      if (gap(bound)) continue
      if (status === 'stalled') {
        // Keep the node's bound honest and split on any free column so the search still ends.
        const i = [...node.lower.keys()].find((j) => node.lower[j] < node.upper[j])
        if (i === undefined) continue
        const mid = Math.floor((node.lower[i] + node.upper[i]) / 2)
        heap.push(this.child(node, bound, i, node.lower[i], mid))
        heap.push(this.child(node, bound, i, mid + 1, node.upper[i]))
        continue
      }
      this.roundUp(node.lower, node.upper)
      if (gap(bound)) continue
      this.tighten(node.lower, node.upper, lagrangian)
      const pick = this.branchColumn()
      if (pick >= 0) {
        const at = Math.floor(this.x[pick])
        const down = this.child(node, bound, pick, node.lower[pick], at)
        const up = this.child(node, bound, pick, at + 1, node.upper[pick])
        down.branched = { column: pick, up: false, distance: this.x[pick] - at }
        up.branched = { column: pick, up: true, distance: at + 1 - this.x[pick] }
        const upFirst = this.x[pick] - at >= 0.5
        heap.push(upFirst ? down : up)
        next = upFirst ? up : down
        continue
      }
      // Integral: either it meets every target (the node's optimum) or per-stack rounding left a row short.
      const xi = Array.from(this.x, (v) => Math.round(v))
      const short = this.shortRows(xi)
      if (short.length === 0) {
        this.offer(xi)
        continue
      }
      const loser = [...xi.keys()].find((i) => xi[i] > 0 && node.lower[i] < node.upper[i] && short.some((k) => this.rows[k].coef[i] > 0))
      if (loser === undefined) continue // every stack is already counted exactly, so this node has no plan
      const v = xi[loser]
      if (v - 1 >= node.lower[loser]) heap.push(this.child(node, bound, loser, node.lower[loser], v - 1))
      if (v + 1 <= node.upper[loser]) heap.push(this.child(node, bound, loser, v + 1, node.upper[loser]))
      next = this.child(node, bound, loser, v, v)
    }
    const bound = complete ? this.bestValue : Math.min(this.bestValue, heap.peek()?.bound ?? Infinity)
    return { x: this.best, value: this.bestValue, bound: Number.isFinite(bound) ? bound : this.bestValue, complete, nodes: this.nodes }
  }

  /** Remove cut rows whose slack is basic (not binding at the root optimum); the basis stays valid without them. */
  private dropSlackCuts(basis: Int32Array, atUpper: Uint8Array): { basis: Int32Array; atUpper: Uint8Array } {
    const { n } = this
    const keep: number[] = []
    const slackBasic = new Set<number>()
    for (let r = 0; r < basis.length; r++) if (basis[r] >= n) slackBasic.add(basis[r] - n)
    for (let k = 0; k < this.rows.length; k++) if (k < this.minerals || !slackBasic.has(k)) keep.push(k)
    if (keep.length === this.rows.length) return { basis, atUpper }
    const newIndex = new Map(keep.map((k, i) => [k, i]))
    const kept = keep.map((k) => this.rows[k])
    const nextBasis: number[] = []
    for (let r = 0; r < basis.length; r++) {
      const j = basis[r]
      if (j < n) nextBasis.push(j)
      else if (newIndex.has(j - n)) nextBasis.push(n + newIndex.get(j - n)!)
    }
    this.rows.length = 0
    this.rows.push(...kept)
    const nextAtUpper = new Uint8Array(n + kept.length)
    nextAtUpper.set(atUpper.subarray(0, n))
    return { basis: Int32Array.from(nextBasis), atUpper: nextAtUpper }
  }

  private child(node: Node, bound: number, i: number, lo: number, hi: number): Node {
    const lower = node.lower.slice()
    const upper = node.upper.slice()
    lower[i] = lo
    upper[i] = hi
    return { lower, upper, basis: node.basis.slice(), atUpper: node.atUpper.slice(), bound }
  }
}

/** Runs one search; in the api on the solver thread (`pool.ts`), in tests in-process. */
export type SearchRunner = (problem: CoveringProblem) => Promise<CoveringResult>

export const inProcessSearch: SearchRunner = async (problem) => new CoveringSearch(problem).run()
