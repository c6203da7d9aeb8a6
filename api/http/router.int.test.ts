import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import Koa from 'koa'
import { bodyParser } from '@koa/bodyparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { idList } from '../../schemas/common.js'
import { createLogger } from '../../platform/log.js'
import { errorMiddleware, HttpError } from '../../platform/http/errors.js'
import { buildOpenApiDocument } from './openapi.js'
import { rateLimit } from './rate-limit.js'
import { ApiRouter, type RouteDoc, type RouteHandler } from './router.js'
import { endpoint, type EndpointSchemas, type HttpMethod } from '../../schemas/endpoint.js'

let server: http.Server
let base: string
const router = new ApiRouter()
/** A route declared in place, as schemas/ declares the product's endpoints. */
const at = <S extends EndpointSchemas>({ method, path, ...doc }: RouteDoc<S> & { method: HttpMethod; path: string }, handler: RouteHandler<S>) =>
  router.route(endpoint<S>(method, path), doc as RouteDoc<S>, handler)

beforeAll(async () => {
  at(
    {
      method: 'get',
      path: '/api/things/:id',
      summary: 'A thing',
      tags: ['Test'],
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ type_ids: idList(3, 'type_ids') }),
      response: z.object({ id: z.number(), type_ids: z.array(z.number()) }),
    },
    ({ params, query }) => ({ id: params.id, type_ids: query.type_ids }),
  )
  at(
    {
      method: 'post',
      path: '/api/things',
      summary: 'Make a thing',
      tags: ['Test'],
      body: z.object({ name: z.string().min(2, 'name: at least 2 characters'), qty: z.number().int().min(1) }),
      response: z.object({ ok: z.boolean() }),
    },
    () => ({ ok: true }),
  )
  at(
    {
      method: 'post',
      path: '/api/limited',
      summary: 'Rate-limited',
      tags: ['Test'],
      response: z.object({ ok: z.boolean() }),
      before: [rateLimit({ points: 2, durationSeconds: 60, message: 'Slow down' })],
    },
    () => ({ ok: true }),
  )
  at({ method: 'get', path: '/api/teapot', summary: 'Client error', tags: ['Test'], response: z.object({}) }, () => {
    throw new HttpError(418, 'I am a teapot', { hint: 'tea' })
  })
  at({ method: 'get', path: '/api/boom', summary: 'Bug', tags: ['Test'], response: z.object({}) }, () => {
    throw new Error('secret internals')
  })
  at(
    {
      method: 'get',
      path: '/api/ranked',
      summary: 'A required query number',
      tags: ['Test'],
      query: z.object({ rank: z.coerce.number().int() }),
      response: z.object({ rank: z.number() }),
    },
    ({ query }) => ({ rank: query.rank }),
  )
  at({ method: 'post', path: '/auth/ping', summary: 'Sign-in style route', tags: ['Test'], response: z.object({ ok: z.boolean() }) }, () => ({
    ok: true,
  }))
  const koa = new Koa()
  koa.use(errorMiddleware(createLogger('silent')))
  koa.use(bodyParser())
  koa.use(router.koa.routes())
  koa.use(router.koa.allowedMethods())
  server = http.createServer(koa.callback()).listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

describe('contract routes', () => {
  it('passes validated, coerced input to the handler', async () => {
    const res = await fetch(`${base}/api/things/7?type_ids=34,35,34`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: 7, type_ids: [34, 35] })
  })

  it('answers bad query input with a 400 that names the field', async () => {
    const res = await fetch(`${base}/api/things/7?type_ids=34,abc`)
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error).toBe("Check the item type ids: 'abc' is not a positive whole number.")
    expect(body.details[0].path).toBe('type_ids')
  })

  it('caps list sizes with a message that says so', async () => {
    const res = await fetch(`${base}/api/things/7?type_ids=1,2,3,4`)
    expect(res.status).toBe(400)
    expect((await res.json()).error).toContain('at most 3 ids per request (got 4)')
  })

  it('validates path parameters and bodies', async () => {
    expect((await fetch(`${base}/api/things/-1?type_ids=1`)).status).toBe(400)
    const res = await fetch(`${base}/api/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', qty: 0 }),
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error).toContain('The name must be at least 2 characters')
    expect(body.error).not.toMatch(/\bname:/)
    expect(body.error).toContain('The quantity')
  })

  it('answers a body that is not a JSON object with a sentence that says so', async () => {
    const post = async (body: string) => {
      const res = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
      return { status: res.status, error: ((await res.json()) as { error: string }).error }
    }
    expect(await post('{"name": "ab",')).toEqual({ status: 400, error: expect.stringMatching(/^The request body is not valid JSON: /) })
    for (const notAnObject of ['null', '"text"', '42'])
      expect(await post(notAnObject)).toEqual({ status: 400, error: 'The request body must be a JSON object' })
    expect(await post('{"__proto__": {"admin": true}}')).toEqual({
      status: 400,
      error: 'The request body must not contain a "__proto__" or "constructor.prototype" key',
    })
  })

  it('answers a body that does not match its Content-Encoding with a 4xx sentence, not a 500', async () => {
    const post = async (encoding: string) => {
      const res = await fetch(`${base}/api/things`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: '{"name":"ab","qty":1}',
      })
      return { status: res.status, error: ((await res.json()) as { error: string }).error }
    }
    for (const encoding of ['gzip', 'deflate', 'br']) {
      expect(await post(encoding)).toEqual({ status: 400, error: `The request body could not be decompressed as Content-Encoding ${encoding}` })
    }
    expect(await post('zstd')).toEqual({ status: 415, error: 'Unsupported Content-Encoding: zstd (send gzip, deflate, br or none)' })
    const gzipped = await fetch(`${base}/api/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync('{"name":"ab","qty":1}'),
    })
    expect(gzipped.status).toBe(200)
  })

  it('answers a method a path does not have with a JSON sentence, under /api/ and /auth/ alike', async () => {
    for (const path of ['/api/things', '/auth/ping']) {
      const res = await fetch(`${base}${path}`, { method: 'PUT' })
      expect(res.status).toBe(405)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({ error: `PUT is not allowed on ${path} (allowed: POST)` })
    }
  })

  it('names an unknown endpoint without echoing a path of any length', async () => {
    const res = await fetch(`${base}/api/${'x'.repeat(10_000)}`)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: string }).error).toBe(`No such endpoint: GET /api/${'x'.repeat(195)}…`)
  })

  it('answers a query parameter given twice with a sentence that says so, and ignores repeats it does not know', async () => {
    const res = await fetch(`${base}/api/things/7?type_ids=34&type_ids=35`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('Give the item type ids once, not 2 times.')
    expect((await fetch(`${base}/api/things/7?type_ids=34&utm=a&utm=b`)).status).toBe(200)
  })

  it('says a number is expected where text that is no number was given, not that NaN was received', async () => {
    const res = await fetch(`${base}/api/things/abc?type_ids=34`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('The id in the address must be a number.')
  })

  it('says a field that was left out is required, rather than what zod received or that a number is expected', async () => {
    const body = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ab' }) })
    expect(body.status).toBe(400)
    expect(((await body.json()) as { error: string }).error).toBe('Fill in the quantity.')
    const query = await fetch(`${base}/api/things/7`)
    expect(query.status).toBe(400)
    expect(((await query.json()) as { error: string }).error).toBe('Fill in the item type ids.')
    // a query number coerced from nothing is NaN: still 'required', while text that is no number stays 'must be a number'
    expect(((await (await fetch(`${base}/api/ranked`)).json()) as { error: string }).error).toBe('Fill in the rank.')
    expect(((await (await fetch(`${base}/api/ranked?rank=abc`)).json()) as { error: string }).error).toBe('The rank must be a number.')
  })

  it('rate-limits with 429, Retry-After and a JSON message', async () => {
    const post = () => fetch(`${base}/api/limited`, { method: 'POST' })
    expect((await post()).status).toBe(200)
    expect((await post()).status).toBe(200)
    const limited = await post()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await limited.json()).error).toMatch(/^Slow down: try again in \d+ s$/)
  })

  it('sends client errors as they are and hides unexpected ones', async () => {
    const tea = await fetch(`${base}/api/teapot`)
    expect(tea.status).toBe(418)
    expect(await tea.json()).toEqual({ error: 'I am a teapot', details: { hint: 'tea' } })
    const boom = await fetch(`${base}/api/boom`)
    expect(boom.status).toBe(500)
    expect(await boom.json()).toEqual({ error: 'Internal server error' })
  })

  it('documents every route from its contract', () => {
    const doc = buildOpenApiDocument(router.registry, '1.2.3') as unknown as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>>
    }
    const get = doc.paths['/api/things/{id}'].get
    expect(get.parameters?.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:type_ids'])
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400']))
    // A route with a body also answers what the body parser refuses: too large, or an encoding it cannot read.
    expect(Object.keys(doc.paths['/api/things'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415']))
    expect(Object.keys(get.responses)).not.toContain('413')
  })
})
