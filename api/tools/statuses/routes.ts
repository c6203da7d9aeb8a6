import { getStatuses, getStatusesHistory } from '../../../schemas/statuses-endpoints.js'
import { HUBS } from '../../../schemas/market.js'
import { StatusesResponse, StatusHistoryResponse } from '../../../schemas/statuses.js'
import { esiUserAgent } from '../../../platform/esi/client.js'
import { latestImportAttempt } from '../../../platform/catalog/imports.js'
import type { ApiContext } from '../../app.js'
import { probeDatabase, withinDbTimeout } from '../../health.js'
import type { ApiRouter } from '../../http/router.js'
import { killmailFreshness, withZkill } from '../../common/killmail-freshness.js'
import { DependencyProbe, zkillProbe } from '../../common/dependencies.js'
import { hubPriceStatus, marketPipelineStatus, nextTick } from './pipeline-status.js'
import { ingestSchedules } from './schedules.js'
import { componentChecks, HISTORY_CHECK_SECONDS, recordChecks, statusHistory } from './history.js'
import { hubFreshness } from '../../../schemas/hubs.js'

export function register(router: ApiRouter, ctx: ApiContext): void {
  const ua = esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT)
  // Asked at most once per status check interval, and given up on within it: an ESI outage shows within one interval.
  const intervalMs = ctx.config.STATUS_INTERVAL_SECONDS * 1000
  const esiTimeoutMs = Math.min(5000, intervalMs / 2)
  const esi = new DependencyProbe(`${ctx.config.ESI_BASE_URL.replace(/\/$/, '')}/status/`, ua, intervalMs - esiTimeoutMs, esiTimeoutMs)
  const zkill = zkillProbe(ctx)
  const log = ctx.log.child({ component: 'statuses' })
  const freshness = killmailFreshness(ctx.ch, (err) => log.warn({ err }, 'killmail freshness unavailable; the last reading serves'))

  /** The whole status report: what the page shows now, and what each history check records. */
  const collect = async (): Promise<StatusesResponse> => {
    const errors: string[] = []
    const cadence = ctx.config.MARKET_CADENCE_MINUTES
    const snapshotAt = (stationId: number) => ctx.prices.snapshotOf(stationId)?.at ?? null
    const hubsRead = hubPriceStatus(ctx.ch, snapshotAt, cadence)
    hubsRead.catch(() => undefined) // read below, within the timeout; a late failure is no unhandled rejection
    // Without the database the rows still show the ages held in memory, judged by the same rule.
    const hubsP = withinDbTimeout(hubsRead).catch(() =>
      HUBS.map((h) => {
        const age = ctx.prices.ageSeconds(h.station_id)
        return {
          station_id: h.station_id,
          label: h.label,
          age_seconds: age,
          freshness_age_seconds: age,
          freshness: hubFreshness(age, cadence),
          last_checked_at: null,
          last_check: null,
          esi_unchanged_since: snapshotAt(h.station_id)?.toISOString() ?? null,
        }
      }),
    )
    const [hubs, db, esiStatus, zkillStatus, killmailFeed, pipeline, latestImport, schedules] = await Promise.all([
      hubsP,
      probeDatabase(ctx.ch),
      esi.status(),
      zkill.status(),
      withinDbTimeout(freshness.current()).catch((err: Error) => {
        errors.push(`Killmail feed state unavailable: ${err.message}`)
        return null
      }),
      // One timeout over both reads: the pipeline's state is judged by the hubs' freshness ages.
      withinDbTimeout(hubsRead.then((read) => marketPipelineStatus(ctx.ch, new Map(read.map((h) => [h.station_id, h.freshness_age_seconds])), cadence))).catch(
        (err: Error) => {
          errors.unshift(`Market pipeline state unavailable: ${err.message}`)
          // not STARTING: that would read as a fresh install while the database is what failed
          return { status: 'UNKNOWN' as const, detail: `The database could not say: ${err.message}` }
        },
      ),
      withinDbTimeout(latestImportAttempt(ctx.ch)).catch(() => null),
      withinDbTimeout(ingestSchedules(ctx.ch)).catch(() => []),
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
      prices: hubs,
      schedules,
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
  }

  router.route(
    getStatuses,
    {
      summary: 'Infrastructure status: uptime, database, market pipeline and killmail feed freshness, outside services, static data',
      tags: ['Status'],
      response: StatusesResponse,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      return collect()
    },
  )

  router.route(
    getStatusesHistory,
    {
      summary: 'Uptime over 24 h, 7 d, 30 d and 90 d per component, and the incidents of the last 90 days',
      description:
        "Components: site, database, market pipeline, killmail feed, ESI and zKillboard, each checked once a minute by every api process and kept 90 days. Uptime is the share of checks that found the component up (for the site, the share of minutes with a check since the first one: a minute the site was down recorded none); null when the window has no check. An incident runs from the first check that was not up (degraded, stale or down) to the next check that was up, with the first check's error; `ended_at` is null while it lasts.",
      tags: ['Status'],
      response: StatusHistoryResponse,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      return withinDbTimeout(statusHistory(ctx.ch))
    },
  )

  // Once a minute, the same checks the page shows are stored for the history (status_checks, kept 90 days).
  const record = () =>
    collect()
      .then((report) => recordChecks(ctx.ch, Date.now(), componentChecks(report)))
      .catch((err: Error) => log.warn({ err: err.message }, 'could not record the status checks'))
  const first = setTimeout(() => void record(), 5_000)
  const timer = setInterval(() => void record(), HISTORY_CHECK_SECONDS * 1000)
  first.unref()
  timer.unref()
  ctx.onShutdown?.(async () => {
    clearTimeout(first)
    clearInterval(timer)
  })
}
