import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { EsiClient } from '../../platform/esi/client.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addStatusRoutes, type FakeServerStatus } from '../../platform/fakes/esi/status.js'
import { serverStatusJob } from './server-status-job.js'

const esi = new FakeEsi()
const status: { current: FakeServerStatus | null } = { current: { players: 27_001, server_version: '1', start_time: '2026-11-22T00:00:00Z' } }
let app: TestApp

beforeAll(async () => {
  addStatusRoutes(esi, status)
  await esi.start()
  // no ingest role: only this test's runs of the job publish online counts
  app = await startTestApp({ ESI_BASE_URL: esi.url, ROLES: ['api', 'pipelines'] })
})
afterAll(async () => {
  await app?.close()
  await esi.close()
})

function nextOnline(ws: WebSocket): Promise<{ players: number | null }> {
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const m = JSON.parse(raw.toString())
      if (m.type === 'online') {
        ws.off('message', onMessage)
        resolve(m)
      }
    }
    ws.on('message', onMessage)
  })
}

describe('ESI server status ingest', () => {
  it('pushes the online count to open pages, and null when ESI fails', async () => {
    const ws = new WebSocket(app.url.replace('http', 'ws') + '/ws')
    await new Promise((r) => ws.once('open', r))
    let next = nextOnline(ws)
    await serverStatusJob.run(app.ctx, new AbortController().signal)
    expect((await next).players).toBe(27_001)
    expect(app.api!.hub.latest('online')?.players).toBe(27_001)

    status.current = null // ESI answers 503
    esi.requests.length = 0
    next = nextOnline(ws)
    // a client without the cached answer (ESI caches /status for 30 s), with short backoff
    const freshClient = new EsiClient({ ...app.ctx.esi.options, backoffMs: 10 })
    await serverStatusJob.run({ ...app.ctx, esi: freshClient }, new AbortController().signal)
    expect((await next).players).toBeNull()
    expect(esi.requests.filter((r) => r.path === '/status/').length).toBeGreaterThan(1) // retried before giving up
    ws.close()
  })
})
