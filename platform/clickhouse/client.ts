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
  const { createChdbConnection } = await import('chdb/connection')
  return createClient({ connection: createChdbConnection({ path: dir }), clickhouse_settings: settings } as Parameters<typeof createClient>[0])
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
