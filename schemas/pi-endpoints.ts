import { endpoint } from './endpoint.js'
import type { PiCalcRequest, PiCalcResponse } from './pi.js'

/** Endpoints of api/tools/pi/routes.ts (see schemas/endpoint.ts). */

/** Planetary industry profit per batch for every P1-P4 product, at Jita 4-4 prices */
export const postPiCalc = endpoint<{ body: typeof PiCalcRequest; response: typeof PiCalcResponse }>('post', '/api/pi/calc')
