import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTrackedPlayer } from '../../../pipelines/killmails/testing.js'
import { StatusesResponse } from '../../../schemas/statuses.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'

/** A loopback port nothing listens on: connections to it are refused, as with zKillboard unreachable. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

let app: TestApp
beforeAll(async () => {
  // A fresh install with zKillboard unreachable: nothing is ever stored.
  app = await startTestApp({ ZKILL_R2Z2_URL: `http://127.0.0.1:${await closedPort()}` })
  await seedTrackedPlayer(app.ctx.ch, { path: 'nobody', display_name: 'Nobody', character_ids: [93_500_001] })
})
afterAll(async () => {
  await app?.close()
})

const get = async (path: string) => {
  const res = await fetch(app.url + path)
  expect(res.status, path).toBe(200)
  return res.json()
}

describe('no kill stored and zKillboard not answering', () => {
  it('the status page says why nothing is stored, and the killmail answers learn it from the same check', async () => {
    const body = StatusesResponse.parse(await get('/api/statuses'))
    expect(body.deps.zkill).toMatchObject({ ok: false, error: 'ECONNREFUSED' })
    expect(body.killmail_feed).toMatchObject({
      status: 'STARTING',
      zkill_answering: false,
      detail: 'No kill stored yet: zKillboard is not answering (ECONNREFUSED)',
    })

    for (const path of ['/api/killboard-summary/31000005', '/api/killboard-activity/31000005', '/api/nobody']) {
      expect((await get(path)).feed, path).toMatchObject({
        status: 'STARTING',
        zkill_answering: false,
        detail: 'No kill stored yet: zKillboard is not answering (ECONNREFUSED)',
      })
    }
  })
})
