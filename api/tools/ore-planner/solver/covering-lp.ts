/** The planner's LP relaxation, solved in place: the group search's basis and prices, and the blend's yardsticks. */

export interface CoveringLp {
  /** π·R: the LP optimum. */
  value: number
  /** Row prices π ≥ 0. */
  prices: Float64Array
  /** The basic variables: an ore's index (< n), or n + k for row k's surplus. */
  basis: Int32Array
}

/**
 * min c·x subject to Qx ≥ R, x ≥ 0, by the dual simplex method from the all-surplus basis, which is dual feasible
 * because every cost is positive. A dense tableau: the planner's LPs have at most eight rows and about a hundred
 * columns, and take a few pivots. Null when a row cannot be met (no ore yields it) or the method stalls.
 */
export function solveCoveringLp(costs: number[], yields: number[][], rhs: number[]): CoveringLp | null {
  const n = costs.length
  const m = rhs.length
  const w = n + m
  const tab = new Float64Array(m * w)
  const beta = new Float64Array(m)
  const reduced = new Float64Array(w)
  const basis = new Int32Array(m)
  for (let k = 0; k < m; k++) {
    for (let j = 0; j < n; j++) tab[k * w + j] = -yields[j][k]
    tab[k * w + n + k] = 1
    beta[k] = -rhs[k]
    basis[k] = n + k
  }
  for (let j = 0; j < n; j++) reduced[j] = costs[j]
  for (let iter = 0; iter < 50 * (m + 1); iter++) {
    let r = -1
    let worst = 0
    for (let k = 0; k < m; k++) {
      const scaled = beta[k] / Math.max(1, rhs[k])
      if (scaled < -1e-12 && scaled < worst) {
        worst = scaled
        r = k
      }
    }
    if (r < 0) {
      const prices = new Float64Array(m)
      for (let k = 0; k < m; k++) prices[k] = Math.max(0, reduced[n + k])
      let value = 0
      for (let k = 0; k < m; k++) value += prices[k] * rhs[k]
      return { value, prices, basis }
    }
    let enter = -1
    let best = Infinity
    for (let j = 0; j < w; j++) {
      const a = tab[r * w + j]
      if (a < -1e-12) {
        const ratio = Math.max(0, reduced[j]) / -a
        if (ratio < best) {
          best = ratio
          enter = j
        }
      }
    }
    if (enter < 0) return null
    const pivot = tab[r * w + enter]
    for (let j = 0; j < w; j++) tab[r * w + j] /= pivot
    beta[r] /= pivot
    for (let k = 0; k < m; k++) {
      if (k === r) continue
      const f = tab[k * w + enter]
      if (f === 0) continue
      for (let j = 0; j < w; j++) tab[k * w + j] -= f * tab[r * w + j]
      beta[k] -= f * beta[r]
    }
    const f = reduced[enter]
    if (f !== 0) for (let j = 0; j < w; j++) reduced[j] -= f * tab[r * w + j]
    basis[r] = enter
  }
  return null
}
