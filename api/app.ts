import Koa from 'koa'
import { bodyParser } from '@koa/bodyparser'
import compress from 'koa-compress'
import type { AppContext } from '../platform/context.js'
import { errorMiddleware } from '../platform/http/errors.js'
import { clientIp } from './http/client-ip.js'
import { buildOpenApiDocument, openApiRoutes } from './http/openapi.js'
import { ApiRouter } from './http/router.js'
import { securityHeaders } from './http/security.js'
import { staticUi } from './http/static-ui.js'
import { createPreviews } from './previews/index.js'
import { registerHealth } from './health.js'
import { catchAllRoutes, toolRoutes } from './tools/index.js'
import type { WsHub } from './ws/hub.js'
import type { PriceStore } from './common/price-store.js'

/** What route modules get: the shared context plus this api process's websocket hub and in-memory prices. */
export interface ApiContext extends AppContext {
  hub: WsHub
  prices: PriceStore
  /** Run `hook` when this api process stops, before its connections close (e.g. to end child processes). */
  onShutdown?: (hook: () => Promise<void>) => void
}

export interface ApiApp {
  koa: Koa
  router: ApiRouter
  openapi: () => unknown
}

/** The largest request body any call takes (saving an appraisal); deploy/nginx.conf must let it through. */
export const LARGEST_BODY_MB = 8

export async function createApi(ctx: ApiContext, options: { uiRoot?: string } = {}): Promise<ApiApp> {
  const koa = new Koa({ proxy: true })
  const router = new ApiRouter()

  registerHealth(router, ctx)
  for (const register of toolRoutes) await register(router, ctx)
  for (const register of catchAllRoutes) await register(router, ctx)

  let document: unknown = null
  const openapi = () => (document ??= buildOpenApiDocument(router.registry, ctx.version))

  // Clients that hang up mid-download are normal; everything else reaching here is worth a log line.
  koa.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return
    ctx.log.error({ err }, 'koa error')
  })
  // Before anything reads kctx.ip: koa's own reading takes the left end of X-Forwarded-For, which the client writes.
  koa.use((kctx, next) => {
    kctx.request.ip = clientIp(kctx.req.socket.remoteAddress ?? '', kctx.get('X-Forwarded-For'))
    return next()
  })
  koa.use(requestLog(ctx))
  koa.use(errorMiddleware(ctx.log))
  koa.use(compress({ threshold: 1024 }))
  koa.use(securityHeaders(ctx.config))
  const previews = createPreviews(ctx)
  koa.use(staticUi(options.uiRoot, previews.resolve))
  // Saving an appraisal sends the paste (up to 1 MB) and, as the spec's body has it, every row it became (up to
  // 20,000, about 150 bytes each): more than the 2 MB every other call is allowed.
  const appraisalSaveBody = bodyParser({ jsonLimit: `${LARGEST_BODY_MB}mb`, enableTypes: ['json'] })
  koa.use((kctx, next) => (kctx.method === 'POST' && kctx.path === '/api/appraisals' ? appraisalSaveBody(kctx, next) : next()))
  koa.use(bodyParser({ jsonLimit: '2mb', formLimit: '64kb', textLimit: '2mb', enableTypes: ['json', 'form', 'text'] }))
  koa.use(openApiRoutes(openapi, options.uiRoot).routes())
  koa.use(previews.routes.routes())
  koa.use(router.koa.routes())
  koa.use(router.koa.allowedMethods())
  return { koa, router, openapi }
}

function requestLog(ctx: AppContext): Koa.Middleware {
  const log = ctx.log.child({ component: 'http' })
  return async (kctx, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10
      const quiet = kctx.path === '/api/health' || kctx.path.startsWith('/assets/')
      log[quiet ? 'debug' : 'info']({ method: kctx.method, path: kctx.path, status: kctx.status, ms }, 'request')
    }
  }
}
