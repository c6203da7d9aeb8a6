import { HUBS } from '../../../schemas/market.js'
import { StatusesResponse } from '../../../schemas/statuses.js'
import { probeClickHouse } from '../../../pipelines/clickhouse/client.js'
import { esiUserAgent } from '../../../ingest/esi/client.js'
import type { ApiContext } from '../../app.js'
import type { ApiRouter } from '../../http/router.js'
import { DependencyProbe } from './dependencies.js'
import { marketPipelineStatus, nextTick } from './pipeline-status.js'

export function register(router: ApiRouter, ctx: ApiContext): void {
  const ua = esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT)
  const esi = new DependencyProbe(`${ctx.config.ESI_BASE_URL.replace(/\/$/, '')}/status/`, ua)
  const zkill = new DependencyProbe(`${ctx.config.ZKILL_R2Z2_URL.replace(/\/$/, '')}/ephemeral/sequence.json`, ua)

  router.route(
    {
      method: 'get',
      path: '/api/statuses',
      summary: 'Infrastructure status: uptime, database, market pipeline freshness, outside services, static data',
      tags: ['Status'],
      response: StatusesResponse,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      const ages = new Map(HUBS.map((h) => [h.station_id, ctx.prices.ageSeconds(h.station_id)]))
      const [db, esiStatus, zkillStatus] = await Promise.all([probeClickHouse(ctx.ch), esi.status(), zkill.status()])
      let pipeline: { status: 'OK' | 'DEGRADED' | 'STALE' | 'STARTING'; detail: string } = { status: 'STARTING', detail: '' }
      let error: string | null = null
      try {
        pipeline = await marketPipelineStatus(ctx.ch, ages, ctx.config.MARKET_CADENCE_MINUTES)
      } catch (err) {
        error = `Market pipeline state unavailable: ${(err as Error).message}`
      }
      const online = ctx.hub.latest('online')
      const catalog = ctx.catalog.ready ? ctx.catalog.current() : null
      return {
        now: new Date().toISOString(),
        uptime_seconds: Math.round((Date.now() - ctx.startedAt) / 1000),
        version: ctx.version,
        db,
        build: { env: ctx.config.NODE_ENV, demo: ctx.config.DEMO },
        pipeline,
        cadence_minutes: ctx.config.MARKET_CADENCE_MINUTES,
        next_expected_update: nextTick(ctx.config.MARKET_CADENCE_MINUTES).toISOString(),
        prices: HUBS.map((h) => ({ station_id: h.station_id, label: h.label, age_seconds: ages.get(h.station_id) ?? null })),
        deps: { esi: esiStatus, zkill: zkillStatus },
        online: { players: online?.players ?? null, at: online?.at ?? null },
        static_data: {
          ready: !!catalog,
          sde_version: catalog?.summary.sdeVersion ?? null,
          imported_at: catalog?.importedAt ?? null,
          datasets: catalog?.datasets ?? [],
        },
        error,
      }
    },
  )
}
