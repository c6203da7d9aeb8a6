import { describe, expect, it } from 'vitest'
import { CoveringSearch, inProcessSearch } from './branch-and-bound.js'
import { solveCoveringLp } from './covering-lp.js'
import { GroupSearch, inProcessGroupSearch } from './group-search.js'
import { exhaustiveOptimum } from './exhaustive.js'
import { inProcessRunner } from './mip.js'
import {
  coveringProblem,
  objectiveStep,
  optimise,
  pooledRequirement,
  produced,
  pruneDominated,
  stackYield,
  type OptimiseInput,
  type OreColumn,
} from './optimise.js'

/**
 * Small hand-built ore sets (per-batch minerals in MINERALS order: Trit, Pye, Mex, Iso, Nox, Zyd, Mega, Morph),
 * with costs chosen so a greedy cheapest-per-unit pick is not optimal.
 */
const col = (id: number, cost: number, batchYield: number[]): OreColumn => ({ id, cost, batchYield: [...batchYield, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 8) })
const SMALL_SET: OreColumn[] = [
  col(1, 1_000, [400]), // Veldspar-like: Tritanium only
  col(2, 2_300, [0, 350, 0, 0, 0, 0, 0, 0]), // Pyerite only
  col(3, 4_000, [300, 0, 120, 0, 0, 0, 0, 0]), // Tritanium + Mexallon
  col(4, 5_500, [0, 200, 0, 60, 0, 0, 0, 0]), // Pyerite + Isogen
  col(5, 9_000, [0, 0, 90, 0, 40, 0, 0, 0]), // Mexallon + Nocxium
]

const RATE = 867_000
const TARGET_SETS: number[][] = [
  [5_000, 0, 0, 0, 0, 0, 0, 0],
  [3_000, 2_000, 500, 0, 0, 0, 0, 0],
  [1_000, 1_500, 300, 200, 0, 0, 0, 0],
  [0, 0, 700, 150, 120, 0, 0, 0],
  [2_345, 987, 654, 321, 111, 0, 0, 0],
  [347, 303, 104, 52, 34, 0, 0, 0], // one batch each is just enough: tests per-stack rounding at the edge
]

const meetsEveryTarget = (columns: OreColumn[], batches: Map<number, number>, targets: number[], rateMicro: number) => {
  const x = columns.map((c) => batches.get(c.id) ?? 0)
  return targets.every((t, m) => produced(columns, x, m, rateMicro) >= t)
}

describe('ore plan optimiser (HiGHS) against exhaustive search', () => {
  for (const [n, targets] of TARGET_SETS.entries()) {
    it(`finds the true optimum and meets every target (target set ${n + 1})`, async () => {
      const reference = exhaustiveOptimum(SMALL_SET, targets, RATE)
      expect(reference).not.toBeNull()
      const solved = await optimise(inProcessRunner, { columns: SMALL_SET, targets, rateMicro: RATE, absGap: 1e-6, timeLimitMs: 10_000 })
      expect(solved.proven).toBe(true)
      expect(solved.value).toBeCloseTo(reference!.value, 6)
      expect(meetsEveryTarget(SMALL_SET, solved.batches, targets, RATE)).toBe(true)
      expect(solved.unreachable).toEqual([])
    })
  }

  it('minimises batch count (every cost 1) and m³ (volume costs) just as exactly, with or without sub-MIP heuristics', async () => {
    for (const costOf of [() => 1, (c: OreColumn) => [15, 30, 50, 80, 120][c.id - 1]]) {
      const columns = SMALL_SET.map((c) => ({ ...c, cost: costOf(c) }))
      for (const targets of TARGET_SETS.slice(1, 4)) {
        const reference = exhaustiveOptimum(columns, targets, RATE)!
        for (const subMipHeuristics of [true, false]) {
          const solved = await optimise(inProcessRunner, { columns, targets, rateMicro: RATE, absGap: 1e-6, timeLimitMs: 10_000, subMipHeuristics })
          expect(solved.proven).toBe(true)
          expect(solved.value).toBeCloseTo(reference.value, 6)
          expect(meetsEveryTarget(columns, solved.batches, targets, RATE)).toBe(true)
        }
      }
    }
  })

  it('proves the optimum just as exactly when it stops one objective step short of the bound', async () => {
    // Volumes 15, 30, 50, 80, 120 m³ a batch: every plan's volume is a multiple of 5 m³.
    const columns = SMALL_SET.map((c) => ({ ...c, cost: [15, 30, 50, 80, 120][c.id - 1] }))
    const step = objectiveStep(
      columns.map((c) => c.cost),
      0.001,
    )
    expect(step).toBeCloseTo(5, 9)
    for (const targets of TARGET_SETS) {
      const reference = exhaustiveOptimum(columns, targets, RATE)!
      // As haul plans run: sub-MIP heuristics off.
      const solved = await optimise(inProcessRunner, {
        columns,
        targets,
        rateMicro: RATE,
        absGap: step * (1 - 1e-6),
        timeLimitMs: 10_000,
        subMipHeuristics: false,
      })
      expect(solved.proven).toBe(true)
      expect(solved.value).toBeCloseTo(reference.value, 6)
      expect(meetsEveryTarget(columns, solved.batches, targets, RATE)).toBe(true)
    }
  })

  it('finds the step every plan value moves in, or falls back to the unit', () => {
    expect(objectiveStep([0.1, 0.15, 0.35000000000000003, 1.2, 40], 0.001)).toBeCloseTo(0.05, 12)
    expect(objectiveStep([123_456.78, 100], 0.01)).toBeCloseTo(0.02, 12)
    expect(objectiveStep([250_000, 120_000, 90_000], 0.01)).toBe(10_000)
    expect(objectiveStep([1, 1, 1], 1)).toBe(1)
    expect(objectiveStep([123_456.785], 0.01)).toBe(0.01) // not a whole number of cents
    expect(objectiveStep([], 0.001)).toBe(0.001)
  })

  it('beats the greedy cheapest-per-unit choice where that is not optimal', async () => {
    // Greedy per mineral would buy ore 1 for Tritanium and ore 2 for Pyerite; one mixed ore covers both for less.
    const columns = [col(1, 1_000, [400]), col(2, 1_000, [0, 400]), col(3, 1_500, [400, 400])]
    const solved = await optimise(inProcessRunner, { columns, targets: [3_000, 3_000, 0, 0, 0, 0, 0, 0], rateMicro: RATE, absGap: 1e-6, timeLimitMs: 5_000 })
    expect([...solved.batches]).toEqual([[3, 9]])
    expect(solved.value).toBe(exhaustiveOptimum(columns, [3_000, 3_000, 0, 0, 0, 0, 0, 0], RATE)!.value)
  })

  it('reports a mineral no allowed ore yields as unreachable and still plans the rest', async () => {
    const solved = await optimise(inProcessRunner, {
      columns: SMALL_SET,
      targets: [1_000, 0, 0, 0, 0, 0, 0, 50],
      rateMicro: RATE,
      absGap: 1e-6,
      timeLimitMs: 5_000,
    })
    expect(solved.unreachable).toEqual([7])
    expect([...solved.batches]).toEqual([[1, 3]])
  })

  it('answers a group of one ore (Morphite from Mercoxit) exactly without a trip to the solver thread', async () => {
    const mercoxit = col(9, 16_000, [0, 0, 0, 0, 0, 0, 0, 140])
    const noSolver = () => Promise.reject(new Error('the solver thread was asked'))
    for (const morphite of [1, 121, 122, 5_000, 123_457]) {
      const solved = await optimise(noSolver, {
        columns: [...SMALL_SET, mercoxit],
        targets: [0, 0, 0, 0, 0, 0, 0, morphite],
        rateMicro: RATE,
        absGap: 1e-6,
        timeLimitMs: 5_000,
        exactSearch: { run: noSolver, timeLimitMs: 150 },
      })
      const reference = exhaustiveOptimum([mercoxit], [0, 0, 0, 0, 0, 0, 0, morphite], RATE)!
      expect([...solved.batches]).toEqual([[9, reference.batches[0]]])
      expect(solved).toMatchObject({ value: reference.value, lowerBound: reference.value, proven: true, timedOut: false })
      expect(stackYield(reference.batches[0], 140, RATE)).toBeGreaterThanOrEqual(morphite)
      expect(stackYield(reference.batches[0] - 1, 140, RATE)).toBeLessThan(morphite)
    }
  })

  it('rounds each stack down separately, exactly (no floating-point drift)', () => {
    expect(stackYield(1, 400, 867_000)).toBe(346)
    expect(stackYield(3, 400, 867_000)).toBe(1040)
    expect(stackYield(7, 0, 867_000)).toBe(0)
    expect(stackYield(1_000_000, 400, 1_000_000)).toBe(400_000_000)
    // Near 2^53 a floating-point quotient can round up across a whole number; the result must not.
    expect(stackYield(8_999_999_999, 1, 999_999)).toBe(8_999_990_999)
    expect(stackYield(4_503_599_627, 1, 1_999_999)).toBe(Number((4_503_599_627n * 1_999_999n) / 1_000_000n))
    expect(pooledRequirement(9_007_199_254, 999_999)).toBe(Number((9_007_199_254n * 1_000_000n + 999_998n) / 999_999n))
    expect(pooledRequirement(1_040, 867_000)).toBe(1_200) // 1200 × 0.867 = 1040.4 ≥ 1040, 1199 × 0.867 < 1040
  })

  it('drops an ore another ore beats on every targeted mineral for no more cost', () => {
    const columns = [col(1, 1_000, [400, 10]), col(2, 1_200, [390, 5]), col(3, 900, [300])]
    expect(pruneDominated(columns, [0, 1]).map((c) => c.id)).toEqual([1, 3])
  })
})

const VOLUMES = [15, 30, 50, 80, 120]

/** A seeded generator, so a failure can be replayed. */
const seeded = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

/** Random ore families of 1–4 grades 5% apart, priced like the market (each grade ±10%), with targets they can meet. */
function gradedFamilies(random: () => number) {
  const minerals = 2 + Math.floor(random() * 6)
  const columns: OreColumn[] = []
  for (let family = 3 + Math.floor(random() * 8); family > 0; family--) {
    const base = Array.from({ length: 8 }, (_, m): number => (m < minerals && random() < 0.45 ? 20 + Math.floor(random() * 900) : 0))
    if (Math.max(...base) === 0) base[Math.floor(random() * minerals)] = 100 + Math.floor(random() * 300)
    const price = 500 + Math.floor(random() * 200_000)
    for (let grade = 0, grades = 1 + Math.floor(random() * 4); grade < grades; grade++) {
      const cost = Math.round(price * (1 + 0.05 * grade) * (0.9 + 0.2 * random()))
      columns.push({ id: columns.length + 1, cost, batchYield: base.map((y) => Math.round(y * (1 + 0.05 * grade))) })
    }
  }
  const scale = [500, 20_000, 300_000][Math.floor(random() * 3)]
  // Only minerals some ore yields get a target (the others would be reported as shortfalls).
  const targets = Array.from({ length: 8 }, (_, m): number => (m < minerals ? Math.floor(random() * scale) : 0)).map((t, m) =>
    columns.some((c) => c.batchYield[m] > 0) ? t : 0,
  )
  const rateMicro = 500_000 + Math.floor(random() * 500_000)
  return { columns, targets, rateMicro }
}

/** A search's problem for one set of columns, as `optimise` builds it (every targeted mineral a row). */
const problemFor = (columns: OreColumn[], targets: number[], rateMicro: number, absGap: number, timeLimitMs = 10_000) =>
  coveringProblem(
    columns,
    targets.flatMap((t, m) => (t > 0 ? [m] : [])),
    targets,
    rateMicro,
    absGap,
    timeLimitMs,
  )

describe('the group search (group-search.ts) against exhaustive search and HiGHS', () => {
  const noHighs = () => Promise.reject(new Error('HiGHS was not needed'))

  it('finds the true optimum of ISK plans on its own, every target met under per-stack rounding', async () => {
    for (const targets of TARGET_SETS) {
      const reference = exhaustiveOptimum(SMALL_SET, targets, RATE)!
      const solved = await optimise(noHighs, {
        columns: SMALL_SET,
        targets,
        rateMicro: RATE,
        absGap: 1e-6,
        timeLimitMs: 10_000,
        groupSearch: { run: inProcessGroupSearch, timeLimitMs: 10_000 },
      })
      expect(solved.proven).toBe(true)
      expect(solved.value).toBeCloseTo(reference.value, 6)
      expect(meetsEveryTarget(SMALL_SET, solved.batches, targets, RATE)).toBe(true)
    }
  })

  it('agrees with exhaustive search on m³ and batch costs wherever it applies, and hands HiGHS the rest', async () => {
    let answered = 0
    for (const costOf of [() => 1, (c: OreColumn) => VOLUMES[c.id - 1]]) {
      const columns = SMALL_SET.map((c) => ({ ...c, cost: costOf(c) }))
      for (const targets of TARGET_SETS) {
        const reference = exhaustiveOptimum(columns, targets, RATE)!
        const result = new GroupSearch(problemFor(columns, targets, RATE, 1e-6)).run()
        if (result?.complete) {
          answered++
          expect(result.value).toBeCloseTo(reference.value, 6)
        }
        const solved = await optimise(inProcessRunner, {
          columns,
          targets,
          rateMicro: RATE,
          absGap: 1e-6,
          timeLimitMs: 10_000,
          groupSearch: { run: inProcessGroupSearch, timeLimitMs: 10_000 },
        })
        expect(solved.proven).toBe(true)
        expect(solved.value).toBeCloseTo(reference.value, 6)
      }
    }
    expect(answered).toBeGreaterThan(0)
  })

  it('agrees with HiGHS on random ore families graded 5% apart, and proves every one whose basis it can order', async () => {
    // Random yields often make a basis no row order triangularises beyond a block of two rows (three ores each
    // yielding two of three minerals); those go to HiGHS (docs/tools/compressed.md).
    const random = seeded(23)
    let applied = 0
    const trials = 40
    for (let trial = 0; trial < trials; trial++) {
      const { columns, targets, rateMicro } = gradedFamilies(random)
      const highs = await optimise(inProcessRunner, { columns, targets, rateMicro, absGap: 0.5, timeLimitMs: 30_000 })
      const searched = await optimise(inProcessRunner, {
        columns,
        targets,
        rateMicro,
        absGap: 0.5,
        timeLimitMs: 30_000,
        groupSearch: { run: inProcessGroupSearch, timeLimitMs: 5_000 },
      })
      expect(highs.proven && searched.proven, `trial ${trial}`).toBe(true)
      expect(searched.value, `trial ${trial}`).toBeCloseTo(highs.value, 6)
      expect(meetsEveryTarget(columns, searched.batches, targets, rateMicro)).toBe(true)
      const ores = columns.filter((c) => targets.some((t, m) => t > 0 && c.batchYield[m] > 0))
      const alone = new GroupSearch(problemFor(ores, targets, rateMicro, 0.5)).run()
      if (!alone) continue
      applied++
      expect(alone.complete, `trial ${trial}`).toBe(true)
      expect(alone.value, `trial ${trial}`).toBeCloseTo(highs.value, 6)
    }
    expect(applied).toBeGreaterThanOrEqual(trials * 0.7)
  })

  it('solves two rows together where no row order makes the basis triangular', async () => {
    // Two ores, each yielding both minerals, are both basic: neither row has one basic of its own.
    const columns = [col(1, 1_000, [100, 40]), col(2, 1_100, [45, 110]), col(3, 900, [80]), col(4, 950, [0, 80])]
    for (const targets of [
      [2_000, 1_800, 0, 0, 0, 0, 0, 0],
      [1_333, 1_222, 0, 0, 0, 0, 0, 0],
      [91, 93, 0, 0, 0, 0, 0, 0],
    ]) {
      const result = new GroupSearch(problemFor(columns, targets, RATE, 1e-6)).run()
      expect(result?.complete).toBe(true)
      expect(result!.value).toBeCloseTo(exhaustiveOptimum(columns, targets, RATE)!.value, 6)
    }
  })

  it('says it does not apply to a larger block, and HiGHS answers', async () => {
    // Three ores, each yielding two of three minerals: every mineral is yielded by two of the three basic ores.
    const columns = [col(1, 1_000, [100, 100]), col(2, 1_000, [0, 100, 100]), col(3, 1_000, [100, 0, 100])]
    const targets = [10_000, 10_000, 10_000, 0, 0, 0, 0, 0]
    expect(new GroupSearch(problemFor(columns, targets, RATE, 1e-6)).run()).toBeNull()
    const solved = await optimise(inProcessRunner, {
      columns,
      targets,
      rateMicro: RATE,
      absGap: 1e-6,
      timeLimitMs: 10_000,
      groupSearch: { run: inProcessGroupSearch, timeLimitMs: 10_000 },
    })
    expect(solved.proven).toBe(true)
    expect(solved.value).toBeCloseTo(exhaustiveOptimum(columns, targets, RATE)!.value, 6)
  })

  it('stopped at once, answers no better bound than the optimum and a plan, if any, that meets every target', () => {
    const random = seeded(7)
    for (let trial = 0; trial < 10; trial++) {
      const { columns, targets, rateMicro } = gradedFamilies(random)
      const finished = new GroupSearch(problemFor(columns, targets, rateMicro, 0.5)).run()
      const stopped = new GroupSearch(problemFor(columns, targets, rateMicro, 0.5, 0)).run()
      if (!finished?.complete || !stopped) continue
      expect(stopped.bound).toBeLessThanOrEqual(finished.value + 1e-6)
      if (stopped.x) expect(meetsEveryTarget(columns, new Map(stopped.x.map((n, i) => [columns[i].id, n])), targets, rateMicro)).toBe(true)
    }
  })

  it("solves the LP relaxation to HiGHS's optimum", async () => {
    const random = seeded(99)
    for (let trial = 0; trial < 30; trial++) {
      const { columns, targets, rateMicro } = gradedFamilies(random)
      const minerals = targets.flatMap((t, m) => (t > 0 ? [m] : []))
      if (minerals.length === 0) continue
      const requirement = minerals.map((m) => pooledRequirement(targets[m], rateMicro))
      const lp = solveCoveringLp(
        columns.map((c) => c.cost),
        columns.map((c) => minerals.map((m) => c.batchYield[m])),
        requirement,
      )!
      const highs = await inProcessRunner(
        {
          costs: columns.map((c) => c.cost),
          upper: columns.map(() => 1e12),
          integer: false,
          rows: minerals.map((m, k) => ({ min: requirement[k], cols: columns.map((_, i) => i), coefs: columns.map((c) => c.batchYield[m]) })),
        },
        { timeLimitMs: 5_000, absGap: 0 },
      )
      expect(lp.value).toBeCloseTo(highs.objective, 3)
      // Dual feasible: no ore has a negative reduced cost.
      for (const c of columns) expect(c.cost - minerals.reduce((s, m, k) => s + lp.prices[k] * c.batchYield[m], 0)).toBeGreaterThan(-1e-6 * c.cost)
    }
  })
})

describe('the exact search (branch-and-bound.ts) against exhaustive search and HiGHS', () => {
  const searchFirst = { run: inProcessSearch, timeLimitMs: 10_000 }

  it('finds the true optimum for ISK, m³ and batch objectives, and meets every target under per-stack rounding', async () => {
    for (const costOf of [(c: OreColumn) => c.cost, () => 1, (c: OreColumn) => VOLUMES[c.id - 1]]) {
      const columns = SMALL_SET.map((c) => ({ ...c, cost: costOf(c) }))
      for (const targets of TARGET_SETS) {
        const reference = exhaustiveOptimum(columns, targets, RATE)!
        let searched = false
        const run = async (p: Parameters<typeof inProcessSearch>[0]) => {
          searched = true
          return inProcessSearch(p)
        }
        // A runner that fails the test if HiGHS is asked: the search must answer on its own.
        const noHighs = () => Promise.reject(new Error('HiGHS was not needed'))
        const solved = await optimise(noHighs, { columns, targets, rateMicro: RATE, absGap: 1e-6, timeLimitMs: 10_000, exactSearch: { ...searchFirst, run } })
        // Tritanium alone has one ore left after the reductions here, which is answered without a search.
        expect(searched).toBe(targets.filter((t) => t > 0).length > 1)
        expect(solved.proven).toBe(true)
        expect(solved.value).toBeCloseTo(reference.value, 6)
        expect(meetsEveryTarget(columns, solved.batches, targets, RATE)).toBe(true)
      }
    }
  })

  /** Solve with HiGHS alone and with the search first: both proven, the same value, every target met. */
  async function expectSearchAgreesWithHighs(input: Omit<OptimiseInput, 'exactSearch'>, trial: number) {
    const highs = await optimise(inProcessRunner, input)
    const searched = await optimise(inProcessRunner, { ...input, exactSearch: { ...searchFirst, timeLimitMs: input.timeLimitMs } })
    expect(highs.proven && searched.proven).toBe(true)
    expect(searched.value, `trial ${trial}`).toBeCloseTo(highs.value, 6)
    expect(meetsEveryTarget(input.columns, searched.batches, input.targets, input.rateMicro)).toBe(true)
  }

  it('agrees with HiGHS on random ore sets of up to 14 ores and 5 minerals', async () => {
    const random = seeded(20261122)
    for (let trial = 0; trial < 60; trial++) {
      const minerals = 2 + Math.floor(random() * 4)
      const columns = Array.from({ length: 4 + Math.floor(random() * 11) }, (_, i) => {
        const batchYield = Array.from({ length: 8 }, (_, m): number => (m < minerals && random() < 0.5 ? 20 + Math.floor(random() * 900) : 0))
        if (Math.max(...batchYield) === 0) batchYield[Math.floor(random() * minerals)] = 100 + Math.floor(random() * 300)
        return { id: i + 1, cost: 500 + Math.floor(random() * 200_000), batchYield }
      })
      const scale = random() < 0.5 ? 500 : 20_000 // small targets put per-stack rounding at the edge
      const targets = Array.from({ length: 8 }, (_, m): number => (m < minerals ? Math.floor(random() * scale) : 0))
      const rateMicro = 500_000 + Math.floor(random() * 500_000)
      await expectSearchAgreesWithHighs({ columns, targets, rateMicro, absGap: 0.5, timeLimitMs: 20_000 }, trial)
    }
  })

  it('agrees with HiGHS on random ore families graded 5% apart, as the game grades its ores', async () => {
    // Near-proportional grades make many plans almost tie, which is where a too-tight reduced-cost bound shows: one
    // batch too tight, tried on purpose, failed here and passed the test above.
    const random = seeded(5)
    for (let trial = 0; trial < 30; trial++) {
      const { columns, targets, rateMicro } = gradedFamilies(random)
      await expectSearchAgreesWithHighs({ columns, targets, rateMicro, absGap: 0.5, timeLimitMs: 30_000 }, trial)
    }
  })

  it('stopped at once, answers a plan that meets every target with a bound below the optimum, and HiGHS finishes', async () => {
    const targets = TARGET_SETS[4]
    const reference = exhaustiveOptimum(SMALL_SET, targets, RATE)!
    const upper = SMALL_SET.map(() => 50)
    const stopped = new CoveringSearch({
      costs: SMALL_SET.map((c) => c.cost),
      yields: SMALL_SET.map((c) => c.batchYield.slice(0, 5)),
      targets: targets.slice(0, 5),
      rateMicro: RATE,
      upper,
      absGap: 1e-6,
      timeLimitMs: 0,
    }).run()
    // With no time at all only the root is solved; if its cuts already close the gap, the answer is the optimum.
    expect(stopped.bound).toBeLessThanOrEqual(reference.value + 1e-6)
    if (stopped.complete) expect(stopped.value).toBeCloseTo(reference.value, 6)
    if (stopped.x) expect(meetsEveryTarget(SMALL_SET, new Map(stopped.x.map((n, i) => [i + 1, n])), targets, RATE)).toBe(true)
    const solved = await optimise(inProcessRunner, {
      columns: SMALL_SET,
      targets,
      rateMicro: RATE,
      absGap: 1e-6,
      timeLimitMs: 10_000,
      exactSearch: { run: inProcessSearch, timeLimitMs: 0 },
    })
    expect(solved.proven).toBe(true)
    expect(solved.value).toBeCloseTo(reference.value, 6)
  })

  it('says so when no plan can meet the targets within the batch limits', () => {
    const result = new CoveringSearch({
      costs: [10],
      yields: [[100]],
      targets: [1_000],
      rateMicro: 1_000_000,
      upper: [5],
      absGap: 0.5,
      timeLimitMs: 1_000,
    }).run()
    expect(result).toMatchObject({ x: null, complete: true })
  })
})

describe("the player's limits: at most N distinct ores, at least M batches of each ore bought (issue #42)", () => {
  const trit = col(1, 1_000, [400])
  const both = col(3, 1_500, [400, 400])
  const solve = (columns: OreColumn[], targets: number[], limits: OptimiseInput['limits']) =>
    optimise(inProcessRunner, {
      columns,
      targets,
      rateMicro: RATE,
      absGap: 1e-6,
      timeLimitMs: 10_000,
      limits,
      groupSearch: { run: inProcessGroupSearch, timeLimitMs: 500 },
      exactSearch: { run: inProcessSearch, timeLimitMs: 500 },
    })
  const targets = [3_000, 300, 0, 0, 0, 0, 0, 0]

  it('worked numbers: 3,000 Tritanium and 300 Pyerite at 86.7%', async () => {
    // No limits: 1 batch of the mixed ore (floor(400 × 0.867) = 346 of each) and 8 of the Tritanium ore
    // (floor(8 × 400 × 0.867) = 2,774; 346 + 2,774 = 3,120 ≥ 3,000): 1,500 + 8,000 = 9,500 ISK.
    const free = await solve([trit, both], targets, undefined)
    expect([...free.batches].sort()).toEqual([
      [1, 8],
      [3, 1],
    ])
    expect(free.value).toBe(9_500)
    // At least 2 batches of each ore: 2 mixed (693 each) + 7 Tritanium (floor(7 × 346.8) = 2,427; 3,120 in all):
    // 3,000 + 7,000 = 10,000 ISK (8 Tritanium batches are no longer needed).
    const min2 = await solve([trit, both], targets, { minBatches: 2 })
    expect([...min2.batches].sort()).toEqual([
      [1, 7],
      [3, 2],
    ])
    expect(min2.value).toBe(10_000)
    expect(min2.proven).toBe(true)
    // One ore only: the mixed ore alone, 9 batches (floor(9 × 346.8) = 3,121 Tritanium): 13,500 ISK.
    const one = await solve([trit, both], targets, { maxOres: 1 })
    expect([...one.batches]).toEqual([[3, 9]])
    expect(one.value).toBe(13_500)
    expect(one.proven).toBe(true)
  })

  it('matches exhaustive search under every pair of limits, each target met and each limit kept', async () => {
    for (const limits of [{ maxOres: 1 }, { maxOres: 2 }, { minBatches: 3 }, { maxOres: 2, minBatches: 4 }]) {
      for (const targets of TARGET_SETS.slice(0, 4)) {
        const reference = exhaustiveOptimum(SMALL_SET, targets, RATE, limits)
        const solved = await solve(SMALL_SET, targets, limits)
        if (!reference) {
          expect(solved.infeasible, JSON.stringify({ limits, targets })).toBe(true)
          continue
        }
        expect(solved.infeasible).toBe(false)
        expect(solved.proven).toBe(true)
        expect(solved.value, JSON.stringify({ limits, targets })).toBeCloseTo(reference.value, 6)
        expect(meetsEveryTarget(SMALL_SET, solved.batches, targets, RATE)).toBe(true)
        expect(solved.batches.size).toBeLessThanOrEqual(limits.maxOres ?? Infinity)
        for (const n of solved.batches.values()) expect(n).toBeGreaterThanOrEqual(limits.minBatches ?? 1)
      }
    }
  })

  it('says no plan fits when one ore cannot yield every targeted mineral', async () => {
    // Tritanium, Pyerite and Nocxium: no ore of the set yields all three.
    const solved = await solve(SMALL_SET, [1_000, 1_000, 0, 0, 100, 0, 0, 0], { maxOres: 1 })
    expect(solved.infeasible).toBe(true)
    expect(solved.batches.size).toBe(0)
  })
})
