import fs from 'node:fs'
import path from 'node:path'
import type { Context, Next } from 'koa'
import send from 'koa-send'
import { LANDING_META, type PageAnswer } from '../previews/pages.js'
import { renderShell } from '../previews/html.js'
import { pagePreloads } from '../previews/preloads.js'

export const UI_DIST = path.resolve('dist/ui')

const API_PREFIXES = ['/api/', '/auth/', '/ws']

/** The built index.html, read again only when the build changes it. */
function shellReader(file: string) {
  let held: { mtimeMs: number; html: string } | null = null
  return () => {
    const { mtimeMs } = fs.statSync(file)
    if (held?.mtimeMs !== mtimeMs) held = { mtimeMs, html: fs.readFileSync(file, 'utf8') }
    return held.html
  }
}

/**
 * Serves the built React app: hashed assets cached for a year, every other GET that is not an API path answered with
 * index.html, so client-side routes work on reload. `resolve` reads the address as the page router will: its status
 * (404 for no page, so the app's not-found page goes out as a real 404) and its link preview tags, written into the
 * HTML's head for crawlers that run no script.
 */
export function staticUi(root = UI_DIST, resolve: (path: string) => Promise<PageAnswer> = async () => ({ status: 200, meta: LANDING_META })) {
  let shell: (() => string) | null = null
  const preloads = pagePreloads(path.join(root, '.vite/manifest.json'))
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
    shell ??= shellReader(index)
    const page = await resolve(ctx.path)
    ctx.status = page.status
    ctx.set('Cache-Control', 'no-cache')
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = renderShell(shell(), page.meta, ctx.href, `${ctx.protocol}://${ctx.host}`, page.status === 200 ? preloads(ctx.path) : '')
  }
}
