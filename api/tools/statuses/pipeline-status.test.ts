import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUBS } from '../../../schemas/market.js'
import { startTestApp, type TestApp } from '../../testing/in-process-app.js'
import { marketPipelineStatus } from './pipeline-status.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ ROLES: ['api'] })
})
afterAll(async () => {
  await app?.close()
})

const agesOf = (seconds: number) => new Map(HUBS.map((h) => [h.station_id, seconds]))

describe('market pipeline status', () => {
  it('STARTING before any snapshot', async () => {
    expect((await marketPipelineStatus(app.ctx.ch, new Map(), 30)).status).toBe('STARTING')
  })

  it('OK up to the cadence plus ten minutes of age (ESI caches orders up to five), STALE after', async () => {
    // 30-minute cadence, ESI's cache 5 minutes old at the last fetch, a 2-minute fetch: 37 minutes, still OK
    expect((await marketPipelineStatus(app.ctx.ch, agesOf(37 * 60), 30)).status).toBe('OK')
    expect(await marketPipelineStatus(app.ctx.ch, agesOf(40 * 60 + 1), 30)).toEqual({ status: 'STALE', detail: `Prices older than 40 minutes at ${HUBS.map((h) => h.label).join(', ')}` })
  })
})
