import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUBS } from '../../../schemas/market.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
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

  it('OK up to the cadence plus five minutes of age, STALE after: the same rule as the price rows (OLD beyond 35 minutes)', async () => {
    expect((await marketPipelineStatus(app.ctx.ch, agesOf(35 * 60), 30)).status).toBe('OK')
    expect(await marketPipelineStatus(app.ctx.ch, agesOf(35 * 60 + 1), 30)).toEqual({
      status: 'STALE',
      detail: `Prices older than 35 minutes at ${HUBS.map((h) => h.label).join(', ')}`,
    })
  })

  describe('when ESI does not answer (every region failed)', () => {
    const regions = [...new Set(HUBS.map((h) => h.region_id))]
    beforeAll(async () => {
      const at = new Date().toISOString()
      await app.ctx.ch.insert({
        table: 'market_snapshots',
        values: regions.map((r) => ({
          region_id: r,
          snapshot_id: 1,
          status: 'failed',
          pages: 0,
          order_count: 0,
          esi_last_modified: '',
          started_at: at,
          finished_at: at,
          detail: `ESI did not answer /markets/${r}/orders/: fetch failed`,
        })),
        format: 'JSONEachRow',
      })
    })

    it('is DOWN, not DEGRADED, when no hub has any price: says so and the reason once', async () => {
      expect(await marketPipelineStatus(app.ctx.ch, new Map(), 30)).toEqual({
        status: 'DOWN',
        detail: 'No prices at any hub: every market fetch failed (ESI did not answer: fetch failed)',
      })
    })

    it('names the hubs once per reason and says previous prices keep serving when some hub has prices', async () => {
      const jitaOnly = new Map([[HUBS[0].station_id, 60]])
      const { status, detail } = await marketPipelineStatus(app.ctx.ch, jitaOnly, 30)
      expect(status).toBe('DEGRADED')
      expect(detail).toBe(
        `${HUBS.map((h) => h.label).join(', ')}: last fetch failed (ESI did not answer: fetch failed); ${HUBS.slice(1)
          .map((h) => h.label)
          .join(', ')}: no prices yet. Previous prices keep serving.`,
      )
    })
  })
})
