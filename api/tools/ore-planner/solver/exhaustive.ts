import { batchCaps, produced, type OreColumn, type PlanLimits } from './optimise.js'

/**
 * The reference answer for tests: try every combination of batch counts (each ore from 0 up to what covers all its
 * targets alone) and keep the cheapest that meets every target under per-stack rounding. Only for a handful of
 * ores and small targets; it is the yardstick the solver's optimum is checked against. With `limits`, a plan of more
 * than `maxOres` distinct ores, or with an ore bought below `minBatches`, does not count.
 */
export function exhaustiveOptimum(
  columns: OreColumn[],
  targets: number[],
  rateMicro: number,
  limits: PlanLimits = {},
): { value: number; batches: number[] } | null {
  const targeted = targets.flatMap((t, m) => (t > 0 ? [m] : []))
  const minBatches = limits.minBatches ?? 1
  const upper = batchCaps(columns, targeted, targets, rateMicro).map((u) => (u > 0 ? Math.max(u, minBatches) : 0))
  const combos = upper.reduce((n, u) => n * (u + 1), 1)
  if (combos > 5_000_000) throw new Error(`exhaustive search too large: ${combos} combinations`)
  let best: { value: number; batches: number[] } | null = null
  const x = columns.map(() => 0)
  const visit = (i: number) => {
    if (i === columns.length) {
      const bought = x.filter((n) => n > 0)
      const withinLimits = bought.length <= (limits.maxOres ?? Infinity) && bought.every((n) => n >= minBatches)
      if (withinLimits && targeted.every((m) => produced(columns, x, m, rateMicro) >= targets[m])) {
        const value = columns.reduce((s, c, j) => s + c.cost * x[j], 0)
        if (!best || value < best.value - 1e-9) best = { value, batches: x.slice() }
      }
      return
    }
    for (let n = 0; n <= upper[i]; n = n === 0 ? Math.max(1, minBatches) : n + 1) {
      x[i] = n
      visit(i + 1)
    }
    x[i] = 0
  }
  visit(0)
  return best
}
