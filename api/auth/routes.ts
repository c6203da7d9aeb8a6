import { getAuthMe, postAuthLogin, postAuthLogout } from '../../schemas/auth-endpoints.js'
import type { Context } from 'koa'
import { AuthUser, LoginRequest, OkResponse } from '../../schemas/auth.js'
import type { ApiContext } from '../app.js'
import { HttpError } from '../../platform/http/errors.js'
import type { ApiRouter } from '../http/router.js'
import { LoginThrottle } from './login-throttle.js'
import { checkSameOrigin, clearSessionCookie, currentAdmin, isFormPost, notSignedIn, sessionPolicy, setSessionCookie, SESSION_COOKIE } from './middleware.js'
import { verifyAgainstNothing, verifyPassword } from './passwords.js'
import { createSession, findSession, revokeSession, type Session } from './sessions.js'
import { findUser } from './users.js'
import { QueueFullError, WorkQueue } from './work-queue.js'

/**
 * Password checks run one at a time with at most 8 waiting (about a second of argon2 work); a login past that
 * is answered 429 at once, so a login flood cannot take the cores and threads other requests need.
 */
export const LOGIN_QUEUE = { concurrency: 1, maxWaiting: 8 }

const describeUser = (s: Session, idleMs: number) => ({
  username: s.username,
  session_expires_at: new Date(s.expiresAt).toISOString(),
  idle_timeout_seconds: Math.round(idleMs / 1000),
})

/** The admin login: GET /auth/me, POST /auth/login, POST /auth/logout (see docs/operations.md, "Admin accounts"). */
export function register(router: ApiRouter, ctx: ApiContext) {
  const log = ctx.log.child({ component: 'auth' })
  const policy = sessionPolicy(ctx.config)
  const throttle = new LoginThrottle()
  const checks = new WorkQueue(LOGIN_QUEUE.concurrency, LOGIN_QUEUE.maxWaiting)

  router.route(
    getAuthMe,
    {
      summary: 'The signed-in admin, or 401',
      tags: ['Admin'],
      response: AuthUser,
      errors: { 401: 'Not signed in' },
      hidden: true,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      const admin = await currentAdmin(ctx, kctx)
      if (!admin) throw notSignedIn()
      return describeUser(admin.session, policy.idleMs)
    },
  )

  router.route(
    postAuthLogin,
    {
      summary: 'Sign in with username and password; sets the session cookie',
      tags: ['Admin'],
      body: LoginRequest,
      response: AuthUser,
      errors: { 401: 'Wrong username or password', 403: 'Refused by the CSRF check', 429: 'Too many failed logins, or too many logins at once' },
      before: [async (kctx, next) => (checkSameOrigin(kctx), next())],
      hidden: true,
    },
    async ({ body, ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      await throttle.begin(kctx.ip, body.username)
      let user, ok
      try {
        user = await findUser(ctx.ch, body.username)
        const found = user
        ok = await checks.run(() => (found ? verifyPassword(found.password_hash, body.password) : verifyAgainstNothing(body.password)))
      } catch (err) {
        await throttle.release(kctx.ip, body.username)
        if (err instanceof QueueFullError) throw new HttpError(429, 'Too many logins at once: try again in 1 s', undefined, { 'Retry-After': '1' })
        throw err
      }
      if (!user || !ok) {
        log.warn({ username: body.username, ip: kctx.ip }, 'admin login failed')
        throw new HttpError(401, 'Login failed: wrong username or password')
      }
      await throttle.succeeded(kctx.ip, body.username)
      await endCurrentSession(kctx)
      const { id, session } = await createSession(ctx.ch, user, policy)
      setSessionCookie(kctx, id, session.expiresAt)
      log.info({ username: user.username, ip: kctx.ip }, 'admin signed in')
      return describeUser(session, policy.idleMs)
    },
  )

  router.route(
    postAuthLogout,
    {
      summary: 'Sign out: revokes the session and clears the cookie',
      description: 'Accepts a JSON call (answered with {ok: true}) or a same-site form post (answered with a redirect to /killfeed).',
      tags: ['Admin'],
      response: OkResponse,
      errors: { 403: 'Refused by the CSRF check' },
      before: [async (kctx, next) => (checkSameOrigin(kctx, { allowForm: true }), next())],
      hidden: true,
    },
    async ({ ctx: kctx }) => {
      kctx.set('Cache-Control', 'no-store')
      const ended = await endCurrentSession(kctx)
      if (ended) log.info({ username: ended.username }, 'admin signed out')
      clearSessionCookie(kctx)
      if (isFormPost(kctx)) {
        kctx.status = 303
        kctx.redirect('/killfeed')
        return
      }
      return { ok: true as const }
    },
  )

  async function endCurrentSession(kctx: Context): Promise<Session | null> {
    const session = await findSession(ctx.ch, kctx.cookies.get(SESSION_COOKIE), policy)
    if (session) await revokeSession(ctx.ch, session)
    return session
  }
}
