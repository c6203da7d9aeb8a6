import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import type { Logger } from '../../../platform/log.js'
import { forwardToDiscord } from './discord.js'

/** Two loopback servers: one answers every post with a redirect to the other, which counts what reaches it. */
let redirecting: http.Server
let target: http.Server
let reached = 0
const listen = (server: http.Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
let redirectUrl = ''

beforeAll(async () => {
  target = http.createServer((req, res) => {
    reached++
    req.resume()
    res.writeHead(204).end()
  })
  const targetUrl = await listen(target)
  redirecting = http.createServer((req, res) => {
    req.resume()
    res.writeHead(307, { Location: `${targetUrl}/api/webhooks/1/elsewhere` }).end()
  })
  redirectUrl = `${await listen(redirecting)}/api/webhooks/1/token`
})
afterAll(async () => {
  await new Promise((r) => redirecting?.close(r))
  await new Promise((r) => target?.close(r))
})

describe('forwarding a contact message to Discord', () => {
  it('never follows a redirect: it is a failed post, logged', async () => {
    const lines: string[] = []
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) as unknown as Logger
    const msg = {
      id: '0b6f3a52-0000-4000-8000-000000000001',
      name: 'Aura',
      email: '',
      topic: 'Bug report',
      message: 'hi',
      received_at: new Date().toISOString(),
    }
    const ok = await forwardToDiscord(redirectUrl, msg as never, log, { outageRetryDelaysMs: [] })
    expect(ok).toBe(false)
    expect(reached).toBe(0)
    expect(lines.join('\n')).toMatch(/redirect/)
  })
})
