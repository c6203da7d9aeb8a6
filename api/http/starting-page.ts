import http from 'node:http'
import type { Logger } from '../../platform/log.js'

/** How often the page asks again, in seconds (also the API answers' Retry-After). */
const RETRY_SECONDS = 5

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}"><title>Starting · J-Space Toolbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#0b1020;color:#dde3f0;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:34rem;padding:24px}h1{font-size:1.4rem}p{color:#a9b3c8}</style></head>
<body><main><h1>J-Space Toolbox is starting</h1>
<p>It is getting ready. On the first start, and after an update of the game data, it imports the static game data first, which takes about a minute.</p>
<p>This page reloads itself every ${RETRY_SECONDS} seconds and shows the site as soon as it is ready.</p></main></body></html>`

/**
 * A stand-in that holds the site's port until the api listens: on a first start the static data import takes about
 * a minute, and embedded mode cannot serve the site meanwhile (the import holds the database). Pages get a short notice that reloads itself, API calls a 503
 * with the API's usual error shape, so nobody meets a refused connection on a fresh install.
 */
export async function startStartingPage(options: { port: number; host: string; log: Logger }): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const headers = { 'Retry-After': String(RETRY_SECONDS), 'Cache-Control': 'no-store' }
    if ((req.url ?? '').startsWith('/api/')) {
      res.writeHead(503, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ error: 'The site is starting (on a first start it imports the static game data, about a minute). Try again shortly.' }))
      return
    }
    res.writeHead(503, { ...headers, 'Content-Type': 'text/html; charset=utf-8' })
    res.end(req.method === 'HEAD' ? undefined : page)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  options.log.info({ port }, 'serving the starting page until the api is up')
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
