import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startAppProcess } from '../platform/testing/app-process.js'
import { FULL_PLAN_TARGETS } from '../api/tools/ore-planner/warm-up.js'
import type { OresResponse, PlanResponse } from '../schemas/ore-planner.js'
import type { z } from 'zod'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** CPU seconds the process has used (user + system), from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Wait until the server is idle: the demo keeps importing and feeding data for 10–20 s after its market pipeline first
 * reports OK (measured at 75–130% of a core), and plans timed then measure that work, not the planner.
 */
async function waitUntilQuiet(pid: number, maxMs = 60_000): Promise<number> {
  const started = Date.now()
  for (let before = cpuSeconds(pid); Date.now() - started < maxMs;) {
    await new Promise((r) => setTimeout(r, 2000))
    const now = cpuSeconds(pid)
    if ((now - before) / 2 < 0.15) break
    before = now
  }
  return Date.now() - started
}

const STRATEGIES = [
  { type: 'min_cost' },
  { type: 'min_haul', haul_mode: 'm3' },
  { type: 'min_haul', haul_mode: 'batches' },
  { type: 'blend', blend_weight: 0.5 },
]
/** Issue #42's shopping-list limits, on a cost plan: HiGHS alone answers these (the searches do not take the rows). */
const LIMITS: Array<{ maxOres?: number; minBatchesPerOre?: number }> = [{}, { maxOres: 4 }, { minBatchesPerOre: 10 }, { maxOres: 4, minBatchesPerOre: 10 }]

/**
 * Issue #11: a full plan (8 minerals, every ore allowed) answered in under 100 ms, request to response, on this
 * machine. Runs the demo server (fake ESI order books at every hub), waits until it is idle, and times
 * POST /api/ore-planner/plan from the client side, sequentially, for each strategy and target size (the first plan
 * also starts the solver thread); also prints whether the plan was proven optimal.
 */
export async function run() {
  const dataDir = path.resolve('var/bench-ore-planner')
  fs.mkdirSync(dataDir, { recursive: true })
  const app = await startAppProcess({ DATA_DIR: dataDir, ORE_PLANNER_RATE_LIMIT_PER_MINUTE: '100000' }, 300_000, 'api/demo.ts')
  try {
    for (const deadline = Date.now() + 180_000; ;) {
      const status = await fetch(`${app.url}/api/statuses`)
        .then((r) => r.json() as Promise<{ pipeline: { status: string } }>)
        .catch(() => null)
      if (status?.pipeline.status === 'OK') break
      if (Date.now() > deadline) throw new Error('market pipeline did not become OK')
      await new Promise((r) => setTimeout(r, 500))
    }
    const quietAfter = await waitUntilQuiet(app.child.pid!)
    console.log(`server quiet ${(quietAfter / 1000).toFixed(0)} s after its market pipeline was OK`)
    const { ores } = (await (await fetch(`${app.url}/api/ore-planner/ores`)).json()) as z.infer<typeof OresResponse>
    const allowedOres = ores.map((o) => o.typeIdCompressed)
    const table: Array<Record<string, string | number>> = []
    for (const [size, targets] of Object.entries(FULL_PLAN_TARGETS)) {
      for (const [strategy, limits] of [...STRATEGIES.map((st) => [st, {}] as const), ...LIMITS.slice(1).map((l) => [STRATEGIES[0], l] as const)]) {
        const times: number[] = []
        let last: PlanResponse | null = null
        for (let i = 0; i < 5; i++) {
          const started = performance.now()
          const res = await fetch(`${app.url}/api/ore-planner/plan`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ targets, refineRate: 86.7, allowedOres, strategy, ...limits }),
          })
          last = (await res.json()) as PlanResponse
          times.push(performance.now() - started)
          if (!res.ok) throw new Error(`plan failed: ${JSON.stringify(last)}`)
        }
        const opt = last!.optimality
        table.push({
          targets: size,
          strategy:
            strategy.type +
            ('haul_mode' in strategy ? `/${strategy.haul_mode}` : '') +
            Object.entries(limits)
              .map(([k, v]) => ` ${k}=${v}`)
              .join(''),
          'median ms': Math.round(median(times)),
          'max ms': Math.round(Math.max(...times)),
          proven: opt?.proven ? 'yes' : 'no',
          'gap (objective units)': opt ? Number(opt.gap.toPrecision(4)) : '-',
        })
      }
    }
    console.log(`1-minute load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`)
    console.table(table)
    console.log('target: a full plan (8 minerals, every ore allowed) in under 100 ms, request to response')
  } finally {
    await app.stop()
  }
}
