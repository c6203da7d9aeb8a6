/**
 * Child process of bench/market.bench.ts: the ingest and pipelines roles only, fetching one region snapshot from
 * the fake ESI named by ESI_BASE_URL, then printing how long ingest + aggregation took and the peak memory.
 * With BENCH_TRACE=1 it also samples its memory every 25 ms and prints, on stderr, the peak of each phase and a
 * sample every 500 ms: the V8 heap, memory outside it held by JS (external, of which array buffers), the RSS split into
 * anonymous and file-backed (the pages of chDB's library), and every 250 ms what the engine says: its own memory
 * accounting, jemalloc's allocated and resident bytes (resident minus allocated: freed pages not yet given back), the
 * active parts of market_orders; then the CPU seconds of each thread. The probe costs a little memory and CPU itself.
 */
import fs from 'node:fs'
import { loadConfig } from '../schemas/config.js'
import { createAppContext } from '../api/boot.js'
import { createLogger } from '../platform/log.js'
import { startPipelines } from '../pipelines/index.js'
import { queryRows } from '../platform/clickhouse/client.js'
import { fetchRegionSnapshot } from '../ingest/market/orders-job.js'

interface Sample {
  phase: string
  ms: number
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  anon: number
  file: number
  /** What the engine's own accounting says it holds (system.metrics MemoryTracking), and its active parts. */
  engine?: number
  parts?: number
  /** jemalloc (chDB's allocator): bytes allocated, and resident (allocated + freed pages not yet given back). */
  jeAllocated?: number
  jeResident?: number
}

const trace = process.env.BENCH_TRACE === '1'
const samples: Sample[] = []
let phase = 'boot'
const t0 = performance.now()
function sample(): void {
  const m = process.memoryUsage()
  const status = fs.readFileSync('/proc/self/status', 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
  const mb = (b: number) => Math.round(b / 1048576)
  samples.push({
    phase,
    ms: Math.round(performance.now() - t0),
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    anon: mb(kb('RssAnon')),
    file: mb(kb('RssFile')),
    engine: mb(engine.bytes),
    parts: engine.parts,
    jeAllocated: mb(engine.jeAllocated),
    jeResident: mb(engine.jeResident),
  })
}
const sampler = trace ? setInterval(sample, 25) : null
let engine = { bytes: 0, parts: 0, jeAllocated: 0, jeResident: 0 }

const config = loadConfig({ ...process.env, ROLES: 'ingest,pipelines', SKIP_STATIC_IMPORT: '1' })
const ctx = await createAppContext(config, createLogger('warn'))
const pipelines = await startPipelines(ctx)
const engineProbe = trace
  ? setInterval(() => {
      void queryRows<{ bytes: string; parts: string; je: string }>(
        ctx.ch,
        `SELECT (SELECT value FROM system.metrics WHERE metric = 'MemoryTracking') AS bytes,
          (SELECT count() FROM system.parts WHERE active AND table = 'market_orders') AS parts,
          (SELECT extract(stats, 'Allocated: [^\\n]*') FROM system.jemalloc_stats) AS je`,
      ).then(([r]) => {
        const je = (key: string) => Number(new RegExp(`${key}: (\\d+)`).exec(r.je)?.[1] ?? 0)
        engine = { bytes: Number(r.bytes), parts: Number(r.parts), jeAllocated: je('Allocated'), jeResident: je('resident') }
      })
    }, 250)
  : null
const regionId = Number(process.env.BENCH_REGION ?? 10000002)
if (trace) sample()
phase = 'fetch'
const started = performance.now()
const cpuBefore = process.cpuUsage()
const outcome = await fetchRegionSnapshot(ctx, regionId)
const fetched = performance.now()
phase = 'aggregate'
for (;;) {
  const [row] = await queryRows<{ n: string }>(ctx.ch, `SELECT count() AS n FROM market_snapshots FINAL WHERE region_id = {r:UInt32} AND status = 'complete'`, {
    r: regionId,
  })
  if (Number(row.n) > 0) break
  await new Promise((r) => setTimeout(r, 20))
}
const done = performance.now()
const cpu = process.cpuUsage(cpuBefore)
if (trace) {
  // CPU seconds of each thread of this process by name: the main (JS) thread, libuv's, V8's and chDB's.
  const byName = new Map<string, number>()
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const name = tid === String(process.pid) ? 'main (JS)' : /\((.*)\)/.exec(stat)![1].replace(/[0-9]+$/, '#')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    byName.set(name, (byName.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) / 100)
  }
  console.error('CPU s by thread:', JSON.stringify(Object.fromEntries([...byName].sort((a, b) => b[1] - a[1]).filter(([, s]) => s >= 0.05))))
}
phase = 'done'
if (trace) sample()
const [prices] = await queryRows<{ n: string }>(ctx.ch, 'SELECT count() AS n FROM market_prices_station_by_snapshot FINAL WHERE region_id = {r:UInt32}', {
  r: regionId,
})
if (sampler) {
  clearInterval(sampler)
  clearInterval(engineProbe!)
  const peakOf = (list: Sample[]) => list.reduce((a, b) => (b.rss > a.rss ? b : a))
  const rows = ['boot', 'fetch', 'aggregate', 'done'].map((p) => samples.filter((s) => s.phase === p)).filter((l) => l.length)
  console.error('peak RSS of each phase (MB):')
  console.error(rows.map((l) => JSON.stringify(peakOf(l))).join('\n'))
  console.error('every 500 ms (MB):')
  console.error(
    samples
      .filter((_, i) => i % 20 === 0)
      .map((s) => JSON.stringify(s))
      .join('\n'),
  )
}
console.log(
  JSON.stringify({
    outcome,
    fetchMs: Math.round(fetched - started),
    totalMs: Math.round(done - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    priceRows: Number(prices.n),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
)
await pipelines.stop()
await ctx.stream.close()
await ctx.ch.close()
process.exit(0)
