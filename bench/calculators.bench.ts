import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startAppProcess, type AppProcess } from '../platform/testing/app-process.js'

/**
 * Issue #42 target: every calculator answers in under 100 ms of server time at p95. Runs the real server (demo
 * mode: the full SDE import and priced hub books; the data dir is shared with the harvesting bench, so the import
 * happens once) and times sequential requests to each calculator's endpoint with typical bodies. Server time is the
 * `ms` of the server's own request log (routing, validation, calculation and serialisation).
 */

const JSON_HEADERS = { 'Content-Type': 'application/json' }
const REQUESTS = 150

interface Case {
  name: string
  path: string
  method: 'GET' | 'POST'
  /** The bodies (or query strings) sent in turn. */
  inputs: unknown[]
}

const CASES: Case[] = [
  {
    name: 'PI, all tiers',
    path: '/api/pi/calc',
    method: 'POST',
    inputs: [
      { taxRate: 10, marketMode: 'sell', p0Source: 'extracted' },
      { taxRate: 5, marketMode: 'impatient', p0Source: 'market' },
    ],
  },
  {
    name: 'Reaction, one formula',
    path: '/api/reaction-calc',
    method: 'POST',
    inputs: [
      { blueprintID: 46157, runs: 1 },
      { blueprintID: 46160, runs: 100, systemCostIndex: 0.05, facilityTaxPercent: 1, structureType: 'Tatara', meRig: 'T2', securityStatus: 'null' },
    ],
  },
  {
    name: 'Industry build cost',
    path: '/api/industry/buildcost',
    method: 'GET',
    inputs: ['blueprint=691&me=10&runs=10', 'blueprint=691&runs=100&structure=Azbel&system=30000142&jobCostOverride=0.05&rig=T2&facilityTax=1'],
  },
  {
    name: 'Blue loot',
    path: '/api/blue-loot-calc',
    method: 'POST',
    inputs: [
      {
        siteRuns: [
          { siteName: 'Core Garrison', count: 3, avengerRuns: 1 },
          { siteName: 'Core Stronghold', count: 2 },
        ],
        players: Array.from({ length: 12 }, (_, i) => ({ name: `Pilot ${i + 1}`, dreads: i % 3 === 0 ? 1 : 0, marauders: i % 3 === 1 ? 1 : 0 })),
      },
    ],
  },
  {
    name: 'Participation',
    path: '/api/participation-calc',
    method: 'POST',
    inputs: [
      {
        siteTier: 'C5',
        siteTotals: { 'Core Garrison': 4, 'Core Stronghold': 2 },
        players: Array.from({ length: 12 }, (_, i) => ({
          name: `Pilot ${i + 1}`,
          participation: { 'Core Garrison': (i % 4) + 1, 'Core Stronghold': i % 3 === 0 ? 2 : 0 },
        })),
      },
    ],
  },
]

const send = (app: AppProcess, c: Case, input: unknown) =>
  c.method === 'GET'
    ? fetch(`${app.url}${c.path}?${String(input)}`)
    : fetch(`${app.url}${c.path}`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(input) })

/** Server-side milliseconds of every logged 200 answer to `route`, from the child's JSON request log. */
function serverTimes(output: string, route: string): number[] {
  const times: number[] = []
  for (const line of output.split('\n')) {
    if (!line.includes(`"path":"${route}"`)) continue
    try {
      const entry = JSON.parse(line) as { ms: number; status: number }
      if (entry.status === 200) times.push(entry.ms)
    } catch {
      /* a partial line at the start of the kept output */
    }
  }
  return times
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function waitForPrices(app: AppProcess): Promise<void> {
  const deadline = Date.now() + 300_000
  for (;;) {
    const res = await send(app, CASES[0], CASES[0].inputs[0]).catch(() => null)
    if (res?.ok) return
    if (Date.now() > deadline) throw new Error(`the bench server never answered the PI calculator:\n${app.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

export async function run() {
  const dataDir = path.resolve('var/bench-harvesting')
  fs.mkdirSync(dataDir, { recursive: true })
  const app = await startAppProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', STATUS_INTERVAL_SECONDS: '60' }, 300_000, 'api/demo.ts')
  try {
    await waitForPrices(app)
    for (const c of CASES) {
      // every body must be one the server takes: a refused one would time its error path
      for (const input of c.inputs) {
        const res = await send(app, c, input)
        if (!res.ok) throw new Error(`${c.name}: HTTP ${res.status} ${await res.text()}`)
      }
      for (let i = 0; i < 20; i++) await (await send(app, c, c.inputs[i % c.inputs.length])).arrayBuffer()
    }
    const load = os.loadavg()[0]
    for (const c of CASES) for (let i = 0; i < REQUESTS; i++) await (await send(app, c, c.inputs[i % c.inputs.length])).arrayBuffer()
    await new Promise((r) => setTimeout(r, 300))
    const logged = app.output()
    const rows = CASES.map((c) => {
      const times = serverTimes(logged, c.path)
        .slice(-REQUESTS)
        .sort((a, b) => a - b)
      return {
        calculator: c.name,
        endpoint: `${c.method} ${c.path}`,
        requests: times.length,
        'median ms': percentile(times, 50),
        'p95 ms': percentile(times, 95),
        'max ms': times.at(-1),
      }
    })
    console.log(
      `\nServer time per request (sequential; target: p95 under 100 ms). 1-minute load average ${load.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end, on ${os.cpus().length} cores`,
    )
    console.table(rows)
  } finally {
    await app.stop()
  }
}
