import { getKillboardActivityBySolarsystemid, getKillboardSummaryBySolarsystemid } from '../../../schemas/killboard-endpoints.js'
import { NAME_BUDGET_MS, resolveNames } from '../../../platform/esi/names.js'
import { KILLBOARD_WINDOW_DAYS } from '../../../schemas/killmail-constants.js'
import { KillboardActivity, KillboardSummary, SolarSystemParams } from '../../../schemas/killboard.js'
import type { ApiContext } from '../../app.js'
import { HttpError } from '../../../platform/http/errors.js'
import type { ApiRouter } from '../../http/router.js'
import { zkillProbe } from '../../common/dependencies.js'
import { answerFeed, daysSince, killmailFreshness } from '../../common/killmail-freshness.js'
import { readActivity, readSummary } from './queries.js'

/** Answers can be reused briefly: new kills move these numbers slowly. */
const CACHE_CONTROL = 'public, max-age=60'

export function register(router: ApiRouter, ctx: ApiContext) {
  const log = ctx.log.child({ component: 'killboard' })
  const freshness = killmailFreshness(ctx.ch, (err) => log.warn({ err }, 'killmail freshness unavailable; the last reading serves'))
  const zkill = zkillProbe(ctx)

  /** A system id the static data does not know is a 404; without static data yet, any id is looked up. */
  const checkSystem = (id: number) => {
    if (!ctx.catalog.ready) return
    if (!ctx.catalog.current().system(id)) throw new HttpError(404, `No solar system with id ${id}`)
  }

  router.route(
    getKillboardSummaryBySolarsystemid,
    {
      summary: "A system's killboard summary: kills, days covered, latest kill and the most active corporations",
      description:
        `Counts come from the stored killmails (zKillboard feed and backfill) over the last ${KILLBOARD_WINDOW_DAYS} UTC days, or fewer ` +
        'when our data starts later (daysCovered). Corporations are player corporations on any kill here, as victim or attacker.',
      tags: ['Killboard'],
      params: SolarSystemParams,
      response: KillboardSummary,
      errors: { 404: 'Unknown solar system' },
    },
    async ({ params, ctx: kctx }) => {
      checkSystem(params.solarsystemid)
      const now = new Date()
      const [facts, feed] = await Promise.all([readSummary(ctx.ch, params.solarsystemid, now), answerFeed(freshness, zkill)])
      const names = await resolveNames(
        ctx.ch,
        ctx.esi,
        facts.corporations.map((c) => c.id),
        log,
        { signal: AbortSignal.timeout(NAME_BUDGET_MS) },
      ).catch((err) => {
        log.warn({ err }, 'corporation names unavailable')
        return new Map<number, string>()
      })
      kctx.set('Cache-Control', CACHE_CONTROL)
      return {
        solarsystemid: params.solarsystemid,
        totalKills: facts.totalKills,
        daysCovered: facts.daysCovered,
        windowDays: KILLBOARD_WINDOW_DAYS,
        mostRecentKillDaysAgo: facts.mostRecentKillMs === null ? null : daysSince(facts.mostRecentKillMs, now.getTime()),
        activeCorporations: facts.corporations.map((c) => ({
          id: c.id,
          name: names.get(c.id) ?? null,
          activeDays: c.activeDays,
          lastSeenDaysAgo: daysSince(c.lastSeenMs, now.getTime()),
        })),
        feed,
      }
    },
  )

  router.route(
    getKillboardActivityBySolarsystemid,
    {
      summary: "A system's activity heatmap: kills per UTC weekday and hour",
      description: `Over the same days as the killboard summary (at most the last ${KILLBOARD_WINDOW_DAYS} UTC days).`,
      tags: ['Killboard'],
      params: SolarSystemParams,
      response: KillboardActivity,
      errors: { 404: 'Unknown solar system' },
    },
    async ({ params, ctx: kctx }) => {
      checkSystem(params.solarsystemid)
      const [activity, feed] = await Promise.all([readActivity(ctx.ch, params.solarsystemid, new Date()), answerFeed(freshness, zkill)])
      kctx.set('Cache-Control', CACHE_CONTROL)
      return { solarsystemid: params.solarsystemid, ...activity, feed }
    },
  )
}
