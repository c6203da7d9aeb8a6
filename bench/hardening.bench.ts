/**
 * Issue #39's targets, against the app in a child process of its own (loopback only), with each load generator in a
 * child of its own too, so that neither the app nor the load shares the event loop of the requests being timed:
 * - a client sending 100 MB of websocket pings without reading grows the process by < 50 MB;
 * - while one address opens connections as fast as it can for 30 s, /api/health from another keeps p99 < 200 ms;
 * - 40 concurrent logins keep a database-backed read's (GET /auth/me, a session lookup) p99 < 500 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import readline from 'node:readline'
import { signIn } from '../platform/testing/admin-session.js'
import { loadAverage } from './bare.js'

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
    if (!socket.write(frames))
      await new Promise<void>((resolve) => {
        // Both listeners go once either fires: left behind, one per write piled up past Node's warning.
        const done = () => {
          socket.off('drain', done)
          socket.off('close', done)
          resolve()
        }
        socket.once('drain', done)
        socket.once('close', done)
      })
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

/** A bench child under tsx; resolves with it and the first JSON line it prints. */
async function child<T>(file: string, args: string[] = [], flags: string[] = []): Promise<{ process: ChildProcess; first: Promise<T> }> {
  const proc = spawn(process.execPath, [...flags, '--import', 'tsx', file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const first = new Promise<T>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once('line', (line) => resolve(JSON.parse(line) as T))
    proc.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  return { process: proc, first }
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

export async function run(): Promise<void> {
  const app = await child<{ port: number; url: string }>('bench/hardening-app-child.ts')
  const { port, url } = await app.first
  const appPid = app.process.pid!
  try {
    // 1. Websocket pings from a client that does not read; the app's RSS read from /proc.
    const before = rssOf(appPid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(appPid))), 50)
    const frames = pingFrames(8192)
    let total = 0
    let sockets = 0
    while (total < 100 * 1024 * 1024) {
      total += await nonReader(port, 100 * 1024 * 1024 - total, frames)
      sockets++
    }
    clearInterval(sampler)
    const grewMb = Math.round(((peak - before) / 1024 / 1024) * 10) / 10
    console.log(
      `ws: ${Math.round(total / 1024 / 1024)} MB of pings over ${sockets} non-reading socket(s); peak RSS growth ${grewMb} MB (target < 50 MB); load ${loadAverage()}`,
    )

    // 2. A connection flood from 127.0.0.1 for 30 s (a child process); /api/health from 127.0.0.2 (this one).
    const flood = await child<{ opened: number }>('bench/hardening-load-child.ts', ['flood', String(port), '30'])
    const healthMs: number[] = []
    const until = Date.now() + 30_000
    while (Date.now() < until) healthMs.push(await httpGet(port, '/api/health', '127.0.0.2'))
    const { opened } = await flood.first
    console.log(
      `flood: ${opened} connections opened from one address in 30 s; /api/health from another: ${healthMs.length} requests, p50 ${pct(healthMs, 50)} ms, p99 ${pct(healthMs, 99)} ms (target p99 < 200 ms); load ${loadAverage()}`,
    )

    // 3. 40 concurrent logins (a child process) beside a database-backed read (this one).
    const admin = await signIn(url)
    const logins = await child<{ logins: number; refused: number }>('bench/hardening-load-child.ts', ['logins', url, '15'])
    const readMs: number[] = []
    const readUntil = Date.now() + 15_000
    while (Date.now() < readUntil) readMs.push(await httpGet(port, '/auth/me', '127.0.0.3', { Cookie: admin.cookie }))
    const done = await logins.first
    console.log(
      `logins: 40 concurrent for 15 s (${done.logins} checked, ${done.refused} answered 429 at once); GET /auth/me: ${readMs.length} reads, p50 ${pct(readMs, 50)} ms, p99 ${pct(readMs, 99)} ms (target p99 < 500 ms); load ${loadAverage()}`,
    )
  } finally {
    const exited = new Promise((r) => app.process.once('exit', r))
    app.process.kill('SIGTERM')
    await exited
  }
}
