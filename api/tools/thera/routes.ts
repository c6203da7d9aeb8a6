import { getThera, getTheraRoute } from '../../../schemas/thera-endpoints.js'
import { TheraFeed, TheraRoute, TheraRouteQuery } from '../../../schemas/thera.js'
import type { ApiContext } from '../../app.js'
import type { ApiRouter } from '../../http/router.js'
import { HttpError } from '../../../platform/http/errors.js'
import { readTheraState, type TheraState } from '../../../ingest/thera/store.js'
import { feedAt } from './feed.js'
import { closeSystemNames, routesToHubs } from './route.js'

/** The kept list is read again at most this often (the ingest job writes every 5 minutes). */
const STATE_TTL_MS = 5_000

export function register(router: ApiRouter, ctx: ApiContext): void {
  let cached: { at: number; state: Promise<TheraState> } | null = null
  const state = () => {
    const now = Date.now()
    if (!cached || now - cached.at > STATE_TTL_MS) {
      const pending = readTheraState(ctx.ch)
      cached = { at: now, state: pending }
      // A failed read is not kept: the next request asks again.
      pending.catch(() => {
        if (cached?.state === pending) cached = null
      })
    }
    return cached.state
  }
  const catalogOrNull = () => {
    try {
      return ctx.catalog.current()
    } catch {
      return null
    }
  }

  router.route(
    getThera,
    {
      summary: 'The current Thera and Turnur connections from EVE-Scout, and how fresh the list is',
      description:
        "Polled every 5 minutes from EVE-Scout's public signatures feed. Each connection gives the far system (name, class, region, security from the SDE), " +
        'the hole type and on which side it is, the largest ship it lets through, when it was scanned and the minutes left. When EVE-Scout cannot be reached, ' +
        'unreachable_since says since when and the last list fetched is answered.',
      tags: ['Wormholes'],
      response: TheraFeed,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'public, max-age=30')
      return feedAt(await state(), catalogOrNull(), Date.now())
    },
  )

  router.route(
    getTheraRoute,
    {
      summary: 'The fewest jumps from a system to each of the five trade hubs through a Thera or Turnur connection',
      description:
        "From the SDE's stargate graph and the live connections: for Jita, Amarr, Dodixie, Hek and Rens, the jumps by gates alone and the fewest jumps " +
        'taking at least one connection, with the systems on the way. An unknown name answers 404 with close matches in details.close_matches.',
      tags: ['Wormholes'],
      query: TheraRouteQuery,
      response: TheraRoute,
      errors: { 404: 'No system by that name (close matches in details)', 503: 'Static data not imported yet' },
    },
    async ({ query }) => {
      const catalog = ctx.catalog.current()
      const id = catalog.systemIdByName(query.from)
      if (id === null) {
        const close = closeSystemNames(catalog, query.from)
        const shown = query.from.slice(0, 40)
        throw new HttpError(404, close.length ? `No such system: ${shown}. Did you mean ${close.join(', ')}?` : `No such system: ${shown}.`, {
          close_matches: close,
        })
      }
      const system = catalog.system(id)!
      const feed = feedAt(await state(), catalog, Date.now())
      return {
        from: { system_id: id, name: system.name, region_name: system.region_name, security: system.security },
        hubs: routesToHubs(catalog, id, feed.connections),
        connections_from: feed.list_changed_at,
      }
    },
  )
}
