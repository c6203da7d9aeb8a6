import { endpoint } from './endpoint.js'
import type { ReactionFamiliesResponse, ReactionRequest, ReactionResult } from './reactions.js'

/** Endpoints of api/tools/reactions/routes.ts (see schemas/endpoint.ts). */

/** Profit of one reaction formula */
export const postReactionCalc = endpoint<{ body: typeof ReactionRequest; response: typeof ReactionResult }>('post', '/api/reaction-calc')

/** Every published reaction formula, grouped by family (the eight hybrid formulas are the default list) */
export const getReactionCalcFamilies = endpoint<{ response: typeof ReactionFamiliesResponse }>('get', '/api/reaction-calc/families')
