import type { EsiMarketOrder } from '../../../schemas/market.js'
import type { FakeEsi } from './server.js'

/** ESI serves at most 1000 orders a page. */
export const ESI_ORDERS_PAGE_SIZE = 1000

export interface FakeMarketState {
  books: Map<number, EsiMarketOrder[]>
  lastModified: Map<number, Date>
  pageSize: number
  /** Pages that answer with an error: key `${region}:${page}`, value {status, times}. */
  failingPages: Map<string, { status: number; times: number }>
  /**
   * After this page of a region is served, the region's book "refreshes" (new Last-Modified), as ESI does
   * mid-fetch; `times` fetches in a row (1 when left out). With `book`, the refreshed book is that one (a book with
   * fewer pages answers 404 for the pages it no longer has, as ESI does).
   */
  refreshAfterPage: Map<number, number | { page: number; times: number; book?: EsiMarketOrder[] }>
  /** Cache time announced in Expires (ESI: 300 s); tests that change books between fetches set 0. */
  expiresIn: number
  /**
   * ESI's own cadence, when set: at every whole multiple of `everySeconds` (ESI: 300) each region's book is replaced
   * by `book(regionId, step)` with that moment as its Last-Modified, and Expires points at the next one, as ESI does.
   * The refresh happens when a request finds it due, so it follows whatever clock `now` reads.
   */
  refresh: { everySeconds: number; book: (regionId: number, step: number) => EsiMarketOrder[] } | null
  /** The fake's clock (epoch ms); a test with a fake clock points it there. */
  now: () => number
}

/** Replaces a region's book when ESI's cadence has passed a refresh since its Last-Modified. */
export function refreshIfDue(state: FakeMarketState, regionId: number): void {
  if (!state.refresh || !state.books.has(regionId)) return
  const period = state.refresh.everySeconds * 1000
  const due = Math.floor(state.now() / period) * period
  if ((state.lastModified.get(regionId)?.getTime() ?? 0) >= due) return
  setBook(state, regionId, state.refresh.book(regionId, due / period), new Date(due))
}

export function createMarketState(): FakeMarketState {
  return {
    books: new Map(),
    lastModified: new Map(),
    pageSize: ESI_ORDERS_PAGE_SIZE,
    failingPages: new Map(),
    refreshAfterPage: new Map(),
    expiresIn: 300,
    refresh: null,
    now: () => Date.now(),
  }
}

/** Replace a region's order book; its Last-Modified moves on, as ESI's does every few minutes. */
export function setBook(state: FakeMarketState, regionId: number, orders: EsiMarketOrder[], at = new Date(state.now())): void {
  state.books.set(regionId, orders)
  const previous = state.lastModified.get(regionId)?.getTime() ?? 0
  state.lastModified.set(regionId, new Date(Math.max(at.getTime(), previous + 1000)))
}

/** GET /markets/{region_id}/orders/?order_type=all&page=N, paged by X-Pages, cached 300 s like ESI. */
export function addMarketRoutes(esi: FakeEsi, state: FakeMarketState): void {
  esi.route('GET', '/markets/:region_id/orders', (req) => {
    const regionId = Number(req.params.region_id)
    refreshIfDue(state, regionId)
    const book = state.books.get(regionId)
    if (!book) return { status: 404, body: { error: 'Region not found' } }
    const type = req.query.get('order_type') ?? 'all'
    const filtered = type === 'all' ? book : book.filter((o) => o.is_buy_order === (type === 'buy'))
    const pages = Math.max(1, Math.ceil(filtered.length / state.pageSize))
    const page = Number(req.query.get('page') ?? 1)
    if (!Number.isInteger(page) || page < 1 || page > pages) return { status: 404, body: { error: 'Requested page does not exist!' } }
    const failing = state.failingPages.get(`${regionId}:${page}`)
    if (failing && failing.times > 0) {
      failing.times--
      return { status: failing.status, body: { error: 'Internal error' } }
    }
    const reply = {
      body: filtered.slice((page - 1) * state.pageSize, page * state.pageSize),
      pages,
      lastModified: state.lastModified.get(regionId),
      expiresIn: state.refresh
        ? Math.max(1, Math.ceil((Math.floor(state.now() / (state.refresh.everySeconds * 1000) + 1) * state.refresh.everySeconds * 1000 - state.now()) / 1000))
        : state.expiresIn,
    }
    const refresh = state.refreshAfterPage.get(regionId)
    const {
      page: refreshPage,
      times,
      book: refreshed,
    } = typeof refresh === 'number' ? { page: refresh, times: 1, book: undefined } : (refresh ?? { page: 0, times: 0, book: undefined })
    if (refreshPage === page) {
      if (times > 1) state.refreshAfterPage.set(regionId, { page, times: times - 1, book: refreshed })
      else state.refreshAfterPage.delete(regionId)
      setBook(state, regionId, refreshed ?? book)
    }
    return reply
  })
}
