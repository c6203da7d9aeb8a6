import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { API_TIMEOUT_MS } from '../../lib/api'
import { serveOnLoopback } from '../../../platform/testing/loopback-server'
import { ADMIN_CALL_TEXT, adminCall, NotSignedIn } from './admin-api'

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

let server: Awaited<ReturnType<typeof serveOnLoopback>>
let base = ''
beforeAll(async () => {
  server = await serveOnLoopback((req, res) => {
    if (req.url === '/silent') return // never answers
    if (req.url === '/json') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    if (req.url === '/empty') return res.writeHead(204).end()
    if (req.url === '/refused')
      return res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"Invalid body: mode: must be one of both, kills, losses"}')
    if (req.url === '/plain') return res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error')
    if (req.url === '/signed-out') return res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"Not signed in"}')
    if (req.url === '/portal')
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html><body>Sign in to the hotel Wi-Fi</body></html>')
    res.writeHead(502, { 'Content-Type': 'text/html' }).end(NGINX_502)
  })
  base = server.url
})
afterAll(() => server.close())

describe('killfeed admin calls', () => {
  it('return the parsed answer, or nothing for an empty one', async () => {
    expect(await adminCall('GET', `${base}/json`)).toEqual({ ok: true })
    expect(await adminCall('DELETE', `${base}/empty`)).toBeUndefined()
  })

  it("throw the server's error sentence, its plain text, or NotSignedIn for a 401", async () => {
    await expect(adminCall('POST', `${base}/refused`, {})).rejects.toThrow('Invalid body: mode: must be one of both, kills, losses')
    await expect(adminCall('GET', `${base}/plain`)).rejects.toThrow(/^Internal Server Error$/)
    await expect(adminCall('GET', `${base}/signed-out`)).rejects.toBeInstanceOf(NotSignedIn)
  })

  it("say what a proxy's HTML error page means instead of showing its markup", async () => {
    const err = (await adminCall('GET', `${base}/gateway`).catch((e: unknown) => e)) as Error
    expect(err.message).not.toMatch(/</)
    expect(err.message).toBe('HTTP 502 Bad Gateway: the server (or a proxy in front of it) failed. Nothing was lost: try again in a minute.')
  })

  it("refuse an OK answer that is not JSON (a captive portal's page) with a sentence, not a parser error", async () => {
    const err = (await adminCall('GET', `${base}/portal`).catch((e: unknown) => e)) as Error
    expect(err.message).toBe("The server's answer was not data (text/html): a proxy or a captive portal may have answered. Try again.")
  })

  it('say the server could not be reached when the request never arrives', async () => {
    const closed = await serveOnLoopback(() => {})
    await closed.close()
    await expect(adminCall('GET', `${closed.url}/json`)).rejects.toThrow('Network error: the server could not be reached. Nothing was lost: try again.')
  })

  it('give up on a server that never answers, saying a change may not have been saved', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const call = adminCall('PATCH', `${base}/silent`, { enabled: false }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1)
      expect(((await call) as Error).message).toBe(ADMIN_CALL_TEXT.timedOut(API_TIMEOUT_MS / 1000))
    } finally {
      vi.useRealTimers()
    }
  })
})
