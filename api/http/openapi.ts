import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { OpenApiGeneratorV3, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import Router from '@koa/router'
import send from 'koa-send'

const require = createRequire(import.meta.url)

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

/**
 * `/api/openapi.json` and interactive docs at `/api/docs` (Swagger UI, served from the swagger-ui-dist
 * package so it works offline and under a strict CSP: no inline script, no CDN).
 */
export function openApiRoutes(getDocument: () => unknown): Router {
  const router = new Router()
  const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'))
  let cached: string | null = null
  router.get('/api/openapi.json', (ctx) => {
    cached ??= JSON.stringify(getDocument())
    ctx.type = 'application/json'
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.body = cached
  })
  // The spec's route table has `/api/` as the link to the API documentation.
  router.get('/api', (ctx) => ctx.redirect('/api/docs/'))
  // Swagger UI's assets are relative to the page, so the page lives at `/api/docs/`.
  router.get('/api/docs', (ctx) => {
    if (!ctx.path.endsWith('/')) return ctx.redirect('/api/docs/')
    ctx.type = 'text/html'
    ctx.body = DOCS_HTML
  })
  router.get('/api/docs/init.js', (ctx) => {
    ctx.type = 'application/javascript'
    ctx.body = DOCS_INIT
  })
  router.get('/api/docs/:file', async (ctx) => {
    const file = ctx.params.file
    if (!/^swagger-ui[\w.-]*\.(js|css)$/.test(file) || !fs.existsSync(path.join(swaggerDir, file))) return
    await send(ctx, file, { root: swaggerDir, maxage: 86_400_000 })
  })
  return router
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>J-Space Toolbox API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: true });`
