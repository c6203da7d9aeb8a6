import { getAppraisalsById, getPackagedVolumes, postAppraisals, postAppraise } from '../../../schemas/appraisals-endpoints.js'
import { APPRAISAL_TEXT, isRepackaged, sanitizeAdjustment } from '../../../schemas/appraisal/constants.js'
import {
  AppraiseRequest,
  AppraiseResponse,
  AppraisalIdParam,
  isAppraisalId,
  PackagedVolumesQuery,
  PackagedVolumesResponse,
  SaveAppraisalRequest,
  SaveAppraisalResponse,
  SavedAppraisal,
} from '../../../schemas/appraisals.js'
import { hubByStation } from '../../../schemas/market.js'
import type { ApiContext } from '../../app.js'
import { HttpError, notFound } from '../../../platform/http/errors.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { appraiseOnServer, assertFreezable, type AppraiseTimings } from './appraise.js'
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
  const appraise = async (input: Parameters<typeof appraiseOnServer>[0]) =>
    appraiseOnServer(input, { catalog: ctx.catalog.current(), prices: ctx.prices, volumes: await volumes.fresh() })

  router.route(
    postAppraise,
    {
      summary: 'Appraise a paste at a hub without saving it',
      description:
        'Reads anything copied from the game (inventory, contracts, fittings, D-scan, killmails, loot history, lists; see the tool docs), ' +
        'resolves the names, and prices every line at the hub in the chosen mode, falling back to region-wide prices where the hub has no orders. ' +
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
        text: body.text,
        station_id: body.station_id,
        mode: body.mode,
        adjustment: sanitizeAdjustment(body.adjustment),
        combine: body.combine,
      })
      kctx.set('Server-Timing', serverTiming(timings))
      return result
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
      const { result } = await appraise({
        text: body.input_raw,
        station_id: body.station_id,
        mode: body.mode,
        adjustment: sanitizeAdjustment(adjustment),
        combine: body.combine,
      })
      assertFreezable(result)
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
