import { getStatuses } from '../../../schemas/statuses-endpoints.js'
import { HUBS } from '../../../schemas/market.js'
import { StatusesResponse } from '../../../schemas/statuses.js'
import { esiUserAgent } from '../../../platform/esi/client.js'
import { latestImportAttempt } from '../../../platform/catalog/imports.js'
import type { ApiContext } from '../../app.js'
import { probeDatabase, withinDbTimeout } from '../../health.js'
import type { ApiRouter } from '../../http/router.js'
import { killmailFreshness, withZkill } from '../../common/killmail-freshness.js'
import { DependencyProbe, zkillProbe } from '../../common/dependencies.js'
import { marketPipelineStatus, nextTick } from './pipeline-status.js'

export function register(router: ApiRouter, ctx: ApiContext): void {
  const ua = esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT)
  const esi = new DependencyProbe(`${ctx.config.ESI_BASE_URL.replace(/\/$/, '')}/status/`, ua)
  const zkill = zkillProbe(ctx)
  const log = ctx.log.child({ component: 'statuses' })
  const freshness = killmailFreshness(ctx.ch, (err) => log.warn({ err }, 'killmail freshness unavailable; the last reading serves'))

  router.route(
    getStatuses,
    {
      summary: 'Infrastructure status: uptime, database, market pipeline and killmail feed freshness, outside services, static data',
      tags: ['Status'],
      response: StatusesResponse,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      const ages = new Map(HUBS.map((h) => [h.station_id, ctx.prices.ageSeconds(h.station_id)]))
      const errors: string[] = []
      const [db, esiStatus, zkillStatus, killmailFeed, pipeline, latestImport] = await Promise.all([
        probeDatabase(ctx.ch),
        esi.status(),
        zkill.status(),
        withinDbTimeout(freshness.current()).catch((err: Error) => {
          errors.push(`Killmail feed state unavailable: ${err.message}`)
          return null
        }),
        withinDbTimeout(marketPipelineStatus(ctx.ch, ages, ctx.config.MARKET_CADENCE_MINUTES)).catch((err: Error) => {
          errors.unshift(`Market pipeline state unavailable: ${err.message}`)
          // not STARTING: that would read as a fresh install while the database is what failed
          return { status: 'UNKNOWN' as const, detail: `The database could not say: ${err.message}` }
        }),
        withinDbTimeout(latestImportAttempt(ctx.ch)).catch(() => null),
      ])
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
        killmail_feed: killmailFeed && withZkill(killmailFeed, zkillStatus),
        online: { players: online?.players ?? null, at: online?.at ?? null },
        static_data: {
          ready: !!catalog,
          sde_version: catalog?.summary.sdeVersion ?? null,
          imported_at: catalog?.importedAt ?? null,
          datasets: catalog?.datasets ?? [],
          latest_import: latestImport,
        },
        error: errors.length ? errors.join('; ') : null,
      }
    },
  )
}
