import {
  getAppraisalPriceHistory,
  getAppraisalsById,
  getPackagedVolumes,
  postAppraisalMedians,
  postAppraisals,
  postAppraise,
  postAppraiseHubs,
} from '../../../schemas/appraisals-endpoints.js'
import { APPRAISAL_TEXT, isRepackaged, sanitizeAdjustment } from '../../../schemas/appraisal/constants.js'
import {
  AppraiseRequest,
  AppraiseResponse,
  AppraisalIdParam,
  CompareHubsRequest,
  CompareHubsResponse,
  isAppraisalId,
  MediansRequest,
  MediansResponse,
  PackagedVolumesQuery,
  PackagedVolumesResponse,
  PriceHistoryQuery,
  PriceHistoryResponse,
  SaveAppraisalRequest,
  SaveAppraisalResponse,
  SavedAppraisal,
} from '../../../schemas/appraisals.js'
import { hubByStation } from '../../../schemas/market.js'
import type { ApiContext } from '../../app.js'
import { HttpError, notFound } from '../../../platform/http/errors.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { appraiseOnServer, assertFreezable, type AppraiseSource, type AppraiseTimings } from './appraise.js'
import { compareHubs } from './compare.js'
import { dailyCloses, mediansOf } from './history.js'
import { PackagedVolumeStore } from './packaged-volumes.js'
import { getAppraisal, insertAppraisal } from './store.js'

/** Per client IP: room for a bot appraising loot all evening, not for hammering the CPU. */
export const APPRAISE_RATE_LIMIT = { points: 120, durationSeconds: 60 }
export const SAVE_RATE_LIMIT = { points: 30, durationSeconds: 300 }

const serverTiming = (t: AppraiseTimings) => `parse;dur=${t.parse.toFixed(1)}, resolve;dur=${t.resolve.toFixed(1)}, price;dur=${t.price.toFixed(1)}`

export function register(router: ApiRouter, ctx: ApiContext): void {
  const log = ctx.log.child({ component: 'appraisals' })
  const volumes = new PackagedVolumeStore(ctx.ch, log)
  const tags = ['Appraisals']
  const imageServer = ctx.config.IMAGE_SERVER_URL.replace(/\/+$/, '')
  const deps = async () => ({ catalog: ctx.catalog.current(), prices: ctx.prices, volumes: await volumes.fresh(), imageServer })
  const appraise = async (input: Parameters<typeof appraiseOnServer>[0]) => appraiseOnServer(input, await deps())
  /** The body's text or items, whichever it gave (the schema holds it to one). */
  const source = (body: { text?: string; items?: AppraiseSource['items'] }): AppraiseSource => (body.items ? { items: body.items } : { text: body.text ?? '' })

  router.route(
    postAppraise,
    {
      summary: 'Appraise a paste at a hub without saving it',
      description:
        'Reads anything copied from the game (inventory, contracts, fittings, D-scan, killmails, loot history, the industry window, lists; see the tool docs), ' +
        'or structured items (`items: [{name|type_id, qty}]`), resolves the names, and prices every line at the hub in the chosen mode, falling back to region-wide prices where the hub has no orders. ' +
        'Lines no parser reads come back in `unparsed` with their line numbers, never as items; a quantity over 2,147,483,647 (one stack) is refused on its line with the reason. ' +
        'A paste with no item lines, or none that names a known type, is a 400 with the reason. ' +
        `Limited to ${APPRAISE_RATE_LIMIT.points} requests per minute per client IP. The Server-Timing header gives the time spent parsing, resolving and pricing.`,
      tags,
      body: AppraiseRequest,
      response: AppraiseResponse,
      before: [rateLimit({ ...APPRAISE_RATE_LIMIT, message: 'Too many appraisals from your address' })],
      errors: { 413: 'Request body over 2 MB', 429: 'Rate limited; see Retry-After', 503: 'Static data not imported yet' },
    },
    async ({ body, ctx: kctx }) => {
      const { result, timings } = await appraise({
        ...source(body),
        station_id: body.station_id,
        mode: body.mode,
        adjustment: sanitizeAdjustment(body.adjustment),
        combine: body.combine,
        with_prices: body.with_prices,
      })
      kctx.set('Server-Timing', serverTiming(timings))
      if (body.rows) return result
      // A client that prices the lines itself (with_prices) needs no rows: about half a long answer's bytes.
      const { rows: _rows, ...withoutRows } = result
      return withoutRows
    },
  )

  router.route(
    postAppraisals,
    {
      summary: 'Save an appraisal as a frozen snapshot and get its id',
      description:
        'The server appraises input_raw itself at the hub and mode given, with the prices current at that moment, and stores the result; ' +
        'rows and totals sent by the client are ignored, so a shared link always shows numbers this site computed. ' +
        "Before the hub's first market snapshot there is no price to freeze, and the save is refused with a 503. " +
        `The id is random (16 URL-safe characters). Limited to ${SAVE_RATE_LIMIT.points} saves per ${SAVE_RATE_LIMIT.durationSeconds / 60} minutes per client IP.`,
      tags,
      body: SaveAppraisalRequest,
      response: SaveAppraisalResponse,
      before: [rateLimit({ ...SAVE_RATE_LIMIT, message: 'Too many saved appraisals from your address' })],
      errors: {
        413: 'Request body over 2 MB',
        429: 'Rate limited; see Retry-After',
        503: 'Static data not imported yet, no market snapshot yet (no prices to freeze), or the snapshot could not be stored',
      },
    },
    async ({ body }) => {
      const adjustment = body.adjustment ?? (body.totals as { adjustmentPct?: unknown } | undefined)?.adjustmentPct
      const input = { text: body.input_raw, station_id: body.station_id, mode: body.mode, adjustment: sanitizeAdjustment(adjustment), combine: body.combine }
      const first = await appraise(input)
      assertFreezable(first.result)
      // The medians the live page shows beside the prices are frozen with them; without history the snapshot has none.
      const typeIds = [...new Set(first.result.rows.flatMap((r) => (r.type_id === null ? [] : [r.type_id])))]
      const medians = await mediansOf(ctx.ch, body.station_id, typeIds).catch((err: unknown) => {
        log.warn({ err }, 'price history unavailable; the snapshot is saved without medians')
        return undefined
      })
      const { result } = medians ? appraiseOnServer(input, { ...(await deps()), medians }) : first
      try {
        const saved = await insertAppraisal(ctx.ch, body.input_raw, result)
        log.info({ id: saved.id, lines: saved.rows.length, station: saved.station_id }, 'appraisal saved')
        return { id: saved.id }
      } catch (err) {
        log.error({ err }, 'appraisal could not be stored')
        throw new HttpError(503, `${APPRAISAL_TEXT.saveFailed}: the snapshot could not be stored; try again in a minute.`)
      }
    },
  )

  router.route(
    getAppraisalsById,
    {
      summary: 'A saved appraisal',
      description: 'Exactly as it was computed when saved: it never changes with later prices.',
      tags,
      params: AppraisalIdParam,
      response: SavedAppraisal,
      errors: { 404: 'No appraisal with that id' },
    },
    async ({ params, ctx: kctx }) => {
      if (!isAppraisalId(params.id)) throw notFound(`No appraisal with id ${params.id.slice(0, 40)}`)
      const saved = await getAppraisal(ctx.ch, params.id, (station) => hubByStation(station)?.label ?? String(station))
      if (!saved) throw notFound(`No appraisal with id ${params.id}`)
      // A snapshot never changes: caches may keep it.
      kctx.set('Cache-Control', 'public, max-age=31536000, immutable')
      return saved
    },
  )

  router.route(
    postAppraiseHubs,
    {
      summary: 'The same paste priced at all five hubs',
      description:
        'Reads the paste (or items) as POST /api/appraise does and prices it at Jita, Amarr, Dodixie, Hek and Rens in one mode: per hub the totals and how many lines it prices best, ' +
        'per line the unit price at each hub and the hub with the highest. Copies and unknown lines have no price anywhere.',
      tags,
      body: CompareHubsRequest,
      response: CompareHubsResponse,
      before: [rateLimit({ ...APPRAISE_RATE_LIMIT, message: 'Too many appraisals from your address' })],
      errors: { 413: 'Request body over 2 MB', 429: 'Rate limited; see Retry-After', 503: 'Static data not imported yet' },
    },
    async ({ body, ctx: kctx }) => {
      const started = performance.now()
      const result = compareHubs({ ...source(body), mode: body.mode, combine: body.combine }, await deps())
      kctx.set('Server-Timing', `compare;dur=${(performance.now() - started).toFixed(1)}`)
      return result
    },
  )

  router.route(
    postAppraisalMedians,
    {
      summary: "5- and 30-day medians of the hub's daily closing prices for many types",
      description:
        "From this site's own daily price history at the hub (a day's close is its last snapshot's 5% price). A median resists a day of manipulated orders. " +
        'Types with no day of history are left out.',
      tags,
      body: MediansRequest,
      response: MediansResponse,
      errors: { 503: 'The price history could not be read' },
    },
    async ({ body }) => {
      const medians = await mediansOf(ctx.ch, body.station_id, [...new Set(body.type_ids)]).catch((err: unknown) => {
        log.error({ err }, 'price history could not be read')
        throw new HttpError(503, 'The price history could not be read just now; the live prices are unaffected.')
      })
      return { station_id: body.station_id, rows: [...medians].map(([type_id, m]) => ({ type_id, ...m })) }
    },
  )

  router.route(
    getAppraisalPriceHistory,
    {
      summary: 'Daily closing prices of one type at a hub, for the appraisal chart',
      description: "Per day the closing 5% sell and buy prices at the hub from this site's own history (null: no orders on that side at the day's close).",
      tags,
      query: PriceHistoryQuery,
      response: PriceHistoryResponse,
      errors: { 503: 'The price history could not be read' },
    },
    async ({ query, ctx: kctx }) => {
      const rows = await dailyCloses(ctx.ch, query.station_id, query.type_id, query.days).catch((err: unknown) => {
        log.error({ err }, 'price history could not be read')
        throw new HttpError(503, 'The price history could not be read just now; the live prices are unaffected.')
      })
      kctx.set('Cache-Control', 'public, max-age=600')
      return { station_id: query.station_id, type_id: query.type_id, rows }
    },
  )

  router.route(
    getPackagedVolumes,
    {
      summary: 'Packaged volumes of ships and containers among up to 1000 types',
      description:
        'From ESI (GET /universe/types/{id}/ packaged_volume), refreshed daily. Types the game does not repackage are left out: their listed volume applies.',
      tags,
      query: PackagedVolumesQuery,
      response: PackagedVolumesResponse,
      errors: { 503: 'Static data not imported yet' },
    },
    async ({ query, ctx: kctx }) => {
      const catalog = ctx.catalog.current()
      const store = await volumes.fresh()
      kctx.set('Cache-Control', 'public, max-age=300')
      return {
        rows: query.type_ids.flatMap((id) => {
          const t = catalog.type(id)
          return t && isRepackaged(t) ? [{ type_id: id, packaged_volume: store.unitVolume(t) }] : []
        }),
      }
    },
  )
}
