import { deletePyfaSessionsById, getPyfaSessionsById, getPyfaStatus, postPyfaSessions } from '../../../schemas/pyfa-endpoints.js'
import type { Context } from 'koa'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { FITTING_END_MESSAGES, fittingVncPath } from '../../../schemas/fitting-constants.js'
import { FittingEnded, FittingSession, FittingSessionParams, FittingStatus, type FittingLimitDetails } from '../../../schemas/fitting.js'
import type { ApiContext } from '../../app.js'
import { HttpError } from '../../../platform/http/errors.js'
import { rateLimitedBody } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { clientGroup, FittingLimitError, FittingSessionManager, FittingUnavailableError, LIMIT_RETRY_SECONDS, managerSettings } from './manager.js'
import { SessionStartError, type FittingSession as Session } from './session.js'
import { vncUpgradeHandler } from './vnc-proxy.js'

const tags = ['Fitting tool']

/** Session starts one address may make per window (each start launches processes). */
const STARTS_PER_WINDOW = 12
const START_WINDOW_SECONDS = 600

/**
 * The fitting tool's session service: start, look up and end sessions over HTTP; the screen travels over the
 * websocket at `vncPath` (handled by `vncUpgradeHandler` on the same server).
 */
export function register(router: ApiRouter, ctx: ApiContext): void {
  const log = ctx.log.child({ component: 'fitting' })
  const manager = new FittingSessionManager(managerSettings(ctx.config), log)
  const starts = new RateLimiterMemory({ points: STARTS_PER_WINDOW, duration: START_WINDOW_SECONDS })
  ctx.hub.onUpgrade('/api/pyfa/', vncUpgradeHandler(manager, log))
  ctx.onShutdown?.(() => manager.stopAll())

  const describe = (session: Session): FittingSession => ({
    id: session.id,
    createdAt: new Date(session.createdAt).toISOString(),
    lastInputAt: new Date(session.lastInputAt).toISOString(),
    idleTimeoutSeconds: manager.settings.idleTimeoutMs / 1000,
    idleDeadline: new Date(session.lastInputAt + manager.settings.idleTimeoutMs).toISOString(),
    viewerConnected: manager.isViewerAttached(session.id),
    screen: session.screen,
    vncPath: fittingVncPath(session.id),
  })

  const find = (id: string): Session => {
    const session = manager.get(id)
    if (session) return session
    const reason = manager.endedReason(id)
    if (reason) throw new HttpError(410, `This fitting session has ended: ${FITTING_END_MESSAGES[reason]} Nothing from it was kept.`, { reason })
    throw new HttpError(404, 'There is no fitting session with this id: it has ended, or the link is wrong.')
  }

  router.route(
    getPyfaStatus,
    {
      summary: 'Whether fitting sessions can start here, and the limits',
      tags,
      response: FittingStatus,
    },
    () => manager.status(),
  )

  router.route(
    postPyfaSessions,
    {
      summary: 'Start a fitting session',
      description:
        'Starts an isolated, temporary desktop session running the fitting application and answers with its id and the websocket path of its screen (RFB protocol, for noVNC). Sessions end after the idle timeout without keyboard or mouse input, when no browser has been connected for a minute, or on DELETE.',
      tags,
      response: FittingSession,
      errors: {
        429: 'A per-address or server-wide session limit is reached (Retry-After says when to try again)',
        503: 'Sessions cannot start on this server (details.retry false), or this start failed (details.retry true)',
      },
    },
    async ({ ctx: koa }) => {
      const session = await start(manager, starts, koa)
      koa.status = 201
      return describe(session)
    },
  )

  router.route(
    getPyfaSessionsById,
    {
      summary: 'A running fitting session',
      tags,
      params: FittingSessionParams,
      response: FittingSession,
      errors: { 404: 'No such session', 410: 'The session has ended (details.reason says why)' },
    },
    ({ params }) => describe(find(params.id)),
  )

  router.route(
    deletePyfaSessionsById,
    {
      summary: 'End a fitting session now',
      tags,
      params: FittingSessionParams,
      response: FittingEnded,
      errors: { 404: 'No such session', 410: 'The session had already ended' },
    },
    async ({ params }) => {
      find(params.id)
      await manager.end(params.id, 'ended')
      return { ended: true as const }
    },
  )
}

async function start(manager: FittingSessionManager, starts: RateLimiterMemory, koa: Context): Promise<Session> {
  const client = clientGroup(koa.ip)
  try {
    await starts.consume(client)
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
    const body = rateLimitedBody('Too many fitting sessions started from this address', seconds)
    throw new HttpError(429, body.error, body.details, { 'Retry-After': String(seconds) })
  }
  try {
    return await manager.create(koa.ip)
  } catch (err) {
    // A start turned away before launching anything does not count: /pyfa/new retries by itself while the
    // server is full, and those retries must not use up the visitor's starts.
    if (err instanceof FittingLimitError || err instanceof FittingUnavailableError) await starts.reward(client, 1)
    if (err instanceof FittingLimitError) {
      const details: FittingLimitDetails = { limit: err.limit, max: err.max, retryAfterSeconds: LIMIT_RETRY_SECONDS }
      throw new HttpError(429, err.message, details, { 'Retry-After': String(LIMIT_RETRY_SECONDS) })
    }
    // details.retry tells the page whether trying again may help (a start that failed) or not (no Pyfa here).
    if (err instanceof FittingUnavailableError) throw new HttpError(503, err.message, { retry: false })
    if (err instanceof SessionStartError) throw new HttpError(503, `The fitting session could not be started: ${err.message}`, { retry: true })
    throw err
  }
}
