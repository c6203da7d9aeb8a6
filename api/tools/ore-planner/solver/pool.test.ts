import { afterAll, describe, expect, it } from 'vitest'
import type { PlannerOre } from '../ores.js'
import { warmUpSolver } from '../warm-up.js'
import { inProcessSearch } from './branch-and-bound.js'
import { inProcessGroupSearch } from './group-search.js'
import { inProcessRunner, type MipModel, type MipOptions, type MipResult } from './mip.js'
import { SolverPool, WarmUpCancelled } from './pool.js'

const oneBatch: MipModel = { costs: [1], upper: [5], integer: true, rows: [{ min: 1, cols: [0], coefs: [1] }] }
const options: MipOptions = { timeLimitMs: 2000, absGap: 0.5 }

describe('solver thread pool', () => {
  const pool = new SolverPool()
  afterAll(() => pool.close())

  it('lets warm-up work run until a plan asks for the thread, then cancels the rest of it', async () => {
    const order: string[] = []
    const track = (name: string, p: Promise<MipResult>) =>
      p.then(
        (r) => {
          order.push(`${name} solved`)
          return r
        },
        (err: Error) => {
          order.push(`${name} ${err instanceof WarmUpCancelled ? 'cancelled' : err.message}`)
          return null
        },
      )
    expect((await track('warm-up 1', pool.warmUpRun(oneBatch, options)))?.objective).toBe(1) // starts the thread
    const running = track('warm-up 2', pool.warmUpRun(oneBatch, options))
    await new Promise((r) => setImmediate(r)) // now handed to the thread
    const waiting = track('warm-up 3', pool.warmUpRun(oneBatch, options)) // queued behind it
    const plan = track('plan', pool.run(oneBatch, options))
    const [second, , planned] = await Promise.all([running, waiting, plan])
    expect(second?.objective).toBe(1)
    expect(planned?.objective).toBe(1)
    // Warm-up 2 was handed to the thread before the plan came, so it is solved; it may even finish before warm-up 3
    // is queued, which is why only the plan's place (last) is fixed. Warm-up 3 never reaches the thread.
    expect(order).toHaveLength(4)
    expect(order.slice(0, 1)).toEqual(['warm-up 1 solved'])
    expect(order.slice(1, 3).sort()).toEqual(['warm-up 2 solved', 'warm-up 3 cancelled'])
    expect(order[3]).toBe('plan solved')
    await expect(pool.warmUpRun(oneBatch, options)).rejects.toBeInstanceOf(WarmUpCancelled)
    const search = { costs: [1], yields: [[1]], targets: [1], rateMicro: 1_000_000, upper: [5], absGap: 0.5, timeLimitMs: 2000 }
    await expect(pool.warmUpSearch(search)).rejects.toBeInstanceOf(WarmUpCancelled)
    expect((await pool.search(search)).value).toBe(1)
  })

  it('puts a plan before a warm-up job that is waiting for the thread to start', async () => {
    const fresh = new SolverPool()
    try {
      const warmUp = fresh.warmUpRun(oneBatch, options) // waits while the thread starts
      const plan = fresh.run(oneBatch, options)
      await expect(warmUp).rejects.toBeInstanceOf(WarmUpCancelled)
      expect((await plan).objective).toBe(1)
    } finally {
      await fresh.close()
    }
  })
})

describe('solver warm-up', () => {
  const ore = (typeIdCompressed: number, batchYield: number[], volumeCompressedM3: number): PlannerOre =>
    ({ typeIdCompressed, name: `Ore ${typeIdCompressed}`, batchYield, volumeCompressedM3 }) as PlannerOre
  // Ores 1 and 2 share Pyerite, so their plans reach the solver (an ore alone in its group needs none).
  const ores = [ore(1, [400, 10, 0, 0, 0, 0, 0, 0], 0.1), ore(2, [0, 300, 100, 50, 20, 10, 5, 0], 0.3), ore(3, [0, 0, 0, 0, 0, 0, 0, 140], 1)]

  it('solves m³ plans of three sizes on the runner it is given', async () => {
    const models: MipModel[] = []
    await warmUpSolver(ores, (model, opts) => {
      models.push(model)
      return inProcessRunner(model, opts)
    })
    expect(models.length).toBeGreaterThanOrEqual(3)
    // Costs are m³ per batch (100 units), so the warm-up needs no prices.
    const costs = new Set(models.flatMap((m) => m.costs))
    expect([...costs].every((c) => [10, 30, 100].includes(c))).toBe(true)
    expect(costs.has(10) && costs.has(30)).toBe(true)
  })

  it('warms the exact search up too, on the search runner it is given', async () => {
    let searches = 0
    await warmUpSolver(ores, inProcessRunner, (problem) => {
      searches++
      return inProcessSearch(problem)
    })
    // Two rounds of the three plans; the ore alone in its group (Morphite) needs no search.
    expect(searches).toBe(6)
  })

  it('warms the group search up too, briefly, on the runner it is given, without Morphite', async () => {
    const problems: Array<Parameters<typeof inProcessGroupSearch>[0]> = []
    await warmUpSolver(ores, inProcessRunner, undefined, (problem) => {
      problems.push(problem)
      return inProcessGroupSearch(problem)
    })
    expect(problems).toHaveLength(6)
    for (const p of problems) {
      expect(p.timeLimitMs).toBeLessThanOrEqual(100)
      expect(p.targets).toHaveLength(7)
      expect(p.costs).toEqual([10, 30])
    }
  })

  it('stops quietly when a plan takes the thread, and passes other errors on', async () => {
    let calls = 0
    await expect(
      warmUpSolver(ores, async () => {
        calls++
        throw new WarmUpCancelled('a plan is using the solver thread')
      }),
    ).resolves.toBeUndefined()
    expect(calls).toBe(1)
    await expect(warmUpSolver(ores, async () => Promise.reject(new Error('thread crashed')))).rejects.toThrow('thread crashed')
  })
})
