import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '../log.js'
import { FakeEsi } from '../fakes/esi/server.js'
import { ESI_COMPATIBILITY_DATE, EsiClient, EsiError, esiUserAgent } from './client.js'

const esi = new FakeEsi()
let hits = 0
const modified = new Date('2026-11-22T10:00:00Z')

beforeAll(async () => {
  esi.route('GET', '/items/:id', (req) => (hits++, { body: { id: Number(req.params.id) }, expiresIn: Number(req.query.get('expires') ?? 0) }))
  esi.route('GET', '/paged', (req) => {
    const page = Number(req.query.get('page') ?? 1)
    return { body: [page * 10, page * 10 + 1], pages: 3, lastModified: modified, expiresIn: 0 }
  })
  esi.route('POST', '/echo', (req) => ({ body: req.body }))
  // An ESI whose clock is `skew` seconds off ours, caching for `expires` seconds by its own clock.
  esi.route('GET', '/skewed/:id', (req) => {
    hits++
    const served = Date.now() + Number(req.query.get('skew')) * 1000
    return {
      body: { id: Number(req.params.id) },
      headers: { Date: new Date(served).toUTCString(), Expires: new Date(served + Number(req.query.get('expires')) * 1000).toUTCString() },
    }
  })
  await esi.start()
})
afterAll(() => esi.close())
beforeEach(() => {
  esi.clearInjected()
  esi.setErrorLimit(100, 60)
  esi.requests.length = 0
})

const client = (overrides: Partial<ConstructorParameters<typeof EsiClient>[0]> = {}) =>
  new EsiClient({ baseUrl: esi.url, userAgent: esiUserAgent('9.9.9', 'ops@example.com'), log: createLogger('silent'), backoffMs: 10, ...overrides })

describe('ESI client against the fake ESI', () => {
  it('sends a descriptive User-Agent and the compatibility date', async () => {
    await client().get('/items/1')
    expect(esi.requests[0].headers['user-agent']).toBe('JSpaceToolbox/9.9.9 (ops@example.com)')
    expect(esi.requests[0].headers['x-compatibility-date']).toBe(ESI_COMPATIBILITY_DATE)
  })

  it('serves from cache until Expires, then revalidates with If-None-Match and reuses the body on 304', async () => {
    const c = client()
    hits = 0
    const first = await c.get<{ id: number }>('/items/2', { expires: 60 })
    const second = await c.get<{ id: number }>('/items/2', { expires: 60 })
    expect(first.fromCache).toBe(false)
    expect(second).toMatchObject({ fromCache: true, data: { id: 2 } })
    expect(hits).toBe(1)

    const stale = await c.get<{ id: number }>('/items/3', { expires: 0 })
    const revalidated = await c.get<{ id: number }>('/items/3', { expires: 0 })
    expect(stale.status).toBe(200)
    expect(revalidated).toMatchObject({ status: 304, fromCache: true, data: { id: 3 } })
    expect(esi.requests.at(-1)!.headers['if-none-match']).toBe(stale.etag)
  })

  it('fetches every page named by X-Pages, each with its Last-Modified', async () => {
    const pages = await client().getAllPages<number>('/paged')
    expect(pages.map((p) => p.data)).toEqual([
      [10, 11],
      [20, 21],
      [30, 31],
    ])
    expect(new Set(pages.map((p) => p.lastModified))).toEqual(new Set([modified.toUTCString()]))
  })

  it('retries 5xx answers with backoff, then gives up with an error', async () => {
    esi.failNext('/items/4', 502, 2)
    expect((await client().get<{ id: number }>('/items/4')).data).toEqual({ id: 4 })
    esi.failNext('/items/5', 503, 10)
    await expect(client({ retries: 2 }).get('/items/5')).rejects.toMatchObject({ status: 503 })
  })

  it('does not retry other client errors', async () => {
    esi.failNext('/items/6', 404, 5)
    const err = await client()
      .get('/items/6')
      .catch((e) => e)
    expect(err).toBeInstanceOf(EsiError)
    expect(err.status).toBe(404)
    expect(esi.requests.filter((r) => r.path === '/items/6')).toHaveLength(1)
  })

  it('retries a request that times out', async () => {
    esi.slowDown('/items/7', 300)
    const c = client({ timeoutMs: 100, retries: 1 })
    await expect(c.get('/items/7')).rejects.toMatchObject({ status: 0 })
    esi.clearInjected()
    expect((await c.get<{ id: number }>('/items/7')).data).toEqual({ id: 7 })
  })

  it('stops before the error limit and resumes after the reset', async () => {
    const c = client({ errorLimitFloor: 10 })
    esi.setErrorLimit(11, 1)
    esi.failNext('/items/8', 404, 1) // spends one: 10 left, at the floor
    await c.get('/items/8').catch(() => undefined)
    expect(c.pausedForSeconds).toBeGreaterThan(0)
    const started = Date.now()
    await c.get('/items/9')
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
  })

  it('never ignores a 420: it waits for the window to reset before trying again', async () => {
    const c = client({ errorLimitFloor: 0 })
    esi.setErrorLimit(0, 1)
    const started = Date.now()
    const res = await c.get<{ id: number }>('/items/10')
    expect(res.data).toEqual({ id: 10 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect(esi.requests.filter((r) => r.path === '/items/10').length).toBe(2) // the 420, then one after the reset
  })

  it('waits out a 429 with Retry-After', async () => {
    esi.rateLimitFor(1)
    const started = Date.now()
    expect((await client().get<{ id: number }>('/items/11')).data).toEqual({ id: 11 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
  })

  it('stops waiting out an error-limit pause when the caller aborts, so a shutdown does not wait for the window to reset', async () => {
    const c = client({ errorLimitFloor: 0 })
    esi.setErrorLimit(0, 60)
    const abort = new AbortController()
    const started = Date.now()
    setTimeout(() => abort.abort(), 200)
    await expect(c.get('/items/12', undefined, abort.signal)).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it("counts Expires from ESI's Date, not from our clock, so a clock off ESI's neither serves stale answers nor never caches", async () => {
    const c = client()
    hits = 0
    // Our clock 10 minutes behind ESI's, a 1 s cache: after 1.5 s the answer has expired and is asked again.
    await c.get('/skewed/1', { skew: 600, expires: 1 })
    await new Promise((r) => setTimeout(r, 1_500))
    expect((await c.get('/skewed/1', { skew: 600, expires: 1 })).status).toBe(304) // asked again (and not modified)
    expect(hits).toBe(2)
    // Our clock 10 minutes ahead of ESI's, a 60 s cache: the answer is still fresh.
    await c.get('/skewed/2', { skew: -600, expires: 60 })
    expect((await c.get('/skewed/2', { skew: -600, expires: 60 })).fromCache).toBe(true)
    expect(hits).toBe(3)
  })

  it('waits out the Retry-After of a 5xx before trying again, instead of its short backoff', async () => {
    esi.failNext('/items/13', 503, 1, { 'Retry-After': '1' })
    const started = Date.now()
    expect((await client().get<{ id: number }>('/items/13')).data).toEqual({ id: 13 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(esi.requests.filter((r) => r.path === '/items/13')).toHaveLength(2)
  })

  it('gives up at once on a 5xx whose Retry-After is long (maintenance), leaving the next run to ask again', async () => {
    esi.failNext('/items/14', 503, 5, { 'Retry-After': '600' })
    await expect(client().get('/items/14')).rejects.toMatchObject({ status: 503 })
    expect(esi.requests.filter((r) => r.path === '/items/14')).toHaveLength(1)
  })

  it('reads a Retry-After given as an HTTP date', async () => {
    esi.failNext('/items/15', 429, 1, { 'Retry-After': new Date(Date.now() + 2_000).toUTCString() })
    const started = Date.now()
    expect((await client().get<{ id: number }>('/items/15')).data).toEqual({ id: 15 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect(Date.now() - started).toBeLessThan(5_000) // not the 15 s assumed when Retry-After cannot be read
  })

  it('asks again when a 200 answer is cut off mid-body or is not JSON, instead of failing the request', async () => {
    esi.breakNext('/items/16', 1, 'cut')
    expect((await client().get<{ id: number }>('/items/16')).data).toEqual({ id: 16 })
    esi.breakNext('/items/17', 1, 'not-json')
    expect((await client().get<{ id: number }>('/items/17')).data).toEqual({ id: 17 })
    expect(esi.requests.filter((r) => r.path === '/items/16' || r.path === '/items/17')).toHaveLength(4)
  })

  it('gives up on answers that stay unreadable with an ESI error naming the path', async () => {
    esi.breakNext('/items/18', 10, 'not-json')
    const err = await client({ retries: 2 })
      .get('/items/18')
      .catch((e) => e)
    expect(err).toBeInstanceOf(EsiError)
    expect(err).toMatchObject({ status: 0, path: '/items/18' })
    expect(err.message).toMatch(/unreadable/)
    expect(esi.requests.filter((r) => r.path === '/items/18')).toHaveLength(3)
  })

  it('posts JSON bodies', async () => {
    expect((await client().post<string[]>('/echo', ['a', 'b'])).data).toEqual(['a', 'b'])
  })
})
