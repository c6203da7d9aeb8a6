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

/** How long one database probe answers for every health check: at most one probe a second, whatever the traffic. */
export const HEALTH_PROBE_TTL_MS = 1000

/**
 * The database probe behind `/api/health`, shared: a result younger than `ttlMs` is answered again, and callers that
 * arrive while a probe runs wait for that same probe. A load balancer's or a flood's health checks then cost the
 * database one `SELECT 1` a second, not one each.
 */
export function cachedProbe<T>(probe: () => Promise<T>, ttlMs = HEALTH_PROBE_TTL_MS, now = () => Date.now()): () => Promise<T> {
  let last: { at: number; result: T } | null = null
  let inflight: Promise<T> | null = null
  return () => {
    if (last && now() - last.at < ttlMs) return Promise.resolve(last.result)
    inflight ??= probe()
      .then((result) => {
        last = { at: now(), result }
        return result
      })
      .finally(() => (inflight = null))
    return inflight
  }
}

export function registerHealth(router: ApiRouter, ctx: ApiContext): void {
  const dbProbe = cachedProbe(() => probeDatabase(ctx.ch))
  router.route(
    getHealth,
    {
      summary: 'Liveness and database round trip',
      tags: ['Platform'],
      response: HealthResponse,
    },
    async ({ ctx: kctx }) => {
      const db = await dbProbe()
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
