import fs from 'node:fs'
import path from 'node:path'
import type { Context, Next } from 'koa'
import send from 'koa-send'

export const UI_DIST = path.resolve('dist/ui')

const API_PREFIXES = ['/api/', '/auth/', '/ws']

/**
 * Serves the built React app: hashed assets cached for a year, every other GET that is not an API path
 * answered with index.html so client-side routes (and the UI's own 404 page) work on reload.
 */
export function staticUi(root = UI_DIST) {
  return async (ctx: Context, next: Next) => {
    await next()
    if (ctx.body !== undefined || ctx.status !== 404) return
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return
    if (API_PREFIXES.some((p) => ctx.path === p.replace(/\/$/, '') || ctx.path.startsWith(p))) return
    const index = path.join(root, 'index.html')
    if (!fs.existsSync(index)) {
      ctx.status = 503
      ctx.type = 'text/plain'
      ctx.body = 'The UI is not built yet: run `npm run build` (npm start does it for you).'
      return
    }
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root, maxage: 365 * 86_400_000, immutable: true, brotli: false, gzip: false })
      } catch {
        /* unknown asset: stays a 404 */
      }
      return
    }
    const file = ctx.path.slice(1)
    if (file && /^[\w.-]+\.(ico|png|svg|txt|webmanifest)$/.test(file) && fs.existsSync(path.join(root, file))) {
      await send(ctx, file, { root, maxage: 86_400_000 })
      return
    }
    ctx.set('Cache-Control', 'no-cache')
    await send(ctx, 'index.html', { root })
  }
}
