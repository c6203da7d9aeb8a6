import { getByName } from '../../../schemas/killtracker-endpoints.js'
import { NAME_BUDGET_MS, resolveNames } from '../../../platform/esi/names.js'
import { KillTrackerResponse, TrackerParams, TrackerPath, type TrackerEntry } from '../../../schemas/kill-tracker.js'
import { systemClassLabel } from '../../../schemas/killfeed-constants.js'
import { TRACKER_CACHE_SECONDS, TRACKER_WINDOW_DAYS, zkillCharacterUrl, zkillKillUrl } from '../../../schemas/killmail-constants.js'
import type { ApiContext } from '../../app.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { zkillProbe } from '../../common/dependencies.js'
import { answerFeed, killmailFreshness, wholeDaysAgo } from '../../common/killmail-freshness.js'
import { findTrackedPlayer, readActivity, type TrackedPlayer } from './store.js'
import { summarize, type ListedKill } from './summary.js'

/** Per client IP; a page load is one call and answers are cached, so this only stops scripted guessing of names. */
export const TRACKER_RATE_LIMIT = { points: 120, durationSeconds: 60 }
/** How long an answer without every character's name is reused (the full TRACKER_CACHE_SECONDS otherwise). */
export const INCOMPLETE_CACHE_SECONDS = 5

/**
 * `GET /api/{name}`: the kill tracker of a tracked player. The path is a catch-all under /api/, so this module is
 * registered after every other route (`catchAllRoutes` in api/tools/index.ts): an /api path another route owns never
 * reaches it, and a name that is no tracked player falls through to the usual JSON 404.
 */
export function register(router: ApiRouter, ctx: ApiContext) {
  const log = ctx.log.child({ component: 'kill-tracker' })
  const cache = new Map<string, { expires: number; body: Omit<KillTrackerResponse, 'feed'> }>()
  const freshness = killmailFreshness(ctx.ch, (err) => log.warn({ err }, 'killmail freshness unavailable; the last reading serves'))
  const zkill = zkillProbe(ctx)

  const shipName = (typeId: number): string | null => {
    if (!ctx.catalog.ready) return null
    return ctx.catalog.current().type(typeId)?.name ?? null
  }
  const system = (systemId: number): TrackerEntry['system'] => {
    const s = ctx.catalog.ready ? ctx.catalog.current().system(systemId) : undefined
    return { id: systemId, name: s?.name ?? null, class_label: systemClassLabel(s?.class_id) }
  }
  const entry = (k: ListedKill): TrackerEntry => ({
    id: k.killmailId,
    time: new Date(k.timeMs).toISOString(),
    ship: { id: k.shipTypeId, name: shipName(k.shipTypeId), icon: `${ctx.config.IMAGE_SERVER_URL.replace(/\/$/, '')}/types/${k.shipTypeId}/render?size=32` },
    value: k.value,
    url: zkillKillUrl(ctx.config.ZKILL_BASE_URL, k.killmailId),
    system: system(k.systemId),
  })

  const build = async (player: TrackedPlayer): Promise<Omit<KillTrackerResponse, 'feed'>> => {
    const now = new Date()
    const [{ rows, lastDeathMs }, names] = await Promise.all([
      readActivity(ctx.ch, player.characterIds, now),
      resolveNames(ctx.ch, ctx.esi, player.characterIds, log, { signal: AbortSignal.timeout(NAME_BUDGET_MS) }).catch((err) => {
        log.warn({ err }, 'character names unavailable')
        return new Map<number, string>()
      }),
    ])
    const facts = summarize(rows)
    return {
      name: player.displayName,
      path: player.path,
      characters: player.characterIds,
      charactersDetailed: player.characterIds.flatMap((id) => {
        const name = names.get(id)
        return name ? [{ id, name, url: zkillCharacterUrl(ctx.config.ZKILL_BASE_URL, id) }] : []
      }),
      lastDeath: {
        daysSince: lastDeathMs === null ? null : wholeDaysAgo(lastDeathMs, now.getTime()),
        iso: lastDeathMs === null ? null : new Date(lastDeathMs).toISOString(),
      },
      last7d: facts.last7d,
      lists: { kills: facts.kills.map(entry), losses: facts.losses.map(entry) },
      meta: { fetchedAt: now.toISOString() },
    }
  }

  router.route(
    getByName,
    {
      summary: "A tracked player's kill tracker: last death, 7-day kills, losses and ISK",
      description:
        `The path is the tracked player's (set in the killfeed admin). Kills and losses of all their characters over the last ${TRACKER_WINDOW_DAYS} days, ` +
        `from the stored zKillboard killmails. Answers are reused for ${TRACKER_CACHE_SECONDS} seconds. Any name that is not a tracked player is a 404. ` +
        `Limited to ${TRACKER_RATE_LIMIT.points} requests per minute per client IP.`,
      tags: ['Kill tracker'],
      params: TrackerParams,
      response: KillTrackerResponse,
      errors: { 404: 'No tracked player at this path', 429: 'Too many requests' },
      before: [rateLimit({ ...TRACKER_RATE_LIMIT, message: 'Too many kill tracker requests' })],
    },
    async ({ params, ctx: kctx }) => {
      // Not a tracked player's path: answer nothing, so the error handler's usual JSON 404 goes out.
      if (!TrackerPath.safeParse(params.name).success) return
      const key = params.name.toLowerCase()
      let cached = cache.get(key)
      if (!cached || cached.expires <= Date.now()) {
        const player = await findTrackedPlayer(ctx.ch, params.name)
        if (!player) return
        const body = await build(player)
        // An answer missing character names (ESI slow or down) is kept only briefly, so a Refresh can complete it.
        const complete = body.charactersDetailed.length === body.characters.length
        cached = { expires: Date.now() + (complete ? TRACKER_CACHE_SECONDS : INCOMPLETE_CACHE_SECONDS) * 1000, body }
        cache.set(key, cached)
        if (cache.size > 1000) for (const [k, v] of cache) if (v.expires <= Date.now()) cache.delete(k)
      }
      kctx.set('Cache-Control', `public, max-age=${Math.max(0, Math.round((cached.expires - Date.now()) / 1000))}`)
      // The feed state is not kept with the answer: it is cached on its own (30 s), so a recovery shows at once.
      return { ...cached.body, feed: await answerFeed(freshness, zkill) }
    },
  )
}
