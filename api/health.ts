import { getHealth } from '../schemas/health-endpoints.js'
import { HealthResponse } from '../schemas/common.js'
import { probeClickHouse, type ClickHouseClient } from '../platform/clickhouse/client.js'
import type { ApiContext } from './app.js'
import type { ApiRouter } from './http/router.js'

/** How long the health check and the status page wait on the database: a hung database must read as down, not hold the answer. */
export const DB_TIMEOUT_MS = 5000

export function withinDbTimeout<T>(read: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DB_TIMEOUT_MS / 1000} s`)), DB_TIMEOUT_MS)
  })
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer))
}

/** A timed `SELECT 1` that gives up after DB_TIMEOUT_MS. */
export const probeDatabase = (ch: ClickHouseClient) =>
  withinDbTimeout(probeClickHouse(ch)).catch((err: Error) => ({ ok: false, ms: DB_TIMEOUT_MS, error: err.message }))

export function registerHealth(router: ApiRouter, ctx: ApiContext): void {
  router.route(
    getHealth,
    {
      summary: 'Liveness and database round trip',
      tags: ['Platform'],
      response: HealthResponse,
    },
    async ({ ctx: kctx }) => {
      const db = await probeDatabase(ctx.ch)
      kctx.set('Cache-Control', 'no-store')
      if (!db.ok) kctx.status = 503
      return {
        ok: db.ok,
        version: ctx.version,
        uptime_seconds: Math.round((Date.now() - ctx.startedAt) / 1000),
        db,
        stream: ctx.stream.kind,
        roles: ctx.config.ROLES,
      }
    },
  )
}
