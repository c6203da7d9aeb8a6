import crypto from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { WsCloseCode } from '../../schemas/ws-constants.js'
import { createLogger } from '../../platform/log.js'
import { WsHub, type WsLimits } from './hub.js'

/** A hub on a loopback server of its own, so each test sets its own limits. */
let running: { server: http.Server; hub: WsHub } | null = null
async function start(limits: Partial<WsLimits> = {}, heartbeatMs = 1000): Promise<{ hub: WsHub; url: string; port: number }> {
  const server = http.createServer((_req, res) => res.end('ok'))
  const hub = new WsHub({ version: 't', demo: false, log: createLogger('silent'), heartbeatMs, limits })
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  running = { server, hub }
  const port = (server.address() as net.AddressInfo).port
  return { hub, url: `ws://127.0.0.1:${port}/ws`, port }
}
afterEach(async () => {
  vi.useRealTimers()
  if (!running) return
  await running.hub.close()
  running.server.closeAllConnections()
  await new Promise((resolve) => running!.server.close(resolve))
  running = null
})

interface Opened {
  ws: WebSocket
  closed: Promise<{ code: number; reason: string }>
}
function open(url: string, forwardedFor?: string, options: WebSocket.ClientOptions = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ...options, headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} })
    const closed = new Promise<{ code: number; reason: string }>((res) => ws.once('close', (code, reason) => res({ code, reason: reason.toString() })))
    ws.once('open', () => resolve({ ws, closed }))
    ws.once('error', reject)
  })
}

/** A websocket made by hand on a raw socket, so the test can stop reading while it keeps writing. */
async function rawSocket(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const key = crypto.randomBytes(16).toString('base64')
  socket.write(
    `GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  await new Promise<void>((resolve) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1')
      if (seen.includes('\r\n\r\n')) {
        socket.off('data', onData)
        resolve()
      }
    }
    socket.on('data', onData)
  })
  return socket
}

/**
 * A masked client text frame holding the page's application ping, `{"type":"ping"}`, which the server answers
 * with a heartbeat. (Protocol ping frames the `ws` library bounds by itself: it cuts a socket with too many
 * unanswered pongs.)
 */
function pingFrame(): Buffer {
  const payload = Buffer.from(JSON.stringify({ type: 'ping' }))
  const mask = crypto.randomBytes(4)
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]))
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked])
}

describe('websocket bounds', () => {
  it('closes a client that sends pings but never reads, once it is behind by more than the bound', async () => {
    const { port } = await start({ maxBufferedBytes: 64 * 1024 })
    const socket = await rawSocket(port)
    socket.pause() // never read again
    const cut = new Promise<void>((resolve) => {
      socket.once('error', () => resolve())
      socket.once('close', () => resolve())
    })
    let cutDone = false
    void cut.then(() => (cutDone = true))
    const frames = Buffer.concat(Array.from({ length: 4096 }, pingFrame)) // 86 KB of pings
    let sent = 0
    // Far more than the kernel's socket buffers: the server must give up on the client well before the end.
    while (!cutDone && sent < 64 * 1024 * 1024) {
      const drained = socket.write(frames)
      sent += frames.length
      if (!drained) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), cut])
      else await new Promise((resolve) => setImmediate(resolve))
    }
    expect(cutDone).toBe(true)
    socket.destroy()
  })

  it('judges liveness by pongs: a client that sends messages but never answers pings is dropped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    const { url, hub } = await start({}, 1000)
    const { ws, closed } = await open(url, undefined, { autoPong: false })
    ws.on('message', () => {})
    let ended = false
    void closed.then(() => (ended = true))
    for (let beat = 0; beat < 3 && !ended; beat++) {
      ws.send(JSON.stringify({ type: 'ping' })) // application messages do not count as alive
      vi.advanceTimersByTime(1000)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await closed
    expect(hub.clientCount).toBe(0)
  })

  it('keeps a client that answers pings', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    const { url, hub } = await start({}, 1000)
    const { ws } = await open(url)
    for (let beat = 0; beat < 4; beat++) {
      await new Promise<void>((resolve) => {
        ws.once('ping', () => setTimeout(resolve, 20)) // the client library pongs by itself
        vi.advanceTimersByTime(1000)
      })
    }
    expect(ws.readyState).toBe(WebSocket.OPEN)
    expect(hub.clientCount).toBe(1)
    ws.close()
  })

  it('caps sockets per client address, counting an IPv6 /64 as one client, with a code and a reason', async () => {
    const { url } = await start({ perClient: 2 })
    const a = await open(url, '2001:db8:1:2::10')
    const b = await open(url, '2001:db8:1:2:ffff::1')
    const c = await open(url, '2001:db8:1:2::99')
    expect(await c.closed).toEqual({ code: WsCloseCode.tooManyFromAddress, reason: 'Too many open connections from your address (at most 2).' })
    const other = await open(url, '2001:db8:1:3::10') // another /64
    expect(other.ws.readyState).toBe(WebSocket.OPEN)
    a.ws.close()
    await a.closed
    await new Promise((resolve) => setTimeout(resolve, 20))
    const again = await open(url, '2001:db8:1:2::10') // a place is free again
    expect(again.ws.readyState).toBe(WebSocket.OPEN)
    for (const s of [b, other, again]) s.ws.close()
  })

  it('caps sockets overall', async () => {
    const { url } = await start({ total: 2 })
    const a = await open(url, '198.51.100.1')
    const b = await open(url, '198.51.100.2')
    const c = await open(url, '198.51.100.3')
    expect(await c.closed).toEqual({ code: WsCloseCode.serverFull, reason: 'The server has too many open connections; try again in a minute.' })
    a.ws.close()
    b.ws.close()
  })

  it('refuses a message larger than the bound', async () => {
    const { url } = await start({ maxMessageBytes: 1024 })
    const { ws, closed } = await open(url)
    ws.send('x'.repeat(2048))
    expect((await closed).code).toBe(WsCloseCode.tooBig)
  })
})
