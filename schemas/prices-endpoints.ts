import { endpoint } from './endpoint.js'
import type {
  BulkPricesQuery,
  FallbackPricesQuery,
  FallbackPricesResponse,
  HistoryQuery,
  HistoryResponse,
  HubsResponse,
  StationPricesQuery,
  StationPricesResponse,
} from './market.js'

/** Endpoints of api/tools/prices/routes.ts (see schemas/endpoint.ts). */

/** The five trade hubs prices are computed for */
export const getPricesHubs = endpoint<{ response: typeof HubsResponse }>('get', '/api/prices/hubs')

/** Hub prices for up to 1000 types */
export const getPricesStation = endpoint<{ query: typeof StationPricesQuery; response: typeof StationPricesResponse }>('get', '/api/prices/station')

/** Region-wide fallback prices for up to 1000 types */
export const getPricesFallback = endpoint<{ query: typeof FallbackPricesQuery; response: typeof FallbackPricesResponse }>('get', '/api/prices/fallback')

/** One hub's whole price table, as JSON or CSV */
export const getPricesBulk = endpoint<{ query: typeof BulkPricesQuery; response: typeof StationPricesResponse }>('get', '/api/prices/bulk')

/** Daily price history of one type at a hub: the last `days` days, today included (up to 365) */
export const getPricesHistory = endpoint<{ query: typeof HistoryQuery; response: typeof HistoryResponse }>('get', '/api/prices/history')
