import { endpoint } from './endpoint.js'
import type {
  WormholeTypeDetail,
  WormholeTypeParams,
  SolarSystemIdParams,
  SystemResidents,
  WormholeList,
  WormholeSystemDetail,
  WormholeSystemParams,
  WormholeTypeList,
} from './wormholes.js'

/** Endpoints of api/tools/wormholes/routes.ts (see schemas/endpoint.ts). */

/** Every wormhole system (2603: classes 1-6, 13 and the five Drifter systems; Thera excluded) */
export const getWormholes = endpoint<{ response: typeof WormholeList }>('get', '/api/wormholes')

/** Every wormhole type code with its total mass, jump mass, lifetime and destination */
export const getWormholeTypes = endpoint<{ response: typeof WormholeTypeList }>('get', '/api/wormhole-types')

/** One wormhole system with its statics (mass, jump mass, lifetime) and weather (what its effect does) */
export const getWormholesByJcode = endpoint<{ params: typeof WormholeSystemParams; response: typeof WormholeSystemDetail }>('get', '/api/wormholes/:jcode')
/** The corporations seen most in a system's kills, with the UTC hours they are seen in */
export const getSystemResidents = endpoint<{ params: typeof SolarSystemIdParams; response: typeof SystemResidents }>(
  'get',
  '/api/system-residents/:solarsystemid',
)
/** One wormhole type by its code: where it leads, mass, lifetime, and the classes that see it as a static or wandering */
export const getWormholeTypeByCode = endpoint<{ params: typeof WormholeTypeParams; response: typeof WormholeTypeDetail }>('get', '/api/wormhole-types/:code')
