import { endpoint } from './endpoint.js'
import type { ResolveRequest, ResolveResponse, StaticDataStatus, TypeInfo, TypeParams, TypeQuery } from './types.js'

/** Endpoints of api/catalog/routes.ts (see schemas/endpoint.ts). */

/** Resolve item names or type ids to types */
export const postTypesResolve = endpoint<{ body: typeof ResolveRequest; response: typeof ResolveResponse }>('post', '/api/types/resolve')

/** One type: group, volume, reprocessing outputs, blueprints and schematic that make it */
export const getTypesById = endpoint<{ query: typeof TypeQuery; params: typeof TypeParams; response: typeof TypeInfo }>('get', '/api/types/:id')

/** Which static data import is serving, and which community data sets it has */
export const getStaticStatus = endpoint<{ response: typeof StaticDataStatus }>('get', '/api/static/status')
