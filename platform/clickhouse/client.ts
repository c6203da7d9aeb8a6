import fs from 'node:fs'
import path from 'node:path'
import { createClient, type ClickHouseClient } from '@clickhouse/client'
import type { Config } from '../../schemas/config.js'

export type { ClickHouseClient }

/**
 * The one way to get a ClickHouse client. Embedded mode plugs chDB (the real ClickHouse engine, in process)
 * into @clickhouse/client, so the same SQL and the same client API run in both modes.
 * chDB allows one data path per process; the client is therefore created once at start and shared.
 */
export async function createClickHouse(
  config: Pick<Config, 'CLICKHOUSE_URL' | 'CLICKHOUSE_USER' | 'CLICKHOUSE_PASSWORD' | 'CLICKHOUSE_DATABASE' | 'DATA_DIR'>,
): Promise<ClickHouseClient> {
  const settings = { date_time_input_format: 'best_effort' as const }
  if (config.CLICKHOUSE_URL) {
    return createClient({
      url: config.CLICKHOUSE_URL,
      username: config.CLICKHOUSE_USER,
      password: config.CLICKHOUSE_PASSWORD,
      database: config.CLICKHOUSE_DATABASE,
      clickhouse_settings: settings,
    })
  }
  const dir = path.resolve(config.DATA_DIR, 'clickhouse')
  fs.mkdirSync(dir, { recursive: true })
  // Read by chDB's allocator when the library loads, so before the import; an operator's own setting stays.
  process.env.JE_MALLOC_CONF ??= CHDB_MALLOC_CONF
  const { createChdbConnection } = await import('chdb/connection')
  const client = createClient({ connection: createChdbConnection({ path: dir }), clickhouse_settings: settings } as Parameters<typeof createClient>[0])
  embedded.add(client)
  // Memory the engine freed while the process sits idle goes back too (see releaseFreedMemory), within seconds.
  const idle = setInterval(() => void releaseFreedMemory(client), IDLE_RELEASE_MS)
  idle.unref()
  const close = client.close.bind(client)
  client.close = async () => {
    clearInterval(idle)
    embedded.delete(client)
    await close()
  }
  return client
}

/**
 * chDB's jemalloc options (JE_MALLOC_CONF; ClickHouse's own build options stay, these are applied over them). No thread
 * caches: each of the engine's 60-odd threads kept its own cache of freed blocks, 17 MB in all at rest, which nothing
 * flushes while the thread idles. No allocation profiling: chDB samples a backtrace every 512 KB allocated for a
 * profiler nothing reads here. Together 10-15 MB less at rest for the all-in-one process, and no measurable CPU through
 * a Forge snapshot (bench/start.bench.ts, bench/market.bench.ts).
 */
export const CHDB_MALLOC_CONF = 'tcache:false,prof:false'

/** Clients on the in-process engine (chDB), whose memory is this process's. */
const embedded = new WeakSet<ClickHouseClient>()
const IDLE_RELEASE_MS = 10_000

/**
 * Give the memory the embedded engine has freed back to the system now. chDB allocates with jemalloc, which keeps
 * freed pages for reuse (5 s by the engine's settings, and longer when no thread allocates to age them out); the
 * ClickHouse server has a memory worker that purges them, chDB runs none. A market snapshot's inserts free a few MB
 * each, and the pages kept meanwhile were 40-70 MB of the ingest process's peak (bench/market.bench.ts). Costs about a
 * millisecond; does nothing with a ClickHouse server (its memory is not ours) and never throws.
 */
export async function releaseFreedMemory(ch: ClickHouseClient): Promise<void> {
  if (!embedded.has(ch)) return
  await ch.command({ query: 'SYSTEM JEMALLOC PURGE' }).catch(() => undefined)
}

/** Run a parameterised SELECT and return its rows. Values go in `params`, never into the SQL text. */
export async function queryRows<T>(ch: ClickHouseClient, query: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const rs = await ch.query({ query, query_params: params, format: 'JSONEachRow' })
  return rs.json<T>()
}

export interface DbHealth {
  ok: boolean
  ms: number
  error: string | null
}

/** Health probe for the status page: a round trip through the engine, timed. */
export async function probeClickHouse(ch: ClickHouseClient): Promise<DbHealth> {
  const started = performance.now()
  try {
    await queryRows(ch, 'SELECT 1 AS ok')
    return { ok: true, ms: Math.round((performance.now() - started) * 100) / 100, error: null }
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (err as Error).message }
  }
}
