import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { startApi, type RunningApi } from '../server.js'
import { fileDescriptorBudget, HEADERS_TIMEOUT_MS, openFileLimit, REQUEST_TIMEOUT_MS } from './connection-limits.js'

const PER_CLIENT = 8
let app: TestApp
/** A second api on the same context that counts loopback peers as clients (the first skips them as proxies). */
let api: RunningApi
let port: number
beforeAll(async () => {
  app = await startTestApp({ MAX_CONNECTIONS_PER_CLIENT: PER_CLIENT })
  api = await startApi(app.ctx, { port: 0, host: '127.0.0.1', connectionExempt: () => false })
  port = (api.server.address() as net.AddressInfo).port
})
afterAll(async () => {
  await api?.stop()
  await app?.close()
})

/** A raw connection from `localAddress` that sends one request and keeps the connection open; resolves with the answer's head. */
function holdOpen(localAddress = '127.0.0.1'): Promise<{ socket: net.Socket; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress })
    let seen = ''
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1')
      if (seen.includes('\r\n\r\n')) resolve({ socket, head: seen })
    })
    socket.once('error', reject)
    socket.once('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'))
  })
}

function health(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      .once('error', reject)
  })
}

describe('connection limits', () => {
  it('refuses a client past its connection count with 429, while another address is still served', async () => {
    const held = []
    for (let i = 0; i < PER_CLIENT; i++) held.push(await holdOpen())
    expect(held.every((h) => h.head.startsWith('HTTP/1.1 200'))).toBe(true)
    const refused = await holdOpen()
    expect(refused.head).toMatch(/^HTTP\/1\.1 429 /)
    refused.socket.destroy()
    expect(await health('127.0.0.2')).toBe(200) // another visitor, e.g. the health check
    held.pop()!.socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const again = await holdOpen() // a freed place can be used again
    expect(again.head).toMatch(/^HTTP\/1\.1 200 /)
    for (const h of [...held, again]) h.socket.destroy()
  })

  it('gives slow senders a deadline and keeps file descriptors spare', () => {
    expect(api.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS)
    expect(api.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000)
    expect(api.server.maxConnections).toBe(fileDescriptorBudget().connections)
    expect(api.server.maxConnections).toBeLessThanOrEqual(openFileLimit() - 512)
    expect(api.hub.limits.total).toBeLessThan(api.server.maxConnections)
  })

  it('budgets a quarter of the descriptor limit, at least 512, for everything but connections', () => {
    expect(fileDescriptorBudget(20_000)).toEqual({ softLimit: 20_000, connections: 15_000 })
    expect(fileDescriptorBudget(1024)).toEqual({ softLimit: 1024, connections: 512 })
  })
})
