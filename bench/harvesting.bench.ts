import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startAppProcess, type AppProcess } from '../platform/testing/app-process.js'
import { load, printLoad } from './lib.js'

/**
 * Issue #7 targets: each calculate request under 10 ms of server time; p99 under 30 ms at 300 requests/s.
 * Runs the real server (demo mode: the full SDE import and priced Jita books) in a child process. Server time is
 * what the server itself logs per request (the `ms` of its request log: routing, validation, calculation and
 * serialisation); latency under load is autocannon's, over loopback.
 */

const GAS_SETUPS = [
  {
    ship: 'Prospect',
    moduleType: 'Syndicate Gas Cloud Scoop',
    moduleCount: 2,
    shipCount: 1,
    skills: { Frigate: 5, Barge: 0, Exhumer: 0 },
    implant: 0,
    boostShip: 'None',
    miningDirector: 0,
    industrialCommand: 0,
    boostImplant: 'none',
    boostModule: 'T1',
    bastion: 'no',
  },
  {
    ship: 'Hulk',
    moduleType: 'Gas Cloud Harvester II',
    moduleCount: 2,
    shipCount: 5,
    skills: { Frigate: 0, Barge: 5, Exhumer: 5 },
    implant: 0.05,
    boostShip: 'Orca',
    miningDirector: 5,
    industrialCommand: 5,
    boostImplant: 'mindlink',
    boostModule: 'T2',
    bastion: 'yes',
  },
]
const ORE_SETUPS = [
  {
    config: {
      ship: 'Skiff',
      module: 'Modulated Strip Miner II',
      numModules: 1,
      crystal: 'Simple Asteroid Mining Crystal Type A II',
      numShips: 1,
      lowSlotName: '',
      lowSlotCount: 0,
      skills: { barge: 5, exhumer: 5, frigate: 0, expedition: 0, mining: 5, astrogeology: 5 },
    },
    boost: { ship: 'None', industrial: 0, director: 0, implant: 'None', module: 'T1', bastion: 'No' },
    implantName: 'None',
  },
  {
    config: {
      ship: 'Hulk',
      module: 'Modulated Strip Miner II',
      numModules: 2,
      crystal: '',
      numShips: 3,
      lowSlotName: 'Mining Laser Upgrade II',
      lowSlotCount: 3,
      skills: { barge: 5, exhumer: 5, frigate: 5, expedition: 5, mining: 5, astrogeology: 5 },
    },
    boost: { ship: 'Orca', industrial: 5, director: 5, implant: 'mindlink', module: 'T2', bastion: 'Yes' },
    implantName: "Inherent Implants 'Highwall' Mining MX-1005",
  },
]

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

async function waitForPrices(app: AppProcess): Promise<void> {
  const deadline = Date.now() + 240_000
  for (;;) {
    const res = await post(`${app.url}/api/gas-calc`, GAS_SETUPS[0]).catch(() => null)
    const body = res?.ok ? ((await res.json()) as Array<{ price: number | null }>) : null
    if (body?.some((e) => e.price !== null)) return
    if (Date.now() > deadline) throw new Error(`the bench server never served priced gas:\n${app.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/** Server-side milliseconds of every logged request to `route`, from the child's JSON request log. */
function serverTimes(output: string, route: string): number[] {
  const times: number[] = []
  for (const line of output.split('\n')) {
    if (!line.includes(`"path":"${route}"`)) continue
    try {
      const entry = JSON.parse(line) as { path: string; ms: number; status: number }
      if (entry.status === 200) times.push(entry.ms)
    } catch {
      /* a partial line at the start of the kept output */
    }
  }
  return times
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

export async function run() {
  const dataDir = path.resolve('var/bench-harvesting')
  fs.mkdirSync(dataDir, { recursive: true })
  const app = await startAppProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', STATUS_INTERVAL_SECONDS: '60' }, 300_000, 'api/demo.ts')
  try {
    await waitForPrices(app)
    // Warm up (JIT, the harvesting view of the catalog), then time sequential requests.
    for (let i = 0; i < 50; i++) await Promise.all([post(`${app.url}/api/gas-calc`, GAS_SETUPS[i % 2]), post(`${app.url}/api/ore-calc`, ORE_SETUPS[i % 2])])
    for (let i = 0; i < 200; i++) {
      await (await post(`${app.url}/api/gas-calc`, GAS_SETUPS[i % 2])).arrayBuffer()
      await (await post(`${app.url}/api/ore-calc`, ORE_SETUPS[i % 2])).arrayBuffer()
    }
    await new Promise((r) => setTimeout(r, 300))
    const logged = app.output()
    const rows = ['/api/gas-calc', '/api/ore-calc'].map((route) => {
      const times = serverTimes(logged, route)
        .slice(-200)
        .sort((a, b) => a - b)
      return {
        endpoint: `POST ${route}`,
        requests: times.length,
        'median ms': percentile(times, 50),
        'p95 ms': percentile(times, 95),
        'p99 ms': percentile(times, 99),
        'max ms': times.at(-1),
      }
    })
    console.log(
      `\nServer time per request (sequential; targets: each under 10 ms (#7), p95 under 100 ms (#42)); 1-minute load average ${os.loadavg()[0].toFixed(1)}`,
    )
    console.table(rows)

    const headers = { 'Content-Type': 'application/json' }
    printLoad([
      await load('POST /api/gas-calc @300/s', `${app.url}/api/gas-calc`, {
        method: 'POST',
        body: JSON.stringify(GAS_SETUPS[1]),
        headers,
        overallRate: 300,
        connections: 20,
        durationSeconds: 10,
      }),
      await load('POST /api/ore-calc @300/s', `${app.url}/api/ore-calc`, {
        method: 'POST',
        body: JSON.stringify(ORE_SETUPS[1]),
        headers,
        overallRate: 300,
        connections: 20,
        durationSeconds: 10,
      }),
    ])
    console.log('target: p99 under 30 ms at 300 requests/s')
  } finally {
    await app.stop()
  }
}
