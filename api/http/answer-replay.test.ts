import http from 'node:http'
import zlib from 'node:zlib'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/log.js'
import { AnswerReplay } from './answer-replay.js'
import { cachedBody, sendCachedBody, VersionedBodyCache, type CachedBody } from './cached-body.js'
import { rateLimit } from './rate-limit.js'
import { securityHeaders } from './security.js'

let server: http.Server | undefined
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())))

/** A Koa app with one cacheable answer, counting the requests that reached it. */
async function start(points = 100) {
  const state = { version: 1, reached: 0 }
  const cache = new VersionedBodyCache()
  const limit = rateLimit({ points, durationSeconds: 60, message: 'Too many price requests from your address' })
  const koa = new Koa({ proxy: true })
  koa.use(securityHeaders({ IMAGE_SERVER_URL: 'https://images.evetech.net' }))
  koa.use(async (kctx, next) => {
    if (kctx.path !== '/answer') return next()
    await limit(kctx, async () => {
      state.reached++
      const version = state.version
      const question = String(kctx.query.q)
      kctx.set('Cache-Control', 'public, max-age=60')
      kctx.set('Content-Disposition', 'inline')
      const body = cache.get(question, version, () => cachedBody({ q: question, version, filler: 'x'.repeat(2000) }, `"${version}-${question}"`))
      const encode = (b: CachedBody, encoding: 'gzip' | 'br') => cache.encoded(b, encoding)
      sendCachedBody(kctx, body, encode)
      AnswerReplay.offer(kctx.req, {
        current: () => (state.version === version ? cache.peek(question, version) : undefined),
        encode,
        allows: limit.allows,
        headers: () => ({ 'Cache-Control': 'public, max-age=30' }),
      })
    })
  })
  koa.use((kctx) => {
    kctx.body = { other: true }
  })
  server = http.createServer(new AnswerReplay(createLogger('silent')).wrap(koa.callback()))
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', () => done()))
  const { port } = server.address() as { port: number }
  return { state, url: `http://127.0.0.1:${port}` }
}

describe('answer replay', () => {
  it('answers the same URL again without the app, with the same headers and bytes, until the version moves', async () => {
    const { state, url } = await start()
    const first = await fetch(`${url}/answer?q=a`, { headers: { 'Accept-Encoding': 'identity' } })
    const again = await fetch(`${url}/answer?q=a`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(state.reached).toBe(1)
    expect(await again.text()).toBe(await first.text())
    for (const name of ['content-security-policy', 'x-content-type-options', 'content-disposition', 'etag', 'content-type'])
      expect(again.headers.get(name), name).toBe(first.headers.get(name))
    expect(again.headers.get('cache-control')).toBe('public, max-age=30') // per request, from the offer
    await fetch(`${url}/answer?q=b`)
    expect(state.reached).toBe(2) // another question goes through the app

    state.version = 2
    const moved = (await (await fetch(`${url}/answer?q=a`)).json()) as { version: number }
    expect(moved.version).toBe(2)
    expect(state.reached).toBe(3)
    await fetch(`${url}/answer?q=a`)
    expect(state.reached).toBe(3)
  })

  it('replays 304 to a client that has the ETag, gzip to one that accepts it, and HEAD without a body', async () => {
    const { state, url } = await start()
    const first = await fetch(`${url}/answer?q=a`)
    const etag = first.headers.get('etag')!
    const notModified = await fetch(`${url}/answer?q=a`, { headers: { 'If-None-Match': `W/${etag}` } })
    expect(notModified.status).toBe(304)
    const gz = await new Promise<{ encoding?: string; body: Buffer }>((done) =>
      http.get(`${url}/answer?q=a`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => done({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
      }),
    )
    expect(gz.encoding).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toMatchObject({ q: 'a', version: 1 })
    const head = await fetch(`${url}/answer?q=a`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(state.reached).toBe(1)
  })

  it('still counts replayed answers against the rate limit, and lets the app answer the 429', async () => {
    const { state, url } = await start(3)
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${url}/answer?q=a`)).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const refused = await fetch(`${url}/answer?q=a`)
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('Too many price requests from your address') })
    expect(state.reached).toBe(1)
  })

  it('keeps each Host apart, since the security headers name it, and never replays what was not offered', async () => {
    const { state, url } = await start()
    await fetch(`${url}/answer?q=a`)
    const other = await new Promise<string | undefined>((done) =>
      http.get(`${url}/answer?q=a`, { headers: { Host: 'example.org' } }, (res) => {
        res.resume()
        done(res.headers['content-security-policy'] as string | undefined)
      }),
    )
    expect(other).toContain('ws://example.org')
    expect(state.reached).toBe(2)
    const plain = await fetch(`${url}/elsewhere`)
    expect(await plain.json()).toEqual({ other: true })
  })
})
