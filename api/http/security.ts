import helmet from 'koa-helmet'
import type { Config } from '../../schemas/config.js'

/**
 * Security headers. The CSP allows exactly what the UI uses: our own scripts, inline style attributes
 * (React and Swagger UI set them), images from the game's image server, and our own websocket.
 */
export function securityHeaders(config: Pick<Config, 'IMAGE_SERVER_URL'>) {
  const images = new URL(config.IMAGE_SERVER_URL).origin
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', images],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false, // set by the TLS-terminating proxy in production
  })
}
