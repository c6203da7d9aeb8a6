/**
 * Issue #39's targets, against an app in this process (loopback only):
 * - a client sending 100 MB of websocket pings without reading grows the process by < 50 MB;
 * - while one address opens connections as fast as it can for 30 s, /api/health from another keeps p99 < 200 ms;
 * - 40 concurrent logins keep a database-backed read's (GET /auth/me, a session lookup) p99 < 500 ms.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import { createTestAdmin, login, signIn, TEST_ADMIN } from '../platform/testing/admin-session.js'
import { startTestApp } from '../platform/testing/in-process-app.js'
import { startApi } from '../api/server.js'

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : NaN
}

function pingFrames(n: number): Buffer {
  const payload = Buffer.from(JSON.stringify({ type: 'ping' }))
  return Buffer.concat(
    Array.from({ length: n }, () => {
      const mask = crypto.randomBytes(4)
      return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]))])
    }),
  )
}

/** One non-reading websocket: writes pings until the server cuts it or `budget` bytes are sent; returns bytes sent. */
async function nonReader(port: number, budget: number, frames: Buffer): Promise<number> {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(
    `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  await new Promise((resolve) => socket.once('data', resolve))
  socket.pause()
  let cut = false
  socket.on('error', () => (cut = true))
  socket.on('close', () => (cut = true))
  let sent = 0
  while (!cut && sent < budget) {
    sent += frames.length
    if (!socket.write(frames)) await new Promise((resolve) => (socket.once('drain', resolve), socket.once('close', resolve)))
  }
  socket.destroy()
  return sent
}

async function httpGet(port: number, path: string, localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now()
  await new Promise<void>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve())
    })
    req.on('error', () => resolve())
  })
  return performance.now() - started
}

export async function run(): Promise<void> {
  const app = await startTestApp()
  const api = await startApi(app.ctx, { port: 0, host: '127.0.0.1', connectionExempt: () => false })
  const port = (api.server.address() as net.AddressInfo).port
  try {
    // 1. Websocket pings from a client that does not read.
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
    const frames = pingFrames(8192)
    let total = 0
    let sockets = 0
    while (total < 100 * 1024 * 1024) {
      total += await nonReader(port, 100 * 1024 * 1024 - total, frames)
      sockets++
    }
    clearInterval(sampler)
    const grewMb = Math.round(((peak - before) / 1024 / 1024) * 10) / 10
    console.log(`ws: ${Math.round(total / 1024 / 1024)} MB of pings over ${sockets} non-reading socket(s); peak RSS growth ${grewMb} MB (target < 50 MB)`)

    // 2. A connection flood from 127.0.0.1 for 30 s; /api/health from 127.0.0.2.
    let stop = false
    let opened = 0
    const held: net.Socket[] = []
    const flooder = async () => {
      while (!stop) {
        await new Promise<void>((resolve) => {
          const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' })
          s.on('error', () => resolve())
          s.on('connect', () => {
            opened++
            held.push(s)
            resolve()
          })
        })
      }
    }
    const floods = Array.from({ length: 50 }, flooder)
    const healthMs: number[] = []
    const until = Date.now() + 30_000
    while (Date.now() < until) healthMs.push(await httpGet(port, '/api/health', '127.0.0.2'))
    stop = true
    await Promise.all(floods)
    for (const s of held) s.destroy()
    console.log(
      `flood: ${opened} connections opened from one address in 30 s; /api/health from another: ${healthMs.length} requests, p50 ${pct(healthMs, 50)} ms, p99 ${pct(healthMs, 99)} ms (target p99 < 200 ms)`,
    )

    // 3. 40 concurrent logins beside a database-backed read.
    await createTestAdmin(app.ctx.ch)
    const admin = await signIn(app.url)
    let loggingIn = true
    let logins = 0
    let refused = 0
    let n = 0
    const logger = async () => {
      while (loggingIn) {
        const res = await login(app.url, TEST_ADMIN, `198.19.${n % 250}.${(n++ % 200) + 1}`)
        await res.arrayBuffer()
        if (res.status === 429) refused++
        else logins++
      }
    }
    const loggers = Array.from({ length: 40 }, logger)
    const readMs: number[] = []
    const readUntil = Date.now() + 15_000
    while (Date.now() < readUntil) readMs.push(await httpGet(port, '/auth/me', '127.0.0.3', { Cookie: admin.cookie }))
    loggingIn = false
    await Promise.all(loggers)
    console.log(
      `logins: 40 concurrent for 15 s (${logins} checked, ${refused} answered 429 at once); GET /auth/me: ${readMs.length} reads, p50 ${pct(readMs, 50)} ms, p99 ${pct(readMs, 99)} ms (target p99 < 500 ms)`,
    )
  } finally {
    await api.stop()
    await app.close()
  }
}
