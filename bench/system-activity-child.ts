/**
 * Child process of bench/system-activity.bench.ts: the ingest and pipelines roles only (embedded mode), running the
 * hourly activity ingest once against the fake ESI named by ESI_BASE_URL, then printing how long fetch, publish and
 * storage took and the peak memory. With BENCH_SEED_DAYS it then fills 30 days of hourly rows for 8,000 systems for
 * the endpoint's half of the benchmark.
 */
import { loadConfig } from '../schemas/config.js'
import { createAppContext } from '../api/boot.js'
import { createLogger } from '../platform/log.js'
import { startPipelines } from '../pipelines/index.js'
import { queryRows } from '../platform/clickhouse/client.js'
import { fetchSystemActivity } from '../ingest/system-activity/job.js'

const config = loadConfig({ ...process.env, ROLES: 'ingest,pipelines', SKIP_STATIC_IMPORT: '1' })
const ctx = await createAppContext(config, createLogger('warn'))
const pipelines = await startPipelines(ctx)
const rssBefore = Math.round(process.memoryUsage().rss / 1024 / 1024)
// The JS heap's peak during the run, sampled (RSS also holds chDB's engine, which a distributed ingest process has not).
let heapPeak = process.memoryUsage().heapUsed
const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5)
const started = performance.now()
const results = [await fetchSystemActivity(ctx, 'kills'), await fetchSystemActivity(ctx, 'jumps')]
const published = performance.now()
for (;;) {
  const [row] = await queryRows<{ n: string }>(ctx.ch, 'SELECT count() AS n FROM system_activity_answers')
  if (Number(row.n) >= 2) break
  await new Promise((r) => setTimeout(r, 20))
}
const stored = performance.now()
clearInterval(sampler)
const [rows] = await queryRows<{ n: string }>(ctx.ch, 'SELECT uniqExact(solar_system_id) AS n FROM system_activity_hourly')
const peakMB = Math.round(process.resourceUsage().maxRSS / 1024)

const days = Number(process.env.BENCH_SEED_DAYS ?? 0)
let seedMs = 0
if (days > 0) {
  // 30 days of hours for 8,000 systems, counts varied by system and hour; each hour also recorded as answered.
  const seedStart = performance.now()
  const hours = days * 24
  await ctx.ch.command({
    query: `INSERT INTO system_activity_hourly
      SELECT 30000001 + (number % 8000) AS solar_system_id,
             toStartOfHour(now()) - toIntervalHour(intDiv(number, 8000) + 1) AS hour,
             (number * 7919) % 400, (number * 31) % 7, (number * 17) % 3, (number * 13) % 2000
      FROM numbers(${8000 * hours})`,
  })
  await ctx.ch.command({
    query: `INSERT INTO system_activity_answers
      SELECT source, toStartOfHour(now()) - toIntervalHour(number + 1) + toIntervalMinute(40), 8000, now64(3)
      FROM numbers(${hours}) ARRAY JOIN ['kills', 'jumps'] AS source`,
  })
  await ctx.ch.command({ query: 'OPTIMIZE TABLE system_activity_hourly FINAL' })
  seedMs = Math.round(performance.now() - seedStart)
}
const [total] = await queryRows<{ n: string }>(ctx.ch, 'SELECT count() AS n FROM system_activity_hourly')
console.log(
  JSON.stringify({
    outcomes: results.map((r) => r.detail),
    publishMs: Math.round(published - started),
    totalMs: Math.round(stored - started),
    systemRows: Number(rows.n),
    rssBeforeMB: rssBefore,
    peakMB,
    heapPeakMB: Math.round(heapPeak / 1024 / 1024),
    seedMs,
    storedRows: Number(total.n),
  }),
)
await pipelines.stop()
await ctx.stream.close()
await ctx.ch.close()
process.exit(0)
