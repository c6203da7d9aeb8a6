import { getPricesBulk, getPricesFallback, getPricesHistory, getPricesHubs, getPricesStation } from '../../../schemas/prices-endpoints.js'
import crypto from 'node:crypto'
import type { Context } from 'koa'
import { z } from 'zod'
import {
  BulkPricesQuery,
  FallbackPricesQuery,
  FallbackPricesResponse,
  HistoryQuery,
  HistoryResponse,
  HUBS,
  HubsResponse,
  StationPriceRow,
  StationPricesQuery,
  StationPricesResponse,
} from '../../../schemas/market.js'
import { queryRows } from '../../../platform/clickhouse/client.js'
import type { ApiContext } from '../../app.js'
import { AnswerReplay } from '../../http/answer-replay.js'
import { cachedBody, sendCachedBody, VersionedBodyCache, type CachedBody } from '../../http/cached-body.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'

/**
 * Cache headers until the next snapshot is due: clients and proxies may keep an answer until then, and an ETag
 * (the snapshot plus the question) lets them revalidate for free.
 */
function cacheUntilNextSnapshot(ctx: ApiContext, snapshotAt: number | null): string {
  const cadenceMs = ctx.config.MARKET_CADENCE_MINUTES * 60_000
  const maxAge = snapshotAt ? Math.max(60, Math.round((snapshotAt + cadenceMs - Date.now()) / 1000)) : 60
  return `public, max-age=${maxAge}`
}

const etagOf = (snapshotAt: number | null, question: string) =>
  `"${snapshotAt ?? 0}-${crypto.createHash('sha1').update(question).digest('base64url').slice(0, 16)}"`

export function register(router: ApiRouter, ctx: ApiContext): void {
  const limit = rateLimit({ points: ctx.config.PRICE_API_RATE_LIMIT_PER_MINUTE, durationSeconds: 60, message: 'Too many price requests from your address' })
  const prices = ctx.prices
  // Every answer is serialised and compressed once per snapshot and question, then served as bytes (api/http/cached-body.ts).
  const bodies = new VersionedBodyCache()
  const snapshotIdOf = (stationId: number) => prices.snapshotOf(stationId)?.snapshotId ?? 0
  /**
   * Answers `question` from the cache for the current snapshot of the hub `stationId`, building it with `build` on a
   * miss; the same URL is then replayed outside Koa until that snapshot changes (api/http/answer-replay.ts).
   */
  const answer = (kctx: Context, stationId: number, question: string, build: (snapshotAt: Date | null) => unknown, type?: string) => {
    const snapshot = prices.snapshotOf(stationId)
    const at = snapshot?.at.getTime() ?? null
    const cacheControl = () => ({ 'Cache-Control': cacheUntilNextSnapshot(ctx, at) })
    kctx.set(cacheControl())
    const version = snapshot?.snapshotId ?? 0
    const body = bodies.get(question, version, () => cachedBody(build(snapshot?.at ?? null), etagOf(at, question), type))
    const encode = (b: CachedBody, encoding: 'gzip' | 'br') => bodies.encoded(b, encoding)
    sendCachedBody(kctx, body, encode)
    AnswerReplay.offer(kctx.req, {
      current: () => (snapshotIdOf(stationId) === version ? bodies.peek(question, version) : undefined),
      encode,
      allows: limit.allows,
      headers: cacheControl,
    })
  }
  const tags = ['Prices']
  const errors = { 429: 'Rate limited; see Retry-After' }

  router.route(getPricesHubs, { summary: 'The five trade hubs prices are computed for', tags, response: HubsResponse }, ({ ctx: kctx }) => {
    kctx.set('Cache-Control', 'public, max-age=86400')
    return { hubs: HUBS.map((h) => ({ ...h })) }
  })

  router.route(
    getPricesStation,
    {
      summary: 'Hub prices for up to 1000 types',
      description:
        'sell_min / buy_max are the best orders at the station; sell_5pct / buy_5pct the volume-weighted average of the best orders making up 5% of the volume (the last order counted partially; the best price when 5% is less than one unit). Outliers (sells above 100 × sell_min, buys below buy_max ÷ 100) count in neither the 5% prices nor the volumes. Types with no orders at the station are left out.',
      tags,
      query: StationPricesQuery,
      response: StationPricesResponse,
      before: [limit],
      errors,
    },
    ({ query, ctx: kctx }) => {
      answer(kctx, query.station_id, `${query.station_id}:${query.type_ids.join(',')}`, (at) => ({
        rows: prices.stationPrices(query.station_id, query.type_ids),
        snapshot_at: at?.toISOString() ?? null,
      }))
    },
  )

  router.route(
    getPricesFallback,
    {
      summary: 'Region-wide fallback prices for up to 1000 types',
      description: 'Over every order in the hub region (stations and structures): median and best sell, median and best buy.',
      tags,
      query: FallbackPricesQuery,
      response: FallbackPricesResponse,
      before: [limit],
      errors,
    },
    ({ query, ctx: kctx }) => {
      const hub = HUBS.find((h) => h.region_id === query.region_id)!
      answer(kctx, hub.station_id, `r${query.region_id}:${query.type_ids.join(',')}`, () => ({ rows: prices.fallbackPrices(query.region_id, query.type_ids) }))
    },
  )

  router.route(
    getPricesBulk,
    {
      summary: "One hub's whole price table, as JSON or CSV",
      tags,
      query: BulkPricesQuery,
      response: StationPricesResponse,
      produces: ['text/csv'],
      before: [limit],
      errors,
    },
    ({ query, ctx: kctx }) => {
      const rows = () => prices.stationTable(query.station_id).sort((a, b) => a.type_id - b.type_id)
      if (query.format === 'json') {
        answer(kctx, query.station_id, `bulk:${query.station_id}:json`, (at) => ({ rows: rows(), snapshot_at: at?.toISOString() ?? null }))
        return
      }
      const columns = Object.keys(StationPriceRow.shape) as Array<keyof StationPriceRow>
      kctx.set('Content-Disposition', `attachment; filename="prices-${query.station_id}.csv"`)
      answer(
        kctx,
        query.station_id,
        `bulk:${query.station_id}:csv`,
        () => [columns.join(','), ...rows().map((r) => columns.map((c) => r[c] ?? '').join(','))].join('\n') + '\n',
        'text/csv; charset=utf-8',
      )
    },
  )

  router.route(
    getPricesHistory,
    {
      summary: 'Daily price history of one type at a hub: the last `days` days, today included (up to 365)',
      description: 'Per day: lowest sell, highest buy, closing and average 5% prices, closing order volumes, and how many snapshots the day had.',
      tags,
      query: HistoryQuery,
      response: HistoryResponse,
      before: [limit],
      errors,
    },
    async ({ query, ctx: kctx }) => {
      kctx.set('Cache-Control', 'public, max-age=600')
      const rows = await queryRows<z.infer<typeof HistoryResponse>['rows'][number]>(
        ctx.ch,
        `SELECT toString(day) AS date, min(sell_min_low) AS sell_min_low, max(buy_max_high) AS buy_max_high,
                argMaxMerge(sell_5pct_close) AS sell_5pct_close, argMaxMerge(buy_5pct_close) AS buy_5pct_close,
                avgMerge(sell_5pct_avg) AS sell_5pct_avg, avgMerge(buy_5pct_avg) AS buy_5pct_avg,
                argMaxMerge(sell_volume_close) AS sell_volume_close, argMaxMerge(buy_volume_close) AS buy_volume_close,
                sum(samples) AS samples
         FROM market_history_daily
         WHERE station_id = {station:UInt64} AND type_id = {type:UInt32} AND day > today() - {days:UInt16}
         GROUP BY day ORDER BY day`,
        { station: query.station_id, type: query.type_id, days: query.days },
      )
      return {
        station_id: query.station_id,
        type_id: query.type_id,
        rows: rows.map((r) => ({
          ...r,
          sell_volume_close: Number(r.sell_volume_close),
          buy_volume_close: Number(r.buy_volume_close),
          samples: Number(r.samples),
          sell_5pct_close: nanToNull(r.sell_5pct_close),
          buy_5pct_close: nanToNull(r.buy_5pct_close),
          sell_5pct_avg: nanToNull(r.sell_5pct_avg),
          buy_5pct_avg: nanToNull(r.buy_5pct_avg),
        })),
      }
    },
  )
}

/** An average of no samples, and a close whose last sample had no orders on the side (stored as NaN), read as null. */
const nanToNull = (n: number | null) => (n === null || Number.isNaN(n) ? null : n)
