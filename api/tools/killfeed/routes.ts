import {
  deleteAdminTrackedPlayersByPath,
  deleteKillfeedRoutesById,
  deleteKillfeedTrackedByItemTypeByEntityId,
  getAdminTrackedPlayers,
  getKillfeedRecent,
  getKillfeedResolve,
  getKillfeedRoutes,
  getKillfeedTracked,
  getLiveKills,
  patchKillfeedRoutesById,
  postAdminTrackedPlayers,
  postKillfeedRoutes,
  postKillfeedTracked,
  putAdminTrackedPlayersByPath,
} from '../../../schemas/killfeed-endpoints.js'
import type { ApiContext } from '../../app.js'
import { requireAdmin } from '../../auth/middleware.js'
import { badRequest, HttpError, notFound } from '../../../platform/http/errors.js'
import type { ApiRouter } from '../../http/router.js'
import { EsiNameCache } from '../../../platform/esi/names.js'
import { OkResponse } from '../../../schemas/auth.js'
import { splitWebhookList } from '../../../schemas/killfeed-constants.js'
import {
  LiveKillList,
  LiveKillsQuery,
  PlayerPathParams,
  RecentKillsQuery,
  RecentPostList,
  ResolveQuery,
  ResolveResult,
  Route,
  RouteCreate,
  RouteId,
  RouteList,
  RoutePatch,
  TrackedItem,
  TrackedKey,
  TrackedList,
  TrackedPlayer,
  TrackedPlayerCreate,
  TrackedPlayerFields,
  TrackedPlayerList,
} from '../../../schemas/killfeed.js'
import { recentPosts, webhookHealth } from '../../../pipelines/killfeed/deliveries.js'
import { recentLiveKills } from '../../../pipelines/killfeed/live-store.js'
import { createRoute, deleteRoute, deleteTracked, listRoutes, listTracked, saveTracked, updateRoute } from '../../../pipelines/killfeed/store.js'
import { findPlayer, listPlayers, savePlayer, takenPathSegments } from './players.js'
import { resolveEntities } from './resolve.js'

const tags = ['Admin']

const MODE_WORDS: Record<Route['mode'], string> = { both: 'kills and losses', kills: 'kills', losses: 'losses' }

type RouteShape = Pick<Route, 'item_type' | 'entity_id' | 'mode' | 'webhook_url'>
/** A system route takes every kill in the system, whatever its mode. */
const sameRoute = (a: RouteShape, b: RouteShape) =>
  a.item_type === b.item_type &&
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
  const hidden = true

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
      summary: 'Find an alliance, corporation, character or system by name or id',
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
      return resolveEntities(query.type, query.q, { esi: ctx.esi, names, catalog, known, log: ctx.log })
    },
  )

  // --- kill tracker players and contact messages
  const checkPath = (path: string) => {
    if (takenPathSegments(router).has(path)) throw badRequest(`Invalid body: path: '${path}' is already a page or API route of the site; choose another`)
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
    getLiveKills,
    {
      summary: 'The live killfeed: latest kills of the entities the site tracks',
      description: 'New kills are pushed to open pages over the websocket (`/ws`, message type `kill`).',
      tags: ['Killfeed'],
      query: LiveKillsQuery,
      response: LiveKillList,
    },
    async ({ query, ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-cache')
      const [tracked, kills] = await Promise.all([listTracked(ctx.ch), recentLiveKills(ctx.ch, query.limit)])
      return { tracking: tracked.length, kills }
    },
  )
}
