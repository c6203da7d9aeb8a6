/**
 * Child process of bench/market.bench.ts: the ingest and pipelines roles only, fetching one region snapshot from
 * the fake ESI named by ESI_BASE_URL, then printing how long ingest + aggregation took and the peak memory.
 */
import { loadConfig } from '../schemas/config.js'
import { createAppContext } from '../api/boot.js'
import { createLogger } from '../platform/log.js'
import { startPipelines } from '../pipelines/index.js'
import { queryRows } from '../platform/clickhouse/client.js'
import { fetchRegionSnapshot } from '../ingest/market/orders-job.js'

const config = loadConfig({ ...process.env, ROLES: 'ingest,pipelines', SKIP_STATIC_IMPORT: '1' })
const ctx = await createAppContext(config, createLogger('warn'))
const pipelines = await startPipelines(ctx)
const regionId = Number(process.env.BENCH_REGION ?? 10000002)
const started = performance.now()
const outcome = await fetchRegionSnapshot(ctx, regionId)
const fetched = performance.now()
for (;;) {
  const [row] = await queryRows<{ n: string }>(ctx.ch, `SELECT count() AS n FROM market_snapshots FINAL WHERE region_id = {r:UInt32} AND status = 'complete'`, {
    r: regionId,
  })
  if (Number(row.n) > 0) break
  await new Promise((r) => setTimeout(r, 20))
}
const done = performance.now()
const [prices] = await queryRows<{ n: string }>(ctx.ch, 'SELECT count() AS n FROM market_prices_station_by_snapshot FINAL WHERE region_id = {r:UInt32}', {
  r: regionId,
})
console.log(
  JSON.stringify({
    outcome,
    fetchMs: Math.round(fetched - started),
    totalMs: Math.round(done - started),
    priceRows: Number(prices.n),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
)
await pipelines.stop()
await ctx.stream.close()
await ctx.ch.close()
process.exit(0)
