import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ PRICE_API_RATE_LIMIT_PER_MINUTE: 2, ROLES: ['api'] })
})
afterAll(async () => {
  await app?.close()
})

describe('price API limits', () => {
  it('answers 429 with Retry-After past the per-IP limit', async () => {
    const url = `${app.url}/api/prices/station?station_id=60003760&type_ids=34`
    expect((await fetch(url)).status).toBe(200)
    expect((await fetch(url)).status).toBe(200)
    const limited = await fetch(url)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await limited.json()).error).toMatch(/^Too many price requests from your address: try again in \d+ s$/)
  })

  it('lists the hubs', async () => {
    const body = await (await fetch(`${app.url}/api/prices/hubs`)).json()
    expect(body.hubs.map((h: { label: string }) => h.label)).toEqual(['Jita 4-4', 'Amarr', 'Dodixie', 'Hek', 'Rens'])
  })
})
