import { endpoint } from './endpoint.js'
import type { AuthUser, LoginRequest, OkResponse } from './auth.js'

/** Endpoints of api/auth/routes.ts (see schemas/endpoint.ts). */

/** The signed-in admin, or 401 */
export const getAuthMe = endpoint<{ response: typeof AuthUser }>('get', '/auth/me')

/** Sign in with username and password; sets the session cookie */
export const postAuthLogin = endpoint<{ body: typeof LoginRequest; response: typeof AuthUser }>('post', '/auth/login')

/** Sign out: revokes the session and clears the cookie */
export const postAuthLogout = endpoint<{ response: typeof OkResponse }>('post', '/auth/logout')
