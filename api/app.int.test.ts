import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../platform/testing/in-process-app.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('api platform over real HTTP', () => {
  it('answers /api/health with a timed database round trip', async () => {
    const res = await fetch(`${app.url}/api/health`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.ok).toBe(true)
    expect(body.db.ok).toBe(true)
    expect(body.db.ms).toBeGreaterThanOrEqual(0)
    expect(body.stream).toBe('memory')
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${app.url}/api/no-such-thing`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'No such endpoint: GET /api/no-such-thing' })
  })

  it('sends security headers with a CSP that allows the UI and nothing else', async () => {
    const res = await fetch(`${app.url}/api/health`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain('img-src')
    expect(csp).toContain('https://images.evetech.net')
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('lets pages open websockets to their own host only', async () => {
    const host = new URL(app.url).host
    const csp = (await fetch(`${app.url}/killfeed`)).headers.get('content-security-policy') ?? ''
    const connect = csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('connect-src'))
    expect(connect).toBe(`connect-src 'self' ws://${host} wss://${host}`)
  })

  it('tells browsers to stay on https (HSTS) when the request came over https, and only then', async () => {
    expect((await fetch(`${app.url}/api/health`)).headers.get('strict-transport-security')).toBeNull()
    const secure = await fetch(`${app.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=15552000')
    const page = await fetch(`${app.url}/killfeed`, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(page.headers.get('strict-transport-security')).toBe('max-age=15552000')
  })

  it('publishes an OpenAPI document generated from the contracts, and a documentation page rendered from it', async () => {
    const doc = await (await fetch(`${app.url}/api/openapi.json`)).json()
    expect(doc.openapi).toBe('3.0.3')
    expect(doc.paths['/api/health'].get.summary).toBeTruthy()
    // ids are documented as integers, whatever checks run before the number is read
    const id = doc.paths['/api/killboard-summary/{solarsystemid}'].get.parameters.find((p: { name: string }) => p.name === 'solarsystemid')
    expect(id.schema).toMatchObject({ type: 'integer' })
    const docs = await fetch(`${app.url}/api/docs/`)
    expect(docs.status).toBe(200)
    const html = await docs.text()
    // every documented route is on the page, escaped, and the page needs no script
    expect(html).toContain('<code class="api-path">/api/killboard-summary/{solarsystemid}</code>')
    expect(html).toContain(doc.paths['/api/health'].get.summary)
    expect(html).not.toContain('<script')
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1.0" />')
    const css = await fetch(`${app.url}/api/docs/docs.css`)
    expect([css.status, css.headers.get('Content-Type')]).toEqual([200, 'text/css; charset=utf-8'])
    for (const address of ['/api/docs', '/api/', '/api']) {
      const redirect = await fetch(`${app.url}${address}`, { redirect: 'manual' })
      expect([address, redirect.status, redirect.headers.get('location')]).toEqual([address, 302, '/api/docs/'])
    }
  })

  it('compresses large responses', async () => {
    const res = await fetch(`${app.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' } })
    // fetch decodes transparently; the header says it travelled compressed
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(zlib).toBeTruthy()
  })

  it('rejects malformed JSON bodies with a 400, not a 500', async () => {
    const res = await fetch(`${app.url}/api/health`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"broken": ' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBeTruthy()
  })
})
