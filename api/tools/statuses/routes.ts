import { HUBS } from '../../../schemas/market.js'
import { StatusesResponse } from '../../../schemas/statuses.js'
import { probeClickHouse } from '../../../pipelines/clickhouse/client.js'
import { esiUserAgent } from '../../../ingest/esi/client.js'
import type { ApiContext } from '../../app.js'
import type { ApiRouter } from '../../http/router.js'
import { killmailFreshness } from '../killboard/freshness.js'
import { DependencyProbe } from './dependencies.js'
import { marketPipelineStatus, nextTick } from './pipeline-status.js'

export function register(router: ApiRouter, ctx: ApiContext): void {
  const ua = esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT)
  const esi = new DependencyProbe(`${ctx.config.ESI_BASE_URL.replace(/\/$/, '')}/status/`, ua)
  const zkill = new DependencyProbe(`${ctx.config.ZKILL_R2Z2_URL.replace(/\/$/, '')}/ephemeral/sequence.json`, ua)
  const log = ctx.log.child({ component: 'statuses' })
  const freshness = killmailFreshness(ctx.ch, (err) => log.warn({ err }, 'killmail freshness unavailable; the last reading serves'))

  router.route(
    {
      method: 'get',
      path: '/api/statuses',
      summary: 'Infrastructure status: uptime, database, market pipeline and killmail feed freshness, outside services, static data',
      tags: ['Status'],
      response: StatusesResponse,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      const ages = new Map(HUBS.map((h) => [h.station_id, ctx.prices.ageSeconds(h.station_id)]))
      const errors: string[] = []
      const [db, esiStatus, zkillStatus, killmailFeed] = await Promise.all([
        probeClickHouse(ctx.ch),
        esi.status(),
        zkill.status(),
        freshness.current().catch((err: Error) => {
          errors.push(`Killmail feed state unavailable: ${err.message}`)
          return null
        }),
      ])
      let pipeline: { status: 'OK' | 'DEGRADED' | 'STALE' | 'STARTING'; detail: string } = { status: 'STARTING', detail: '' }
      try {
        pipeline = await marketPipelineStatus(ctx.ch, ages, ctx.config.MARKET_CADENCE_MINUTES)
      } catch (err) {
        errors.unshift(`Market pipeline state unavailable: ${(err as Error).message}`)
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
        killmail_feed: killmailFeed,
        online: { players: online?.players ?? null, at: online?.at ?? null },
        static_data: {
          ready: !!catalog,
          sde_version: catalog?.summary.sdeVersion ?? null,
          imported_at: catalog?.importedAt ?? null,
          datasets: catalog?.datasets ?? [],
        },
        error: errors.length ? errors.join('; ') : null,
      }
    },
  )
}
