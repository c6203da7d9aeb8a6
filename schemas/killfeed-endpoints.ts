import { endpoint } from './endpoint.js'
import type {
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
} from './killfeed.js'
import type { OkResponse } from './auth.js'

/** Endpoints of api/tools/killfeed/routes.ts (see schemas/endpoint.ts). */

/** Tracked entities */
export const getKillfeedTracked = endpoint<{ response: typeof TrackedList }>('get', '/api/killfeed/tracked')

/** Track an entity on the live killfeed (or change its name and mode) */
export const postKillfeedTracked = endpoint<{ body: typeof TrackedItem; response: typeof TrackedItem }>('post', '/api/killfeed/tracked')

/** Stop tracking an entity */
export const deleteKillfeedTrackedByItemTypeByEntityId = endpoint<{ params: typeof TrackedKey; response: typeof OkResponse }>(
  'delete',
  '/api/killfeed/tracked/:item_type/:entity_id',
)

/** Webhook routes */
export const getKillfeedRoutes = endpoint<{ response: typeof RouteList }>('get', '/api/killfeed/routes')

/** Add a webhook route */
export const postKillfeedRoutes = endpoint<{ body: typeof RouteCreate; response: typeof Route }>('post', '/api/killfeed/routes')

/** Edit a webhook route */
export const patchKillfeedRoutesById = endpoint<{ params: typeof RouteId; body: typeof RoutePatch; response: typeof Route }>(
  'patch',
  '/api/killfeed/routes/:id',
)

/** Delete a webhook route */
export const deleteKillfeedRoutesById = endpoint<{ params: typeof RouteId; response: typeof OkResponse }>('delete', '/api/killfeed/routes/:id')

/** Find an alliance, corporation, character or system by part of its name or id */
export const getKillfeedResolve = endpoint<{ query: typeof ResolveQuery; response: typeof ResolveResult }>('get', '/api/killfeed/resolve')

/** Players with a kill tracker page */
export const getAdminTrackedPlayers = endpoint<{ response: typeof TrackedPlayerList }>('get', '/api/admin/tracked-players')

/** Give a player a kill tracker page at /{path} */
export const postAdminTrackedPlayers = endpoint<{ body: typeof TrackedPlayerCreate; response: typeof TrackedPlayer }>('post', '/api/admin/tracked-players')

/** Latest posts to Discord */
export const getKillfeedRecent = endpoint<{ query: typeof RecentKillsQuery; response: typeof RecentPostList }>('get', '/api/killfeed/recent')

/** Change a player's name or characters */
export const putAdminTrackedPlayersByPath = endpoint<{ params: typeof PlayerPathParams; body: typeof TrackedPlayerFields; response: typeof TrackedPlayer }>(
  'put',
  '/api/admin/tracked-players/:path',
)

/** Remove a player's kill tracker page */
export const deleteAdminTrackedPlayersByPath = endpoint<{ params: typeof PlayerPathParams; response: typeof OkResponse }>(
  'delete',
  '/api/admin/tracked-players/:path',
)

/** The live killfeed: latest kills of the entities the site tracks */
export const getLiveKills = endpoint<{ query: typeof LiveKillsQuery; response: typeof LiveKillList }>('get', '/api/live-kills')

/** What a route would have posted of the stored kills of the last 7 days */
export const postKillfeedRoutesPreview = endpoint<{ body: typeof RoutePreviewRequest; response: typeof RoutePreview }>('post', '/api/killfeed/routes/preview')

/** Post one sample embed, marked as a test, to each webhook of a route */
export const postKillfeedRoutesByIdTest = endpoint<{ params: typeof RouteId; response: typeof TestPostResult }>('post', '/api/killfeed/routes/:id/test')

/** A route's latest posts, failures and current rate-limit wait */
export const getKillfeedRoutesByIdLog = endpoint<{ params: typeof RouteId; response: typeof RouteLog }>('get', '/api/killfeed/routes/:id/log')

/** Regions, constellations, systems, ship groups or categories by part of the name, for route filters */
export const getKillfeedPlaces = endpoint<{ query: typeof PlaceQuery; response: typeof PlaceList }>('get', '/api/killfeed/places')

/** Regions, constellations, systems, ship groups or categories by part of the name, for the live killfeed's filters */
export const getLiveKillsPlaces = endpoint<{ query: typeof PlaceQuery; response: typeof PlaceList }>('get', '/api/live-kills/places')
