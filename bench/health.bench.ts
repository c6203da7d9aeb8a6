import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startAppProcess } from '../platform/testing/app-process.js'
import { load, printLoad } from './lib.js'
import { loadAverage, startBareKoa } from './bare.js'

/** Issue #44 item 2 target: /api/health from a cached probe at 10,000 req/s or more (bare Koa alongside). */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-bench-health-'))
  const app = await startAppProcess({ DATA_DIR: dataDir, SKIP_STATIC_IMPORT: '1', ROLES: 'api' })
  try {
    const url = `${app.url}/api/health`
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer())
    const bare = await startBareKoa(bytes)
    try {
      await load('warm-up', url, { connections: 50, durationSeconds: 3 })
      console.log(`load average before the runs: ${loadAverage()}`)
      const health = await load('GET /api/health', url, { connections: 50, durationSeconds: 8 })
      const baseline = await load('bare Koa, the same bytes', bare.url, { connections: 50, durationSeconds: 8 })
      printLoad([health, baseline])
      console.log(
        `/api/health: ${health.requestsPerSecond} req/s, p99 ${health.p99} ms (target ≥ 10,000 req/s); bare Koa ${baseline.requestsPerSecond} req/s; load average ${loadAverage()}`,
      )
    } finally {
      bare.stop()
    }
  } finally {
    await app.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
