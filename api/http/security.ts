import type { IncomingMessage } from 'node:http'
import type { Context, Next } from 'koa'
import helmet from 'koa-helmet'
import type { Config } from '../../schemas/config.js'

/**
 * Security headers. The CSP allows exactly what the UI uses: our own scripts, inline style attributes
 * (React and Swagger UI set them), images from the game's image server, and our own websocket.
 */
export function securityHeaders(config: Pick<Config, 'IMAGE_SERVER_URL'>) {
  const images = new URL(config.IMAGE_SERVER_URL).origin
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', images],
        connectSrc: ["'self'", ownWebsocket],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false, // set below, only on answers that went out over https
  })
  return async (kctx: Context, next: Next) => {
    // Over https (as the proxy's X-Forwarded-Proto says): keep browsers on https from then on. Browsers ignore
    // the header on plain http, and a site served only over http must not send it.
    if (kctx.secure) kctx.set('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`)
    return headers(kctx, next)
  }
}

/**
 * The websocket on the host the page was loaded from. CSP 3 browsers count same-host ws/wss as 'self', but
 * Safari before 15.4 does not, so the host is named too; a bare `ws: wss:` would let a script reach any host.
 * A Host header that is not a plain host[:port] (the browser never sends one) names nothing.
 */
export function ownWebsocket(req: IncomingMessage): string {
  const host = req.headers.host ?? ''
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'"
}

const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/** 180 days, without includeSubDomains: other services on sibling hosts may still be plain http. */
export const HSTS_MAX_AGE_SECONDS = 15_552_000
