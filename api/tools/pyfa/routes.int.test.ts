import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { FittingCloseCode } from '../../../schemas/fitting-constants.js'
import { FittingSession, FittingStatus } from '../../../schemas/fitting.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { RfbTestClient } from './testing/rfb-client.js'
import { leaseOf, sessionTraces, waitFor } from './testing/traces.js'

const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-fitting-routes-'))
let app: TestApp

beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      FITTING_APP_COMMAND: 'xeyes',
      FITTING_MAX_SESSIONS: '3',
      FITTING_MAX_SESSIONS_PER_IP: '2',
      FITTING_SCREEN: '800x600',
      FITTING_RUNTIME_DIR: runtimeDir,
      FITTING_DISPLAY_BASE: '300',
    },
  )
})
afterAll(async () => {
  await app?.close()
  fs.rmSync(runtimeDir, { recursive: true, force: true })
})

/** Requests as if from a given client address (the app trusts X-Forwarded-For from its proxy). */
const from = (ip: string, init: RequestInit = {}): RequestInit => ({ ...init, headers: { 'X-Forwarded-For': ip, ...(init.headers ?? {}) } })
const start = (ip: string) => fetch(`${app.url}/api/pyfa/sessions`, from(ip, { method: 'POST' }))
const wsUrl = (p: string) => app.url.replace(/^http/, 'ws') + p
const endSession = (id: string) => fetch(`${app.url}/api/pyfa/sessions/${id}`, { method: 'DELETE' })

describe('POST /api/pyfa/sessions and the VNC websocket', () => {
  it('starts a session and streams its screen over RFB', async () => {
    const res = await start('198.51.100.20')
    expect(res.status).toBe(201)
    const session = FittingSession.parse(await res.json())
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(session).toMatchObject({
      screen: { width: 800, height: 600 },
      idleTimeoutSeconds: 7200,
      viewerConnected: false,
      vncPath: `/api/pyfa/sessions/${session.id}/vnc`,
    })

    const client = await RfbTestClient.open(wsUrl(session.vncPath), { Origin: app.url })
    const init = await client.handshake()
    expect(init.version).toMatch(/^RFB 003\.00[378]\n$/)
    expect(init).toMatchObject({ width: 800, height: 600, bitsPerPixel: 32 })
    const update = await client.fullScreen(800, 600)
    expect(update.rects).toBeGreaterThan(0)
    expect(update.pixels.some((b) => b !== 0)).toBe(true)

    const again = FittingSession.parse(await (await fetch(`${app.url}/api/pyfa/sessions/${session.id}`)).json())
    expect(again.viewerConnected).toBe(true)
    await client.close()
    await endSession(session.id)
  })

  it('refuses websocket upgrades for unknown sessions and from other sites', async () => {
    await expect(RfbTestClient.open(wsUrl('/api/pyfa/sessions/AAAAAAAAAAAAAAAAAAAAAA/vnc'))).rejects.toThrow('HTTP 404')
    await expect(RfbTestClient.open(wsUrl('/api/pyfa/sessions/nope/vnc'))).rejects.toThrow('HTTP 404')
    const session = FittingSession.parse(await (await start('198.51.100.21')).json())
    await expect(RfbTestClient.open(wsUrl(session.vncPath), { Origin: 'https://evil.example' })).rejects.toThrow('HTTP 403')
    await endSession(session.id)
  })

  it('answers 429 with Retry-After at the per-address and the server-wide limit', async () => {
    const ids: string[] = []
    for (const ip of ['203.0.113.30', '203.0.113.30']) {
      const res = await start(ip)
      expect(res.status).toBe(201)
      ids.push(((await res.json()) as { id: string }).id)
    }
    const perIp = await start('203.0.113.30')
    expect(perIp.status).toBe(429)
    expect(perIp.headers.get('retry-after')).toBe('30')
    const perIpBody = (await perIp.json()) as { error: string; details: unknown }
    expect(perIpBody.error).toMatch(/You already have 2 fitting sessions open/)
    expect(perIpBody.details).toEqual({ limit: 'ip', max: 2, retryAfterSeconds: 30 })

    const third = await start('203.0.113.31')
    expect(third.status).toBe(201)
    ids.push(((await third.json()) as { id: string }).id)
    const full = await start('203.0.113.32')
    expect(full.status).toBe(429)
    expect(((await full.json()) as { error: string }).error).toMatch(/All 3 fitting sessions on this server are in use/)

    const status = FittingStatus.parse(await (await fetch(`${app.url}/api/pyfa/status`)).json())
    expect(status).toMatchObject({ available: true, activeSessions: 3, maxSessions: 3, maxSessionsPerIp: 2 })
    for (const id of ids) expect((await endSession(id)).status).toBe(200)
    await waitFor(async () => FittingStatus.parse(await (await fetch(`${app.url}/api/pyfa/status`)).json()).activeSessions === 0, 'sessions to end')
    expect((await start('203.0.113.32')).status).toBe(201)
  })

  it('counts only starts that launch a session against the 12 starts per address, not the retries of a visitor turned away', async () => {
    const ip = '203.0.113.40'
    const idOf = async (res: Response) => {
      expect(res.status).toBe(201)
      return ((await res.json()) as { id: string }).id
    }
    const running = [await idOf(await start(ip)), await idOf(await start(ip))]
    // /pyfa/new at the per-address limit tries again every 30 s: 12 refusals are 6 minutes of waiting.
    for (let i = 0; i < 12; i++) {
      const refused = await start(ip)
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as { details: { limit?: string } }).details.limit).toBe('ip')
    }
    expect((await endSession(running.shift()!)).status).toBe(200)
    running.push(await idOf(await start(ip))) // start 3 of 12
    for (let n = 4; n <= 12; n++) {
      expect((await endSession(running.shift()!)).status).toBe(200)
      running.push(await idOf(await start(ip)))
    }
    expect((await endSession(running.shift()!)).status).toBe(200)
    const thirteenth = await start(ip)
    expect(thirteenth.status).toBe(429)
    expect(Number(thirteenth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await thirteenth.json()) as { error: string }).error).toMatch(/^Too many fitting sessions started from this address: try again in \d+ s$/)
    for (const id of running) await endSession(id)
  })

  it('ends a session on DELETE: the viewer is told, everything is removed, and the id answers 410', async () => {
    const session = FittingSession.parse(await (await start('198.51.100.22')).json())
    const lease = leaseOf(runtimeDir, session.id)!
    const client = await RfbTestClient.open(wsUrl(session.vncPath))
    await client.handshake()
    const res = await endSession(session.id)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ended: true })
    await client.closed
    expect(client.closeCode).toBe(FittingCloseCode.ended)
    expect(sessionTraces(runtimeDir, lease)).toEqual([])
    const gone = await fetch(`${app.url}/api/pyfa/sessions/${session.id}`)
    expect(gone.status).toBe(410)
    expect(await gone.json()).toEqual({
      error: expect.stringMatching(/ended: End session was pressed\. Nothing from it was kept\./),
      details: { reason: 'ended' },
    })
    expect((await fetch(`${app.url}/api/pyfa/sessions/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404)
    expect((await fetch(`${app.url}/api/pyfa/sessions/not-an-id`)).status).toBe(400)
  })

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/pyfa/status', '/api/pyfa/sessions', '/api/pyfa/sessions/{id}']))
  })

  it('ends every session, leaving nothing, when the server stops', async () => {
    const session = FittingSession.parse(await (await start('198.51.100.23')).json())
    const lease = leaseOf(runtimeDir, session.id)!
    const client = await RfbTestClient.open(wsUrl(session.vncPath))
    await client.handshake()
    expect(sessionTraces(runtimeDir, lease).length).toBeGreaterThan(0)
    await app.close()
    await client.closed
    expect(client.closeCode).toBe(FittingCloseCode.shutdown)
    expect(sessionTraces(runtimeDir, lease)).toEqual([])
    app = null as unknown as TestApp
  })
})

describe('on a server without a fitting application', () => {
  it('says plainly that the tool is not available here', async () => {
    const shared = inject('appUrl')
    const res = await fetch(`${shared}/api/pyfa/sessions`, { method: 'POST' })
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: string }).error).toBe(
      'The fitting tool is not available on this server: its operator has not set up a fitting application.',
    )
    const status = FittingStatus.parse(await (await fetch(`${shared}/api/pyfa/status`)).json())
    expect(status.available).toBe(false)
  })
})
