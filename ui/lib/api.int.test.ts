import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOnLoopback } from '../../platform/testing/loopback-server'
import { ApiError, ApiTimeoutError, apiGet } from './api'

let server: Awaited<ReturnType<typeof serveOnLoopback>>
let base = ''
beforeAll(async () => {
  server = await serveOnLoopback((req, res) => {
    if (req.url === '/json') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    if (req.url === '/empty') return res.writeHead(204).end()
    if (req.url === '/portal') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Sign in to the hotel Wi-Fi</body></html>')
    if (req.url === '/silent') return // never answers
    if (req.url === '/headers-only') return res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"ok":') // and never ends
    if (req.url === '/refused') return res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"runs: at least 1"}')
    res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad gateway</html>')
  })
  base = server.url
})
afterAll(() => server.close())

describe('api requests', () => {
  it('return the parsed answer, or nothing for an empty one', async () => {
    expect(await apiGet(`${base}/json`)).toEqual({ ok: true })
    expect(await apiGet(`${base}/empty`)).toBeUndefined()
  })

  it("refuse an OK answer that is no JSON (a proxy's or a captive portal's page), so no page reads a string as data", async () => {
    const err = await apiGet(`${base}/portal`).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).message).toBe("The server's answer was not data (text/html): a proxy or a server of another version may have answered.")
  })

  it("carry the server's error sentence, or 'HTTP {status}' without one", async () => {
    await expect(apiGet(`${base}/refused`)).rejects.toMatchObject({ status: 400, message: 'runs: at least 1' })
    await expect(apiGet(`${base}/gateway`)).rejects.toMatchObject({ status: 502, message: 'HTTP 502' })
  })

  it('give up on a server that never answers, or never finishes its answer, with a timeout error', async () => {
    for (const path of ['/silent', '/headers-only']) {
      const err = await apiGet(`${base}${path}`, { timeoutMs: 200 }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ApiTimeoutError)
      expect((err as ApiTimeoutError).message).toBe('The server did not answer within 0.2 s.')
    }
  })

  it("leave the caller's own abort an abort, not a timeout", async () => {
    const controller = new AbortController()
    const call = apiGet(`${base}/silent`, { signal: controller.signal, timeoutMs: 5_000 }).catch((e: unknown) => e)
    controller.abort()
    const err = await call
    expect(err).not.toBeInstanceOf(ApiTimeoutError)
    expect((err as Error).name).toBe('AbortError')
  })
})
