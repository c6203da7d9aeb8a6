import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/log.js'
import { FakeZkill } from '../../platform/fakes/zkillboard/server.js'
import { ZkillHttp } from './zkill-http.js'

const zkill = new FakeZkill()
beforeAll(async () => {
  await zkill.start()
})
afterAll(() => zkill.close())

const client = () => new ZkillHttp({ baseUrl: zkill.url, userAgent: 'test', log: createLogger('silent'), minIntervalMs: 5, defaultRetryAfterSeconds: 1 })

describe('zKillboard HTTP client', () => {
  it('pauses for a 429 whose Retry-After is an HTTP date until that date, not for the default pause', async () => {
    const http = client()
    zkill.failNext('/ephemeral/sequence.json', 429, 1, { 'Retry-After': new Date(Date.now() + 30_000).toUTCString() })
    expect((await http.getJson('/ephemeral/sequence.json')).status).toBe(429)
    // 30 s asked (HTTP dates have whole seconds): asking again after the 1 s default would be asking while limited.
    expect(http.pausedForMs).toBeGreaterThan(25_000)
    expect(http.pausedForMs).toBeLessThanOrEqual(31_000)
  })

  it('pauses for a 429 whose Retry-After is in seconds', async () => {
    const http = client()
    zkill.failNext('/ephemeral/sequence.json', 429, 1, { 'Retry-After': '20' })
    expect((await http.getJson('/ephemeral/sequence.json')).status).toBe(429)
    expect(http.pausedForMs).toBeGreaterThan(18_000)
  })
})
