import { z } from 'zod'
import { idList, IdParam } from './common.js'
import { HUB_STATION_IDS, HUBS } from './hubs.js'
import { defineTopic } from './topics.js'

export { HUB_STATION_IDS, HUBS, hubByStation, type Hub } from './hubs.js'

/** An order as ESI's GET /markets/{region_id}/orders/ returns it. */
export const EsiMarketOrder = z.object({
  order_id: z.number().int(),
  type_id: z.number().int(),
  location_id: z.number().int(),
  system_id: z.number().int(),
  is_buy_order: z.boolean(),
  price: z.number(),
  volume_remain: z.number().int(),
  volume_total: z.number().int(),
  min_volume: z.number().int(),
  range: z.string(),
  duration: z.number().int(),
  issued: z.string(),
})
export type EsiMarketOrder = z.infer<typeof EsiMarketOrder>

/**
 * The `market.orders` topic carries one message per ESI page, then one `complete` marker per snapshot, all keyed
 * by region so they stay in order. A snapshot becomes current only when its marker arrives and every page it
 * names is stored, with as many distinct order ids as its `order_count` (ids are counted once, though ESI can
 * list an order on two pages).
 */
export const MarketOrdersMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    region_id: z.number().int(),
    snapshot_id: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    last_modified: z.string().nullable(),
    orders: z.array(EsiMarketOrder),
  }),
  z.object({
    kind: z.literal('complete'),
    region_id: z.number().int(),
    snapshot_id: z.number().int(),
    pages: z.number().int(),
    order_count: z.number().int(),
    last_modified: z.string().nullable(),
    started_at: z.string(),
  }),
])
export type MarketOrdersMessage = z.infer<typeof MarketOrdersMessage>
export const MarketOrdersTopic = defineTopic('market.orders', MarketOrdersMessage)

/**
 * When a snapshot's data is from: ESI's Last-Modified, the same on every page (the ingest refuses pages that
 * disagree). ESI serves the book from a cache up to 300 s old, so this is up to 5 minutes before our fetch
 * started. The fetch start stands in when ESI sent no (or an unreadable) Last-Modified. Answers an ISO time.
 */
export function snapshotDataTime(lastModified: string | null | undefined, fetchStartedAt: string): string {
  const at = lastModified ? new Date(lastModified) : null
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : new Date(fetchStartedAt).toISOString()
}

/** Told to every api process when new prices are in ClickHouse (it reloads its in-memory tables). */
export const PricesUpdatedTopic = defineTopic('market.prices-updated', z.object({ region_id: z.number().int(), snapshot_id: z.number().int(), at: z.string() }))

/** Fetch outcomes, so the status page can say DEGRADED when a fetch failed and the previous prices still serve. */
export const MarketFetchTopic = defineTopic(
  'market.fetches',
  z.object({
    region_id: z.number().int(),
    snapshot_id: z.number().int(),
    status: z.enum(['failed', 'unchanged']),
    detail: z.string(),
    started_at: z.string(),
    finished_at: z.string(),
  }),
)

export const PRICE_FIELDS = ['sell_min', 'buy_max', 'sell_5pct', 'buy_5pct'] as const

export const StationPriceRow = z
  .object({
    station_id: z.number().int(),
    type_id: z.number().int(),
    sell_min: z.number().nullable(),
    buy_max: z.number().nullable(),
    sell_5pct: z.number().nullable().meta({
      description: 'Volume-weighted average of the cheapest sell orders making up 5% of the sell volume at the station (sells above 100 × sell_min left out)',
    }),
    buy_5pct: z.number().nullable().meta({
      description: 'Volume-weighted average of the highest buy orders making up 5% of the buy volume at the station (buys below buy_max ÷ 100 left out)',
    }),
    sell_orders: z.number().int(),
    buy_orders: z.number().int(),
    sell_volume: z.number().int().meta({ description: 'Units for sale at the station, sells above 100 × sell_min left out' }),
    buy_volume: z.number().int().meta({ description: 'Units wanted at the station, buys below buy_max ÷ 100 left out' }),
    last_updated: z.string().meta({ description: 'ISO time the snapshot these prices come from was taken' }),
  })
  .meta({ id: 'StationPrice' })
export type StationPriceRow = z.infer<typeof StationPriceRow>

export const FallbackPriceRow = z
  .object({
    type_id: z.number().int(),
    sell_median: z.number().nullable(),
    sell_min: z.number().nullable(),
    buy_median: z.number().nullable(),
    buy_max: z.number().nullable(),
  })
  .meta({ id: 'RegionFallbackPrice' })
export type FallbackPriceRow = z.infer<typeof FallbackPriceRow>

const hubStation = IdParam.refine((id) => HUB_STATION_IDS.includes(id as (typeof HUB_STATION_IDS)[number]), {
  message: `station_id: must be one of the hubs (${HUBS.map((h) => `${h.station_id} ${h.label}`).join(', ')})`,
})
const hubRegion = IdParam.refine((id) => HUBS.some((h) => h.region_id === id), {
  message: `region_id: must be a hub region (${HUBS.map((h) => h.region_id).join(', ')})`,
})

export const MAX_PRICE_TYPE_IDS = 1000
export const StationPricesQuery = z.object({ station_id: hubStation, type_ids: idList(MAX_PRICE_TYPE_IDS, 'type_ids') })
export const FallbackPricesQuery = z.object({ region_id: hubRegion, type_ids: idList(MAX_PRICE_TYPE_IDS, 'type_ids') })
export const StationPricesResponse = z
  .object({
    rows: z.array(StationPriceRow),
    snapshot_at: z
      .string()
      .nullable()
      .meta({ description: "ISO time of the hub's market snapshot; null before the first one (then no type has a price, for want of data)" }),
  })
  .meta({ id: 'StationPrices' })
export const FallbackPricesResponse = z.object({ rows: z.array(FallbackPriceRow) }).meta({ id: 'RegionFallbackPrices' })
export const BulkPricesQuery = z.object({ station_id: hubStation, format: z.enum(['json', 'csv']).default('json') })
export const HistoryQuery = z.object({ station_id: hubStation, type_id: IdParam, days: z.coerce.number().int().min(1).max(365).default(30) })
export const HistoryRow = z
  .object({
    date: z.string().meta({ example: '2026-11-22' }),
    sell_min_low: z.number().nullable(),
    buy_max_high: z.number().nullable(),
    sell_5pct_close: z.number().nullable(),
    buy_5pct_close: z.number().nullable(),
    sell_5pct_avg: z.number().nullable(),
    buy_5pct_avg: z.number().nullable(),
    sell_volume_close: z.number().int(),
    buy_volume_close: z.number().int(),
    samples: z.number().int(),
  })
  .meta({ id: 'DailyPriceHistory' })
export const HistoryResponse = z.object({ station_id: z.number().int(), type_id: z.number().int(), rows: z.array(HistoryRow) }).meta({ id: 'PriceHistory' })

export const HubsResponse = z
  .object({ hubs: z.array(z.object({ station_id: z.number().int(), label: z.string(), system: z.string(), region_id: z.number().int() })) })
  .meta({ id: 'Hubs' })
