import { HealthResponse } from '../schemas/common.js'
import { probeClickHouse } from '../pipelines/clickhouse/client.js'
import type { ApiContext } from './app.js'
import type { ApiRouter } from './http/router.js'

export function registerHealth(router: ApiRouter, ctx: ApiContext): void {
  router.route(
    {
      method: 'get',
      path: '/api/health',
      summary: 'Liveness and database round trip',
      tags: ['Platform'],
      response: HealthResponse,
    },
    async ({ ctx: kctx }) => {
      const db = await probeClickHouse(ctx.ch)
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
