import fs from 'node:fs'
import path from 'node:path'
import { OpenApiGeneratorV3, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import Router from '@koa/router'
import { DOCS_CSS, renderApiDocs } from './openapi-page.js'
import { UI_DIST } from './static-ui.js'

export function buildOpenApiDocument(registry: OpenAPIRegistry, version: string) {
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'J-Space Toolbox API',
      version,
      description:
        'The public API behind J-Space Toolbox: hub prices computed from ESI market orders, static game data, ' +
        'calculators and references for wormhole space. Every error is JSON `{error, details}`. See docs/api.md in the repository.',
    },
    servers: [{ url: '/' }],
  })
}

/** The UI's built stylesheets (hashed names, read from its index.html), so the docs page wears the site's theme. */
export function uiStylesheets(uiRoot: string): string[] {
  try {
    const html = fs.readFileSync(path.join(uiRoot, 'index.html'), 'utf8')
    return [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].flatMap((m) => /href="(\/assets\/[^"]+\.css)"/.exec(m[0])?.[1] ?? [])
  } catch {
    return []
  }
}

/**
 * `/api/openapi.json`, and its documentation page at `/api/docs/` (rendered on the server from the same document:
 * `openapi-page.ts`; no script).
 */
export function openApiRoutes(getDocument: () => unknown, uiRoot = UI_DIST): Router {
  const router = new Router()
  let cached: string | null = null
  let page: string | null = null
  router.get('/api/openapi.json', (ctx) => {
    cached ??= JSON.stringify(getDocument())
    ctx.type = 'application/json'
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.body = cached
  })
  // The spec's route table has `/api/` as the link to the API documentation.
  router.get('/api', (ctx) => ctx.redirect('/api/docs/'))
  // The page lives at `/api/docs/` (its links to sections are relative to it).
  router.get('/api/docs', (ctx) => {
    if (!ctx.path.endsWith('/')) return ctx.redirect('/api/docs/')
    page ??= renderApiDocs(getDocument(), uiStylesheets(uiRoot))
    ctx.type = 'text/html; charset=utf-8'
    ctx.set('Cache-Control', 'no-cache')
    ctx.body = page
  })
  router.get('/api/docs/docs.css', (ctx) => {
    ctx.type = 'text/css'
    ctx.set('Cache-Control', 'public, max-age=3600')
    ctx.body = DOCS_CSS
  })
  return router
}
