import type { Context, Middleware, Next } from 'koa'
import type { AppContext } from '../../platform/context.js'
import { HttpError } from '../../platform/http/errors.js'
import { findSession, touchSession, type Session, type SessionPolicy } from './sessions.js'

export const SESSION_COOKIE = 'jst_admin'
/** Header every cookie-authenticated write must carry (see checkSameOrigin). Any non-empty value. */
export const CSRF_HEADER = 'X-Requested-With'

export function sessionPolicy(config: AppContext['config']): SessionPolicy {
  return { idleMs: config.AUTH_SESSION_IDLE_MINUTES * 60_000, maxMs: config.AUTH_SESSION_MAX_HOURS * 3_600_000 }
}

export const notSignedIn = () => new HttpError(401, 'Not signed in')

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function sameHost(origin: string, kctx: Context): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // Only what the browser sent: the Host header. Koa's `host` (with `proxy` on) prefers X-Forwarded-Host, which a
  // client can send itself and nginx passed on, so a forged one made a foreign Origin look like ours (issue #39).
  const host = (kctx.get('Host') || '').toLowerCase()
  if (!host) return false
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return false
  }
  // Behind a proxy that forwards Host without the port ($host in nginx), compare host names.
  return url.host === host || (!host.includes(':') && url.hostname === hostname)
}

/**
 * CSRF protection for cookie-authenticated writes. The session cookie is SameSite=Strict already; on top of that:
 * - a request the browser marks as coming from another site (`Sec-Fetch-Site` other than same-origin) or with a
 *   foreign `Origin` is refused (`Origin: null` is treated as absent);
 * - JSON and body-less writes must carry the `X-Requested-With` header. A cross-site form cannot set a custom
 *   header, and a cross-site script that sets one needs a CORS preflight this server never approves;
 * - form posts (which cannot carry the header) are accepted only where `allowForm` is set (logout), and only when
 *   `Sec-Fetch-Site` or `Origin` positively shows our own origin.
 */
export function checkSameOrigin(kctx: Context, options: { allowForm?: boolean } = {}): void {
  if (SAFE_METHODS.has(kctx.method)) return
  const refuse = (why: string) => new HttpError(403, `Refused (CSRF protection): ${why}`)
  const site = kctx.get('Sec-Fetch-Site')
  // Browsers send `Origin: null` for our own form posts too when the page's referrer policy is no-referrer (ours
  // is): it says nothing either way, so it counts as absent and Sec-Fetch-Site decides.
  const origin = kctx.get('Origin') === 'null' ? '' : kctx.get('Origin')
  if (site && site !== 'same-origin') throw refuse('the request came from another site')
  if (origin && !sameHost(origin, kctx)) throw refuse('the request came from another origin')
  if (isFormPost(kctx)) {
    if (!options.allowForm) throw refuse('form posts are not accepted here')
    if (site !== 'same-origin' && !origin) throw refuse('a form post must show it comes from this site')
    return
  }
  if (!kctx.get(CSRF_HEADER)) throw refuse(`send the ${CSRF_HEADER} header with writes`)
}

/**
 * A request as an HTML form sends it (what a cross-site form could send too). Read from the header itself:
 * koa's `is()` answers null for a request without a body, and an empty form post has none.
 */
export function isFormPost(kctx: Context): boolean {
  return ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(kctx.request.type)
}

export interface AdminState {
  username: string
  session: Session
}

/** The signed-in admin of a request that passed `requireAdmin`. */
export const adminOf = (kctx: Context): AdminState => kctx.state.admin as AdminState

/** Look up the request's session (null when there is none or it has ended) and record the activity. */
export async function currentAdmin(ctx: AppContext, kctx: Context): Promise<AdminState | null> {
  const policy = sessionPolicy(ctx.config)
  const session = await findSession(ctx.ch, kctx.cookies.get(SESSION_COOKIE), policy)
  if (!session) return null
  await touchSession(ctx.ch, session, policy)
  return { username: session.username, session }
}

/**
 * Route guard for admin calls: 401 JSON without a live session, 403 for a write that fails the CSRF check.
 * Sets `kctx.state.admin` and keeps the answers out of caches. Use it as a route's `before` middleware.
 */
export function requireAdmin(ctx: AppContext): Middleware {
  return async (kctx: Context, next: Next) => {
    kctx.set('Cache-Control', 'no-store')
    const admin = await currentAdmin(ctx, kctx)
    if (!admin) throw notSignedIn()
    checkSameOrigin(kctx)
    kctx.state.admin = admin
    await next()
  }
}

export function setSessionCookie(kctx: Context, id: string, expiresAt: number): void {
  kctx.cookies.set(SESSION_COOKIE, id, { httpOnly: true, sameSite: 'strict', secure: kctx.secure, path: '/', expires: new Date(expiresAt), overwrite: true })
}

export function clearSessionCookie(kctx: Context): void {
  kctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'strict', secure: kctx.secure, path: '/', overwrite: true })
}
