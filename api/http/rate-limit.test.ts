import type { Context } from 'koa'
import { describe, expect, it } from 'vitest'
import { clientGroup } from './client-ip.js'
import { rateLimit } from './rate-limit.js'

/** Just what the middleware reads and writes of a Koa context. */
function request(ip: string) {
  const headers: Record<string, string> = {}
  const kctx = { ip, status: 404, body: undefined as unknown, set: (k: string, v: string) => (headers[k] = v) }
  return { kctx: kctx as unknown as Context & typeof kctx, headers }
}

async function send(limit: ReturnType<typeof rateLimit>, ip: string): Promise<number> {
  const { kctx } = request(ip)
  await limit(kctx, async () => {
    kctx.status = 200
  })
  return kctx.status
}

describe('rateLimit', () => {
  it('counts every address of an IPv6 /64 as one client', async () => {
    const limit = rateLimit({ points: 3, durationSeconds: 60, message: 'Too many messages from your address' })
    const statuses = []
    for (let i = 1; i <= 5; i++) statuses.push(await send(limit, `2001:db8:aa:bb::${i.toString(16)}`))
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    // The next /64 is another client, and so is an IPv4 address.
    expect(await send(limit, '2001:db8:aa:bc::1')).toBe(200)
    expect(await send(limit, '198.51.100.4')).toBe(200)
  })

  it('counts an IPv4 address written IPv4-mapped as the same client', async () => {
    const limit = rateLimit({ points: 1, durationSeconds: 60 })
    expect(await send(limit, '198.51.100.9')).toBe(200)
    expect(await send(limit, '::ffff:198.51.100.9')).toBe(429)
  })

  it('answers a refusal with the wait in a sentence and in Retry-After', async () => {
    const limit = rateLimit({ points: 1, durationSeconds: 60, message: 'Too many plans from your address' })
    await send(limit, '192.0.2.1')
    const { kctx, headers } = request('192.0.2.1')
    await limit(kctx, async () => {})
    expect(kctx.status).toBe(429)
    expect(headers['Retry-After']).toBe('60')
    expect(kctx.body).toMatchObject({ error: 'Too many plans from your address: try again in 60 s' })
  })
})

describe('clientGroup', () => {
  it('groups IPv6 by /64 and IPv4 by address', () => {
    expect(clientGroup('2001:DB8:0005:0006:1:2:3:4')).toBe('2001:db8:5:6::/64')
    expect(clientGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientGroup('::ffff:203.0.113.4')).toBe('203.0.113.4')
    expect(clientGroup('203.0.113.4')).toBe('203.0.113.4')
  })
})
