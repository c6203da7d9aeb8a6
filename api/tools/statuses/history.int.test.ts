import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StatusHistoryResponse } from '../../../schemas/statuses.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { recordChecks, statusHistory, type ComponentCheck } from './history.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ ROLES: ['api'] })
})
afterAll(async () => {
  await app?.close()
})

const NOW = Date.parse('2026-12-02T12:00:00Z')
const minute = 60_000
const up = (component: ComponentCheck['component']): ComponentCheck => ({ component, state: 'up', detail: '' })

describe('status history', () => {
  beforeAll(async () => {
    // Two days of checks, one a minute, ending at NOW: ESI down for 30 minutes yesterday at 10:00, the market pipeline
    // stale then down from 11:50 today (ongoing), and no site check for the 60 minutes from 06:00 today.
    const start = NOW - 2 * 86_400_000
    const rows: Array<ComponentCheck & { at: string }> = []
    for (let t = start + minute; t <= NOW; t += minute) {
      const esiDown = t >= Date.parse('2026-12-01T10:00:00Z') && t < Date.parse('2026-12-01T10:30:00Z')
      const pipeline = t >= Date.parse('2026-12-02T11:55:00Z') ? 'down' : t >= Date.parse('2026-12-02T11:50:00Z') ? 'stale' : 'up'
      const siteGap = t > Date.parse('2026-12-02T06:00:00Z') && t <= Date.parse('2026-12-02T07:00:00Z')
      if (siteGap) continue
      const at = new Date(t).toISOString().replace('T', ' ').replace('Z', '')
      const checks: ComponentCheck[] = [
        up('site'),
        up('database'),
        { component: 'market_pipeline', state: pipeline, detail: pipeline === 'up' ? '' : `Prices older than 35 minutes at Jita 4-4 (${pipeline})` },
        up('killmail_feed'),
        esiDown ? { component: 'esi', state: 'down', detail: 'HTTP 503 · HTTP 503 Service Unavailable' } : up('esi'),
        up('zkillboard'),
      ]
      rows.push(...checks.map((c) => ({ at, ...c })))
    }
    await app.ctx.ch.insert({ table: 'status_checks', values: rows, format: 'JSONEachRow' })
    // and one through the recorder's own path
    await recordChecks(app.ctx.ch, NOW - 2 * 86_400_000, [up('database')])
  }, 120_000)

  it('gives uptime per component over 24 h, 7 d, 30 d and 90 d', async () => {
    const h = await statusHistory(app.ctx.ch, NOW)
    const of = (c: string) => h.components.find((x) => x.component === c)!
    expect(of('database').uptime).toEqual({ '24h': 1, '7d': 1, '30d': 1, '90d': 1 })
    // ESI: 30 of 2,820 checks down (no component recorded in the site's 60-minute gap), all outside the last 24 hours
    expect(of('esi').uptime['24h']).toBe(1)
    expect(of('esi').uptime['7d']).toBeCloseTo(1 - 30 / 2820, 6)
    // the pipeline: 11 (11:50 to 12:00) of the last 1,440 - 60 checks (the site gap recorded nothing) were not up
    expect(of('market_pipeline').uptime['24h']).toBeCloseTo(1 - 11 / 1380, 6)
    expect(of('market_pipeline').state).toBe('down')
    // the site: 60 minutes without a check in the last 24 hours
    expect(of('site').uptime['24h']).toBeCloseTo(1380 / 1440, 2)
  })

  it('lists incidents newest first: when, how long, the error; an ongoing one has no end', async () => {
    const { incidents } = await statusHistory(app.ctx.ch, NOW)
    expect(incidents).toEqual([
      {
        component: 'market_pipeline',
        state: 'stale',
        started_at: '2026-12-02T11:50:00.000Z',
        ended_at: null,
        seconds: 600,
        error: 'Prices older than 35 minutes at Jita 4-4 (stale)',
      },
      {
        component: 'esi',
        state: 'down',
        started_at: '2026-12-01T10:00:00.000Z',
        ended_at: '2026-12-01T10:30:00.000Z',
        seconds: 1800,
        error: 'HTTP 503 · HTTP 503 Service Unavailable',
      },
    ])
  })

  it('is served at GET /api/statuses/history, with all six components', async () => {
    const res = await fetch(`${app.url}/api/statuses/history`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as StatusHistoryResponse
    expect(body.components.map((c) => c.component)).toEqual(['site', 'database', 'market_pipeline', 'killmail_feed', 'esi', 'zkillboard'])
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(doc.paths['/api/statuses/history']).toBeDefined()
  })
})
