import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startApp } from '../api/boot.js'
import { closeSystemNames, routesToHubs } from '../api/tools/thera/route.js'
import { feedAt } from '../api/tools/thera/feed.js'
import { readTheraState } from '../ingest/thera/store.js'
import { FakeEveScout } from '../platform/fakes/eve-scout/server.js'
import { createLogger } from '../platform/log.js'
import { loadConfig } from '../schemas/config.js'
import { seededRandom } from '../platform/fakes/seeded-random.js'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b)
  return { runs: s.length, 'p50 ms': +percentile(s, 50).toFixed(2), 'p95 ms': +percentile(s, 95).toFixed(2), 'max ms': +s.at(-1)!.toFixed(2) }
}

/**
 * Issue #41: the Thera route for any system in under 50 ms (p95). One app in this process (its own data directory,
 * static data imported once and kept), with the real recorded EVE-Scout feed from the loopback fake. Measures the
 * route itself for random systems of the whole map (known space and J-space), then `GET /api/thera/route` end to end
 * over HTTP, and an unknown name (the close-match search over every system name).
 */
export async function run() {
  const dataDir = path.resolve('var/bench-thera')
  fs.mkdirSync(dataDir, { recursive: true })
  const eveScout = new FakeEveScout()
  await eveScout.start()
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ZKILL_FEED_ENABLED: '0',
    EVE_SCOUT_BASE_URL: eveScout.url,
  })
  const app = await startApp(config, { log: createLogger('warn'), ingestSchedules: false })
  try {
    const url = app.api!.url
    let state = await readTheraState(app.ctx.ch)
    for (let i = 0; i < 100 && !state.listAt; i++) {
      await new Promise((r) => setTimeout(r, 200))
      state = await readTheraState(app.ctx.ch)
    }
    const catalog = app.ctx.catalog.current()
    const feed = feedAt(state, catalog, Date.now())
    const ids = [...catalog.systems.keys()]
    const random = seededRandom(41)
    const pick = () => ids[Math.floor(random() * ids.length)]
    console.log(`map: ${ids.length} systems; ${feed.connections.length} live connections; load average ${os.loadavg()[0].toFixed(1)}`)

    for (let i = 0; i < 50; i++) routesToHubs(catalog, pick(), feed.connections) // warm up (JIT, the gate graph)
    const inProcess: number[] = []
    for (let i = 0; i < 2000; i++) {
      const id = pick()
      const t0 = performance.now()
      routesToHubs(catalog, id, feed.connections)
      inProcess.push(performance.now() - t0)
    }
    const close: number[] = []
    for (let i = 0; i < 500; i++) {
      const typed = `${catalog.system(pick())!.name}x`
      const t0 = performance.now()
      closeSystemNames(catalog, typed)
      close.push(performance.now() - t0)
    }
    const http: number[] = []
    for (let i = 0; i < 300; i++) {
      const name = catalog.system(pick())!.name
      const t0 = performance.now()
      const res = await fetch(`${url}/api/thera/route?from=${encodeURIComponent(name)}`)
      await res.arrayBuffer()
      http.push(performance.now() - t0)
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`)
    }
    const unknown: number[] = []
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now()
      const res = await fetch(`${url}/api/thera/route?from=${encodeURIComponent(`${catalog.system(pick())!.name}x`)}`)
      await res.arrayBuffer()
      unknown.push(performance.now() - t0)
    }
    console.table([
      { measure: 'route, in process', ...summary(inProcess), target: 'p95 < 50 ms' },
      { measure: 'close matches, in process', ...summary(close), target: '' },
      { measure: 'GET /api/thera/route (HTTP)', ...summary(http), target: 'p95 < 50 ms' },
      { measure: 'unknown name (close matches, HTTP)', ...summary(unknown), target: 'p95 < 50 ms' },
    ])
  } finally {
    await app.stop()
    await eveScout.close()
  }
}
