import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FittingCloseCode, fittingVncPath } from '../../../schemas/fitting-constants.js'
import { createLogger } from '../../../platform/log.js'
import { clientGroup, FittingLimitError, FittingSessionManager, FittingUnavailableError, type ManagerSettings } from './manager.js'
import { processesOfUid } from './processes.js'
import { SessionStartError, type FittingSession } from './session.js'
import { RfbTestClient } from './testing/rfb-client.js'
import { leaseOf, listeningTcpSocketsOf, sessionTraces, waitFor, type LeaseInfo } from './testing/traces.js'
import { vncUpgradeHandler } from './vnc-proxy.js'

const log = createLogger('silent')
const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-fitting-test-'))
const managers: FittingSessionManager[] = []
let proxy: { url: string; use(manager: FittingSessionManager, handshakeTimeoutMs?: number): void; close(): Promise<void> }

function manager(over: Partial<ManagerSettings> = {}): FittingSessionManager {
  const m = new FittingSessionManager(
    {
      appCommand: 'xeyes',
      maxSessions: 4,
      maxSessionsPerIp: 2,
      idleTimeoutMs: 7_200_000,
      disconnectGraceMs: 30_000,
      screen: { width: 640, height: 480 },
      runtimeDir,
      displayBase: 100,
      uidBase: 1_900_000_000,
      ...over,
    },
    log,
  )
  managers.push(m)
  proxy.use(m)
  return m
}

/** A plain HTTP server whose websocket upgrades go to the VNC proxy of the manager under test. */
async function startProxy() {
  let current: ReturnType<typeof vncUpgradeHandler> | null = null
  const server = http.createServer((_req, res) => res.end())
  server.on('upgrade', (req, socket, head) => current?.(req, socket, head))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `ws://127.0.0.1:${port}`,
    use: (m: FittingSessionManager, handshakeTimeoutMs?: number) => (current = vncUpgradeHandler(m, log, handshakeTimeoutMs)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function viewer(session: FittingSession): Promise<RfbTestClient> {
  const client = await RfbTestClient.open(proxy.url + fittingVncPath(session.id))
  await client.handshake()
  return client
}

const lease = (session: FittingSession): LeaseInfo => {
  const found = leaseOf(runtimeDir, session.id)
  if (!found) throw new Error('session has no lease')
  return found
}

async function expectNoTrace(info: LeaseInfo) {
  await waitFor(
    () => sessionTraces(runtimeDir, info).length === 0,
    `no trace of session on display ${info.display}: ${sessionTraces(runtimeDir, info).join('; ')}`,
  )
}

beforeAll(async () => {
  proxy = await startProxy()
})
afterEach(async () => {
  for (const m of managers.splice(0)) await m.stopAll()
})
afterAll(async () => {
  await proxy?.close()
  fs.rmSync(runtimeDir, { recursive: true, force: true })
})

describe('a fitting session', () => {
  it('runs a private display, the application and a VNC server as a uid of its own, with no TCP port', async () => {
    const m = manager()
    const session = await m.create('198.51.100.1')
    const info = lease(session)
    expect(info.uid).toBe(1_900_000_000 + info.display)
    const pids = processesOfUid(info.uid)
    const commands = pids.map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0])
    expect(commands).toEqual(expect.arrayContaining(['Xvfb', 'x11vnc', 'xeyes']))
    expect(listeningTcpSocketsOf(pids)).toEqual([])
    const dir = fs.statSync(session.dir)
    expect(dir.uid).toBe(info.uid)
    expect(dir.mode & 0o777).toBe(0o700)
    expect(fs.statSync(runtimeDir).mode & 0o777).toBe(0o711)

    const client = await viewer(session)
    const { pixels } = await client.fullScreen(640, 480)
    expect(pixels.length).toBe(640 * 480 * 4)
    expect(pixels.some((byte) => byte !== 0)).toBe(true) // xeyes is drawn on the black root window
    await client.close()
  })

  it('keeps sessions apart: another session cannot enter its folder or open its display', async () => {
    const m = manager()
    const a = await m.create('198.51.100.2')
    const b = await m.create('198.51.100.3')
    const [la, lb] = [lease(a), lease(b)]
    expect(la.uid).not.toBe(lb.uid)
    expect(la.display).not.toBe(lb.display)
    const asB = (argv: string[], env: Record<string, string> = {}) =>
      spawnSync('setpriv', [`--reuid=${lb.uid}`, `--regid=${lb.uid}`, '--clear-groups', '--', ...argv], {
        env: { PATH: '/usr/bin:/bin', HOME: b.home, ...env },
        timeout: 5000,
      })
    expect(asB(['ls', a.dir]).status).not.toBe(0)
    expect(asB(['ls', b.dir]).status).toBe(0)
    // Session B's own X cookie does not open A's display (and xeyes would keep running if it did).
    const probe = asB(['xeyes', '-display', `:${la.display}`], { XAUTHORITY: path.join(b.dir, 'Xauthority') })
    expect(probe.status).not.toBe(0)
    expect(probe.stderr.toString()).toMatch(/Can't open display|Authorization required|Invalid MIT-MAGIC-COOKIE/i)
  })

  it('removes every process and file when ended, and frees its place', async () => {
    const m = manager({ maxSessions: 1 })
    const session = await m.create('198.51.100.4')
    const info = lease(session)
    const client = await viewer(session)
    expect(await m.end(session.id)).toBe(true)
    await client.closed
    expect(client.closeCode).toBe(FittingCloseCode.ended)
    await expectNoTrace(info)
    expect(m.get(session.id)).toBeUndefined()
    expect(m.endedReason(session.id)).toBe('ended')
    await waitFor(() => m.status().activeSessions === 0, 'the place to free up')
    const next = await m.create('198.51.100.4')
    expect(next.state).toBe('running')
  })

  it('ends when the application exits, telling the browser why', async () => {
    const m = manager()
    const session = await m.create('198.51.100.5')
    const info = lease(session)
    const client = await viewer(session)
    const xeyes = processesOfUid(info.uid).find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('xeyes'))
    process.kill(xeyes!, 'SIGTERM')
    await client.closed
    expect(client.closeCode).toBe(FittingCloseCode.appExited)
    await expectNoTrace(info)
    expect(m.endedReason(session.id)).toBe('appExited')
  })

  it('never touches an X display someone else is using', async () => {
    const foreign = spawn('Xvfb', [':150', '-screen', '0', '320x240x24', '-nolisten', 'tcp'], { stdio: 'ignore' })
    try {
      await waitFor(() => fs.existsSync('/tmp/.X11-unix/X150'), 'the foreign X server')
      const m = manager({ displayBase: 150 })
      const session = await m.create('198.51.100.7')
      expect(session.display).toBe(151)
      await m.end(session.id)
      expect(foreign.exitCode).toBeNull()
      expect(fs.existsSync('/tmp/.X150-lock')).toBe(true)
    } finally {
      foreign.kill()
      await new Promise((resolve) => foreign.once('exit', resolve))
    }
  })

  it('refuses to start when the application exits at once, leaving nothing behind', async () => {
    const m = manager({ appCommand: 'false' })
    await expect(m.create('198.51.100.6')).rejects.toThrow(SessionStartError)
    expect(fs.readdirSync(runtimeDir).filter((f) => f.startsWith('display-'))).toEqual([])
    expect(m.status().activeSessions).toBe(0)
  })
})

describe('limits', () => {
  it('allows a number of sessions per address and overall, and says which limit was hit', async () => {
    const m = manager({ maxSessionsPerIp: 1, maxSessions: 2 })
    await m.create('203.0.113.1')
    const perIp = await m.create('203.0.113.1').catch((e: unknown) => e)
    expect(perIp).toBeInstanceOf(FittingLimitError)
    expect((perIp as FittingLimitError).limit).toBe('ip')
    expect((perIp as Error).message).toMatch(/already have 1 fitting session open/)
    await m.create('203.0.113.2')
    const global = await m.create('203.0.113.3').catch((e: unknown) => e)
    expect(global).toBeInstanceOf(FittingLimitError)
    expect((global as FittingLimitError).limit).toBe('global')
    expect((global as Error).message).toMatch(/All 2 fitting sessions on this server are in use.*2 hours without input.*Try again in 30 seconds/)
  })

  it('counts an IPv6 /64 as one address, so a visitor cannot take every place by switching addresses in it', async () => {
    const m = manager({ maxSessionsPerIp: 1, maxSessions: 4 })
    await m.create('2001:db8:5:6::1')
    await expect(m.create('2001:db8:5:6:a8f3:11ff:fe00:42')).rejects.toMatchObject({ limit: 'ip' })
    await m.create('2001:db8:5:7::1') // the next /64 is someone else
    await m.create('::ffff:198.51.100.7')
    await expect(m.create('198.51.100.7')).rejects.toMatchObject({ limit: 'ip' }) // the same IPv4 client, written both ways
  })

  it('groups client addresses as the limits count them', () => {
    expect(clientGroup('2001:DB8:0005:0006:1:2:3:4')).toBe('2001:db8:5:6::/64')
    expect(clientGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientGroup('::1')).toBe('0:0:0:0::/64')
    expect(clientGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientGroup('::ffff:203.0.113.4')).toBe('203.0.113.4')
    expect(clientGroup('203.0.113.4')).toBe('203.0.113.4')
    expect(clientGroup('')).toBe('')
  })

  it('counts sessions that are still starting, so a burst cannot overshoot', async () => {
    const m = manager({ maxSessions: 2, maxSessionsPerIp: 5 })
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => m.create(`203.0.113.${10 + n}`)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof FittingLimitError)).toBe(true)
  })

  it('explains when sessions cannot start at all', async () => {
    expect(manager({ appCommand: '' }).availability()).toMatch(/has not set up a fitting application/)
    const missing = manager({ appCommand: 'no-such-fitting-app --flag' })
    expect(missing.availability()).toMatch(/no-such-fitting-app\) is not installed/)
    await expect(missing.create('203.0.113.20')).rejects.toThrow(FittingUnavailableError)
    expect(missing.status()).toMatchObject({ available: false, reason: expect.stringMatching(/^The fitting tool is not available on this server/) })
  })
})

describe('timeouts', () => {
  it('ends a session after the idle timeout when only screen updates flow, not input', async () => {
    const m = manager({ idleTimeoutMs: 1500 })
    const session = await m.create('192.0.2.1')
    const info = lease(session)
    const client = await viewer(session)
    const polling = setInterval(() => client.requestUpdate(640, 480), 200)
    await client.closed
    clearInterval(polling)
    expect(client.closeCode).toBe(FittingCloseCode.idle)
    expect(Date.now() - session.createdAt).toBeGreaterThanOrEqual(1500)
    await expectNoTrace(info)
  })

  it('keeps a session while keyboard or mouse input arrives', async () => {
    const m = manager({ idleTimeoutMs: 2000 })
    const session = await m.create('192.0.2.2')
    const client = await viewer(session)
    const started = Date.now()
    let x = 0
    while (Date.now() - started < 4500) {
      client.pointer(++x % 600, 100)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(session.state).toBe('running') // twice the idle timeout has passed, with input throughout
    await client.closed // and once input stops, it idles out
    expect(client.closeCode).toBe(FittingCloseCode.idle)
  })

  it('ends a session no browser connects to, or that the browser left, after the grace period', async () => {
    const m = manager({ disconnectGraceMs: 800 })
    const never = await m.create('192.0.2.3')
    const neverLease = lease(never)
    const left = await m.create('192.0.2.4')
    const client = await viewer(left)
    await client.close()
    await waitFor(() => m.endedReason(never.id) === 'abandoned' && m.endedReason(left.id) === 'abandoned', 'both sessions to be abandoned')
    await expectNoTrace(neverLease)
  })

  it('lets the grace period run past a viewer that opens the socket but never finishes the VNC handshake', async () => {
    const m = manager({ disconnectGraceMs: 800 })
    const session = await m.create('192.0.2.6')
    const halfOpen = await RfbTestClient.open(proxy.url + fittingVncPath(session.id)) // connected, never shakes hands
    await waitFor(() => m.endedReason(session.id) === 'abandoned', 'the half-open session to be abandoned')
    await halfOpen.closed
    expect(halfOpen.closeCode).toBe(FittingCloseCode.abandoned)
    // Reconnecting half-open over and over does not hold a session either.
    const other = await m.create('192.0.2.7')
    for (let i = 0; i < 10 && other.state === 'running'; i++) {
      const c = await RfbTestClient.open(proxy.url + fittingVncPath(other.id)).catch(() => null) // 404 once it ended
      await new Promise((resolve) => setTimeout(resolve, 200))
      await c?.close()
    }
    await waitFor(() => m.endedReason(other.id) === 'abandoned', 'the session reopened half-open to be abandoned')
  })

  it('drops a viewer that has not finished the VNC handshake in time, and keeps one that has', async () => {
    const m = manager({ disconnectGraceMs: 60_000 })
    proxy.use(m, 300)
    const session = await m.create('192.0.2.8')
    const halfOpen = await RfbTestClient.open(proxy.url + fittingVncPath(session.id))
    await halfOpen.closed
    expect(halfOpen.closeCode).toBe(1008)
    expect(session.state).toBe('running') // the grace period decides about the session, not the dropped socket
    // A viewer that shakes hands in time stays past the allowance (a longer one: a loaded machine is slow to shake hands).
    proxy.use(m, 3000)
    const shaken = await viewer(session)
    await new Promise((resolve) => setTimeout(resolve, 3500))
    expect(shaken.closeCode).toBeNull()
    await shaken.close()
  })

  it('keeps a session whose page reconnects within the grace period, and hands it to the newest tab', async () => {
    const m = manager({ disconnectGraceMs: 1500 })
    const session = await m.create('192.0.2.5')
    const first = await viewer(session)
    await first.close()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const second = await viewer(session) // a reload
    const third = await viewer(session) // the same session opened in another tab
    await second.closed
    expect(second.closeCode).toBe(FittingCloseCode.replaced)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(session.state).toBe('running')
    expect(third.closeCode).toBeNull()
    await third.close()
  })
})

describe('shutdown and crashes', () => {
  it('ends every session when the server stops', async () => {
    const m = manager()
    const sessions = [await m.create('192.0.2.10'), await m.create('192.0.2.11')]
    const leases = sessions.map(lease)
    const client = await viewer(sessions[0])
    await m.stopAll()
    await client.closed
    expect(client.closeCode).toBe(FittingCloseCode.shutdown)
    for (const info of leases) expect(sessionTraces(runtimeDir, info)).toEqual([])
    await expect(m.create('192.0.2.12')).rejects.toThrow(FittingUnavailableError)
  })

  it('cleans up after a server that was killed, when the next one starts', async () => {
    // A separate server process starts a session and is then killed without any chance to clean up.
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('api/tools/pyfa/testing/crash-fixture.ts'), runtimeDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    await waitFor(() => /SESSION \S+/.test(out), 'the child to start a session', 60_000)
    const sessionId = /SESSION (\S+)/.exec(out)![1]
    const info = leaseOf(runtimeDir, sessionId)!
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    expect(sessionTraces(runtimeDir, info).length).toBeGreaterThan(0) // its folder and lease are still there

    const next = manager()
    await waitFor(() => sessionTraces(runtimeDir, info).length === 0, `the next server to clean up: ${sessionTraces(runtimeDir, info).join('; ')}`)
    expect(next.status().activeSessions).toBe(0)
  })
})
