import { endpoint } from './endpoint.js'
import type { WormholeList, WormholeSystemDetail, WormholeSystemParams, WormholeTypeList } from './wormholes.js'

/** Endpoints of api/tools/wormholes/routes.ts (see schemas/endpoint.ts). */

/** Every wormhole system (2603: classes 1-6, 13 and the five Drifter systems; Thera excluded) */
export const getWormholes = endpoint<{ response: typeof WormholeList }>('get', '/api/wormholes')

/** Every wormhole type code with its total mass, jump mass, lifetime and destination */
export const getWormholeTypes = endpoint<{ response: typeof WormholeTypeList }>('get', '/api/wormhole-types')

/** One wormhole system with its statics (mass, jump mass, lifetime) and weather (what its effect does) */
export const getWormholesByJcode = endpoint<{ params: typeof WormholeSystemParams; response: typeof WormholeSystemDetail }>('get', '/api/wormholes/:jcode')
