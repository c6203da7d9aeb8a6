import { endpoint } from './endpoint.js'
import type {
  AppraisalIdParam,
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
