import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { HUBS, type EsiMarketOrder } from '../schemas/market.js'
import { startAppProcess } from '../platform/testing/app-process.js'
import { addMarketRoutes, createMarketState, setBook } from '../platform/fakes/esi/markets.js'
import { FakeEsi } from '../platform/fakes/esi/server.js'
import { addStatusRoutes } from '../platform/fakes/esi/status.js'
import { load, printLoad } from './lib.js'

/** A Forge-sized book: 400,000 orders over 12,000 types at Jita and in player structures. */
function forgeBook(size = 400_000): EsiMarketOrder[] {
  const orders: EsiMarketOrder[] = []
  for (let i = 0; i < size; i++) {
    const typeId = 1000 + (i % 12_000)
    const atJita = i % 3 !== 0
    const buy = i % 2 === 0
    orders.push({
      order_id: 5_000_000_000 + i,
      type_id: typeId,
      location_id: atJita ? 60003760 : 1_030_000_000_000 + (i % 40),
      system_id: 30000142,
      is_buy_order: buy,
      price: Math.round((100 + (typeId % 997) * 13 + (i % 17) * (buy ? -1 : 1)) * 100) / 100,
      volume_remain: 1 + ((i * 7919) % 5000),
      volume_total: 5000,
      min_volume: 1,
      range: 'region',
      duration: 90,
      issued: '2026-11-20T10:00:00Z',
    })
  }
  return orders
}

/**
 * The V8 heap flags the ingest and pipelines processes run with (package.json `start:ingest`/`start:pipelines`,
 * used by docker-compose): the child plays both roles, so it runs with the same flags. Without them V8 lets the
 * heap fill with the order pages' garbage before collecting, and the child peaks about 120 MB higher.
 */
const ROLE_HEAP_FLAGS =
  (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['start:pipelines'].match(/--max-[a-z-]+=\d+/g) ?? []

/** Issue #4 targets: a 400k-order snapshot ingested and aggregated < 10 s at < 512 MB; price lookups p99 < 20 ms at 500 req/s. */
export async function run() {
  const esi = new FakeEsi()
  const market = createMarketState()
  addStatusRoutes(esi, { current: { players: 1, server_version: '1', start_time: '2026-11-22T00:00:00Z' } })
  addMarketRoutes(esi, market)
  setBook(market, 10000002, forgeBook())
  for (const hub of HUBS.filter((h) => h.region_id !== 10000002))
    setBook(
      market,
      hub.region_id,
      forgeBook(20_000).map((o) => ({ ...o, location_id: o.location_id === 60003760 ? hub.station_id : o.location_id })),
    )
  await esi.start()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-bench-market-'))
  try {
    // async: the fake ESI lives in this process and must keep answering while the child runs
    const child = await promisify(execFile)(process.execPath, [...ROLE_HEAP_FLAGS, '--import', 'tsx', 'bench/market-ingest-child.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, ESI_BASE_URL: esi.url, LOG_LEVEL: 'warn' },
      maxBuffer: 16 << 20,
    })
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as { outcome: string; fetchMs: number; totalMs: number; priceRows: number; peakMB: number }
    console.log(
      `400,000-order snapshot (400 pages): ${r.outcome}; fetched+published ${r.fetchMs} ms, ingested and aggregated ${r.totalMs} ms (target < 10000 ms); ${r.priceRows} hub price rows; peak memory ${r.peakMB} MB with ${ROLE_HEAP_FLAGS.join(' ') || 'no heap flags'} (target < 512 MB)`,
    )

    const app = await startAppProcess({
      DATA_DIR: dataDir,
      ESI_BASE_URL: esi.url,
      SKIP_STATIC_IMPORT: '1',
      PRICE_API_RATE_LIMIT_PER_MINUTE: '1000000',
      ROLES: 'api,pipelines',
    })
    try {
      const deadline = Date.now() + 60_000
      for (;;) {
        const s = (await (await fetch(`${app.url}/api/prices/station?station_id=60003760&type_ids=1001`)).json()) as { rows: unknown[] }
        if (s.rows.length) break
        if (Date.now() > deadline) throw new Error('the api did not load the prices within 60 s')
        await new Promise((res) => setTimeout(res, 200))
      }
      const ids = Array.from({ length: 100 }, (_, i) => 1000 + i * 97).join(',')
      // warm up (JIT, connection pools) and let the engine finish merging the parts the ingest wrote
      await load('warm-up', `${app.url}/api/prices/station?station_id=60003760&type_ids=${ids}`, { overallRate: 500, connections: 20, durationSeconds: 5 })
      printLoad([
        await load('GET /api/prices/station (100 ids) at 500 req/s', `${app.url}/api/prices/station?station_id=60003760&type_ids=${ids}`, {
          overallRate: 500,
          connections: 20,
          durationSeconds: 10,
        }),
      ])
      console.log('target: p99 < 20 ms at 500 req/s')
    } finally {
      await app.stop()
    }
  } finally {
    await esi.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
