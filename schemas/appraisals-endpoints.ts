import { endpoint } from './endpoint.js'
import type {
  AppraisalIdParam,
  CompareHubsRequest,
  CompareHubsResponse,
  MediansRequest,
  MediansResponse,
  PriceHistoryQuery,
  PriceHistoryResponse,
  AppraiseRequest,
  AppraiseResponse,
  PackagedVolumesQuery,
  PackagedVolumesResponse,
  SaveAppraisalRequest,
  SaveAppraisalResponse,
  SavedAppraisal,
} from './appraisals.js'

/** Endpoints of api/tools/appraisals/routes.ts (see schemas/endpoint.ts). */

/** Appraise a paste at a hub without saving it */
export const postAppraise = endpoint<{ body: typeof AppraiseRequest; response: typeof AppraiseResponse }>('post', '/api/appraise')

/** Save an appraisal as a frozen snapshot and get its id */
export const postAppraisals = endpoint<{ body: typeof SaveAppraisalRequest; response: typeof SaveAppraisalResponse }>('post', '/api/appraisals')

/** A saved appraisal */
export const getAppraisalsById = endpoint<{ params: typeof AppraisalIdParam; response: typeof SavedAppraisal }>('get', '/api/appraisals/:id')

/** Packaged volumes of ships and containers among up to 1000 types */
export const getPackagedVolumes = endpoint<{ query: typeof PackagedVolumesQuery; response: typeof PackagedVolumesResponse }>('get', '/api/packaged-volumes')

/** The same paste priced at all five hubs */
export const postAppraiseHubs = endpoint<{ body: typeof CompareHubsRequest; response: typeof CompareHubsResponse }>('post', '/api/appraise/hubs')

/** 5- and 30-day medians of the hub's daily closing prices for many types */
export const postAppraisalMedians = endpoint<{ body: typeof MediansRequest; response: typeof MediansResponse }>('post', '/api/appraise/medians')

/** Daily closing prices of one type at a hub, for the appraisal's price chart */
export const getAppraisalPriceHistory = endpoint<{ query: typeof PriceHistoryQuery; response: typeof PriceHistoryResponse }>(
  'get',
  '/api/appraise/price-history',
)
