import {
  deleteAdminTrackedPlayersByPath,
  deleteKillfeedRoutesById,
  deleteKillfeedTrackedByItemTypeByEntityId,
  getAdminTrackedPlayers,
  getKillfeedPlaces,
  getKillfeedRecent,
  getKillfeedResolve,
  getKillfeedRoutes,
  getKillfeedRoutesByIdLog,
  getKillfeedTracked,
  getLiveKills,
  getLiveKillsPlaces,
  patchKillfeedRoutesById,
  postAdminTrackedPlayers,
  postKillfeedRoutes,
  postKillfeedRoutesByIdTest,
  postKillfeedRoutesPreview,
  postKillfeedTracked,
  putAdminTrackedPlayersByPath,
} from '../../../schemas/killfeed-endpoints.js'
import { z } from 'zod'
import type { ApiContext } from '../../app.js'
import { requireAdmin } from '../../auth/middleware.js'
import { badRequest, describeZodError, HttpError, notFound } from '../../../platform/http/errors.js'
import type { ApiRouter } from '../../http/router.js'
import { rateLimit } from '../../http/rate-limit.js'
import { EsiNameCache } from '../../../platform/esi/names.js'
import { OkResponse } from '../../../schemas/auth.js'
import { filtersFromQuery, splitWebhookList, maskWebhook } from '../../../schemas/killfeed-constants.js'
import { filterToWire, killPasses, liveKillFacts } from '../../../schemas/killfeed-match.js'
import {
  LiveKillList,
  LiveKillsQuery,
  PlaceList,
  PlaceQuery,
  PlayerPathParams,
  RecentKillsQuery,
  RecentPostList,
  ResolveQuery,
  ResolveResult,
  Route,
  RouteCreate,
  RouteId,
  RouteFilters,
  RouteList,
  RouteLog,
  RoutePatch,
  RoutePreview,
  RoutePreviewRequest,
  TestPostResult,
  TrackedItem,
  TrackedKey,
  TrackedList,
  TrackedPlayer,
  TrackedPlayerCreate,
  TrackedPlayerFields,
  TrackedPlayerList,
} from '../../../schemas/killfeed.js'
import { recentPosts, routeLog, TEST_POST_KILLMAIL_ID, webhookHealth, webhookId, writeDeliveries } from '../../../pipelines/killfeed/deliveries.js'
import { DiscordWebhookClient } from '../../../pipelines/killfeed/discord.js'
import { testMessage } from '../../../pipelines/killfeed/embed.js'
import { compileFilters, EMPTY_WORLD, needsWorld, type CompiledFilter } from '../../../pipelines/killfeed/filters.js'
import { previewRoute } from '../../../pipelines/killfeed/preview.js'
import { filterWorld } from '../../../pipelines/killfeed/router.js'
import { esiUserAgent } from '../../../platform/esi/client.js'
import { recentLiveKills } from '../../../pipelines/killfeed/live-store.js'
import {
  createRoute,
  deleteRoute,
  disableRoute,
  deleteTracked,
  getRoute,
  listRoutes,
  listTracked,
  saveTracked,
  updateRoute,
} from '../../../pipelines/killfeed/store.js'
import { findPlayer, listPlayers, savePlayer, takenPathSegments } from './players.js'
import { resolveEntities, storedNames } from './resolve.js'
import { placeNames, searchPlaces } from './places.js'

const tags = ['Admin']
/** Per client IP: a search is one call per pause in typing. */
const PLACES_RATE_LIMIT = { points: 120, durationSeconds: 60 }
/** How many of the live killfeed's newest kills a filtered read looks through. */
export const LIVE_FILTER_SCAN = 5000

const MODE_WORDS: Record<Route['mode'], string> = { both: 'kills and losses', kills: 'kills', losses: 'losses' }

type RouteShape = Pick<Route, 'item_type' | 'entity_id' | 'mode' | 'webhook_url' | 'filters'>
/** A system route takes every kill in the system, whatever its mode. Routes with other filters are other routes. */
const sameRoute = (a: RouteShape, b: RouteShape) =>
  a.item_type === b.item_type &&
  JSON.stringify(a.filters ?? {}) === JSON.stringify(b.filters ?? {}) &&
  a.entity_id === b.entity_id &&
  (a.item_type === 'system' || a.mode === b.mode) &&
  [...splitWebhookList(a.webhook_url)].sort().join('\n') === [...splitWebhookList(b.webhook_url)].sort().join('\n')

/**
 * A second route of one entity and mode to the same webhooks posts nothing (a kill goes to a webhook once, by the
 * oldest route), so it is refused rather than shown as a route that works: 409, naming the one to edit instead.
 */
function refuseCopy(others: Route[], route: RouteShape): void {
  const copy = others.find((r) => sameRoute(r, route))
  if (copy) {
    const what = copy.item_type === 'system' ? 'every kill' : MODE_WORDS[copy.mode]
    throw new HttpError(409, `A route of ${copy.display_name} (${what}) to these webhooks exists already: edit that one instead`)
  }
}

/**
 * The killfeed admin's calls (every /api/killfeed/* and /api/admin/* call needs a signed-in admin; without one
 * the answer is 401, whatever the path) and the public live killfeed (/api/live-kills).
 */
export function register(router: ApiRouter, ctx: ApiContext) {
  const admin = [requireAdmin(ctx)]
  const names = new EsiNameCache(ctx.esi)
  const stored = storedNames(ctx.ch, () => (ctx.catalog.ready ? ctx.catalog.current() : null))
  const hidden = true
  const discord = new DiscordWebhookClient({ baseUrl: ctx.config.DISCORD_API_BASE_URL, userAgent: esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT) })

  /**
   * Filters compiled against the static data, or a 400 with the sentence saying why they could never match a kill
   * (an unknown system, places with no system in common, minimum above maximum). Before saving, never after.
   */
  const compiled = (filters: RouteFilters): CompiledFilter => {
    // Filters that need no static data (value, NPC, solo, attackers) are checked without it; the others wait for it (503).
    const result = compileFilters(filters, needsWorld(filters) ? filterWorld(ctx.catalog.current()) : EMPTY_WORLD)
    if (!result.ok) throw badRequest(result.problem)
    return result.filter
  }

  // --- tracked entities (the site's live killfeed)
  router.route(getKillfeedTracked, { summary: 'Tracked entities', tags, response: TrackedList, before: admin, hidden }, () => listTracked(ctx.ch))
  router.route(
    postKillfeedTracked,
    {
      summary: 'Track an entity on the live killfeed (or change its name and mode)',
      tags,
      body: TrackedItem,
      response: TrackedItem,
      before: admin,
      hidden,
    },
    ({ body }) => saveTracked(ctx.ch, body),
  )
  router.route(
    deleteKillfeedTrackedByItemTypeByEntityId,
    {
      summary: 'Stop tracking an entity',
      tags,
      params: TrackedKey,
      response: OkResponse,
      before: admin,
      hidden,
    },
    async ({ params }) => {
      if (!(await deleteTracked(ctx.ch, params.item_type, params.entity_id))) throw notFound(`No tracked ${params.item_type} ${params.entity_id}`)
      return { ok: true as const }
    },
  )

  // --- Discord routes
  router.route(
    getKillfeedRoutes,
    {
      summary: 'Webhook routes',
      description: 'Each with `webhook_health`: its webhooks whose latest post Discord refused for good (deleted, wrong token, no access), and since when.',
      tags,
      response: RouteList,
      before: admin,
      hidden,
    },
    async () => {
      const routes = await listRoutes(ctx.ch)
      const health = await webhookHealth(ctx.ch, routes)
      return routes.map((r) => ({ ...r, webhook_health: health.get(r.id) ?? [] }))
    },
  )
  router.route(
    postKillfeedRoutes,
    {
      summary: 'Add a webhook route',
      tags,
      body: RouteCreate,
      response: Route,
      errors: { 409: 'The same route exists already' },
      before: admin,
      hidden,
    },
    async ({ body }) => {
      compiled(body.filters)
      refuseCopy(await listRoutes(ctx.ch), body)
      return createRoute(ctx.ch, body)
    },
  )
  router.route(
    patchKillfeedRoutesById,
    {
      summary: 'Edit a webhook route',
      tags,
      params: RouteId,
      body: RoutePatch,
      response: Route,
      errors: { 409: 'The edit would make the route a copy of another' },
      before: admin,
      hidden,
    },
    async ({ params, body }) => {
      if (body.filters) compiled(body.filters)
      const all = await listRoutes(ctx.ch)
      const current = all.find((r) => r.id === params.id)
      if (current) {
        const edited = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) }
        // Only an edit of what the route posts (entity, mode, webhooks) can make it a copy: a copy made before this
        // check existed can still be renamed or switched off.
        if (!sameRoute(current, edited))
          refuseCopy(
            all.filter((r) => r.id !== params.id),
            edited,
          )
      }
      const route = await updateRoute(ctx.ch, params.id, body)
      if (!route) throw notFound('No such route')
      return route
    },
  )
  router.route(
    deleteKillfeedRoutesById,
    {
      summary: 'Delete a webhook route',
      tags,
      params: RouteId,
      response: OkResponse,
      before: admin,
      hidden,
    },
    async ({ params }) => {
      if (!(await deleteRoute(ctx.ch, params.id))) throw notFound('No such route')
      return { ok: true as const }
    },
  )

  router.route(
    postKillfeedRoutesPreview,
    {
      summary: 'What a route would have posted of the stored kills of the last 7 days',
      description: 'Counted in ClickHouse with the same compiled filters the router applies; the five newest matches as examples.',
      tags,
      body: RoutePreviewRequest,
      response: RoutePreview,
      before: admin,
      hidden,
    },
    async ({ body }) =>
      // Without the static data the preview still counts (ship and system names are then left out, as previewRoute allows).
      previewRoute(ctx.ch, body, compiled(body.filters), {
        now: Date.now(),
        catalog: ctx.catalog.ready ? ctx.catalog.current() : null,
        zkillBaseUrl: ctx.config.ZKILL_BASE_URL,
      }),
  )
  router.route(
    postKillfeedRoutesByIdTest,
    {
      summary: 'Post one sample embed, marked as a test, to each webhook of a route',
      description: "Each webhook's answer is returned and kept in the route's delivery log. A webhook Discord says is deleted switches the route off.",
      tags,
      params: RouteId,
      response: TestPostResult,
      before: admin,
      hidden,
    },
    async ({ params }) => {
      const route = await getRoute(ctx.ch, params.id)
      if (!route) throw notFound('No such route')
      const body = JSON.stringify(testMessage(route))
      const webhooks = []
      for (const url of splitWebhookList(route.webhook_url)) {
        const queued = Date.now()
        const outcome = await discord.post(url, body)
        const ok = outcome.kind === 'posted'
        const error = ok ? '' : outcome.error
        await writeDeliveries(ctx.ch, [
          {
            route_id: route.id,
            killmail_id: TEST_POST_KILLMAIL_ID,
            webhook_id: webhookId(url),
            webhook_url: url,
            status: ok ? 'posted' : 'failed',
            attempts: 1,
            error,
            payload: body,
            queued_at: queued,
            posted_at: ok ? Date.now() : null,
          },
        ])
        if (outcome.kind === 'failed' && outcome.status === 404)
          await disableRoute(
            ctx.ch,
            route.id,
            `Switched off: Discord says a webhook of this route no longer exists (${error.replace(/^Discord answered /, '')}). Change the webhook URL, then switch the route on again.`,
          )
        const message = ok
          ? 'Posted: look for the test message in the channel.'
          : outcome.kind === 'rate-limited'
            ? `Discord asked to wait ${Math.ceil(outcome.waitMs / 1000)} s before the next post; try again then. (${error})`
            : error
        webhooks.push({ webhook: maskWebhook(url), ok, message })
      }
      return { webhooks }
    },
  )
  router.route(
    getKillfeedRoutesByIdLog,
    {
      summary: "A route's latest posts, failures and current rate-limit wait",
      tags,
      params: RouteId,
      response: RouteLog,
      before: admin,
      hidden,
    },
    async ({ params }) => {
      const route = await getRoute(ctx.ch, params.id)
      if (!route) throw notFound('No such route')
      return routeLog(ctx.ch, route, Date.now())
    },
  )

  router.route(
    getKillfeedPlaces,
    {
      summary: 'Regions, constellations, systems, ship groups or categories by part of the name, for route filters',
      tags,
      query: PlaceQuery,
      response: PlaceList,
      before: admin,
      hidden,
    },
    ({ query }) => searchPlaces(ctx.catalog.current(), query),
  )

  router.route(
    getKillfeedRecent,
    {
      summary: 'Latest posts to Discord',
      tags,
      query: RecentKillsQuery,
      response: RecentPostList,
      before: admin,
      hidden,
    },
    ({ query }) => recentPosts(ctx.ch, query.limit),
  )

  router.route(
    getKillfeedResolve,
    {
      summary: 'Find an alliance, corporation, character or system by part of its name or id',
      description:
        'Names the site stores (characters, corporations and alliances it has had from ESI; systems from the static data) by part of the name, ' +
        'the exact name first, then by how many stored killmails name them. A name never seen is looked up exactly in ESI (which has no public ' +
        'partial-name search) and stored. At least 2 characters.',
      tags,
      query: ResolveQuery,
      response: ResolveResult,
      errors: { 502: 'ESI did not answer' },
      before: admin,
      hidden,
    },
    async ({ query }) => {
      let catalog = null
      try {
        catalog = ctx.catalog.current()
      } catch {
        /* no static import yet: systems are looked up by exact name in ESI */
      }
      const [routes, tracked] = await Promise.all([listRoutes(ctx.ch), listTracked(ctx.ch)])
      const known = [...routes, ...tracked].filter((e) => e.item_type === query.type).map((e) => ({ id: e.entity_id, name: e.display_name }))
      return resolveEntities(query.type, query.q, { esi: ctx.esi, names, catalog, known, stored, log: ctx.log })
    },
  )

  // --- kill tracker players and contact messages
  /** A path a page or API route of the site uses: refused with the same kind of sentence as any bad field. */
  const checkPath = (path: string) => {
    if (takenPathSegments(router).has(path))
      throw describeZodError(
        'body',
        new z.ZodError([{ code: 'custom', path: ['path'], message: `is taken: /${path} is already in use by the site; choose another`, input: path }]),
        { path },
      )
  }
  router.route(
    getAdminTrackedPlayers,
    {
      summary: 'Players with a kill tracker page',
      tags,
      response: TrackedPlayerList,
      before: admin,
      hidden,
    },
    () => listPlayers(ctx.ch),
  )
  router.route(
    postAdminTrackedPlayers,
    {
      summary: 'Give a player a kill tracker page at /{path}',
      tags,
      body: TrackedPlayerCreate,
      response: TrackedPlayer,
      errors: { 409: 'The path is in use by another player' },
      before: admin,
      hidden,
    },
    async ({ body }) => {
      checkPath(body.path)
      if (await findPlayer(ctx.ch, body.path)) throw new HttpError(409, `A kill tracker at /${body.path} exists already; edit it instead`)
      return savePlayer(ctx.ch, body)
    },
  )
  router.route(
    putAdminTrackedPlayersByPath,
    {
      summary: "Change a player's name or characters",
      tags,
      params: PlayerPathParams,
      body: TrackedPlayerFields,
      response: TrackedPlayer,
      before: admin,
      hidden,
    },
    async ({ params, body }) => {
      if (!(await findPlayer(ctx.ch, params.path))) throw notFound(`No kill tracker at /${params.path}`)
      return savePlayer(ctx.ch, { path: params.path, ...body })
    },
  )
  router.route(
    deleteAdminTrackedPlayersByPath,
    {
      summary: "Remove a player's kill tracker page",
      tags,
      params: PlayerPathParams,
      response: OkResponse,
      before: admin,
      hidden,
    },
    async ({ params }) => {
      const player = await findPlayer(ctx.ch, params.path)
      if (!player) throw notFound(`No kill tracker at /${params.path}`)
      await savePlayer(ctx.ch, player, true)
      return { ok: true as const }
    },
  )
  // Anything else under the admin prefixes: 401 without a session, then 404.
  for (const prefix of ['/api/killfeed', '/api/admin']) {
    router.koa.all([prefix, `${prefix}/{*rest}`], ...admin, () => {
      throw new HttpError(404, 'No such admin call')
    })
  }

  // --- public
  router.route(
    getLiveKillsPlaces,
    {
      summary: "Regions, constellations, systems, ship groups or categories by part of the name, for the live killfeed's filters",
      description: `From the static data; at most 20, names that start with the text first. Limited to ${PLACES_RATE_LIMIT.points} requests per minute per client IP.`,
      tags: ['Killfeed'],
      query: PlaceQuery,
      response: PlaceList,
      errors: { 429: 'Too many requests', 503: 'The static game data is not imported yet' },
      before: [rateLimit({ ...PLACES_RATE_LIMIT, message: 'Too many place searches' })],
    },
    ({ query }) => searchPlaces(ctx.catalog.current(), query),
  )
  router.route(
    getLiveKills,
    {
      summary: 'The live killfeed: latest kills of the entities the site tracks',
      description:
        'New kills are pushed to open pages over the websocket (`/ws`, message type `kill`). The query takes the filters a killfeed route ' +
        'has (same names; lists comma-separated, flags as 1), checked by the same matcher, over the newest ' +
        `${LIVE_FILTER_SCAN.toLocaleString('en-US')} kills of the live killfeed; with any filter given, NPC-only kills are left out unless include_npc=1. ` +
        'The answer then carries the compiled filter, so a page can check pushed kills the same way. A filter that can match nothing is a 400 with a sentence.',
      tags: ['Killfeed'],
      query: LiveKillsQuery,
      response: LiveKillList,
      errors: { 400: 'Filters that do not read, or can match nothing', 503: 'Place or ship filters before the static game data is imported' },
    },
    async ({ query, ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-cache')
      const raw = filtersFromQuery((key) => query[key])
      if (!Object.keys(raw).length) {
        const [tracked, kills] = await Promise.all([listTracked(ctx.ch), recentLiveKills(ctx.ch, query.limit)])
        return { tracking: tracked.length, kills, filter: null, place_names: {} }
      }
      // The route's sentences, said of this page's list.
      const forThePage = (err: HttpError) =>
        new HttpError(err.status, err.message.replaceAll('this route would post nothing', 'no kill would show'), err.details)
      const parsed = RouteFilters.safeParse(raw)
      if (!parsed.success) throw forThePage(describeZodError('query', parsed.error, raw))
      // The route matcher: compiled against the static data as a route's filters are, then checked kill by kill.
      let filter: CompiledFilter
      try {
        filter = compiled(parsed.data)
      } catch (err) {
        throw err instanceof HttpError && err.status === 400 ? forThePage(err) : err
      }
      const [tracked, kills] = await Promise.all([listTracked(ctx.ch), recentLiveKills(ctx.ch, LIVE_FILTER_SCAN)])
      return {
        tracking: tracked.length,
        kills: kills.filter((k) => killPasses(filter, liveKillFacts(k))).slice(0, query.limit),
        filter: filterToWire(filter),
        place_names: placeNames(ctx.catalog.ready ? ctx.catalog.current() : null, parsed.data),
      }
    },
  )
}
