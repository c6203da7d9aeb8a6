import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { publish } from '../../platform/stream/typed.js'
import { countStored, killMessage, waitForStored } from './testing.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('killmail store', () => {
  it('leaves out a kill whose time ClickHouse cannot read and stores the rest of its batch, instead of retrying the batch forever', async () => {
    const good = killMessage({ id: 301, time: '2026-11-20T10:00:00Z', systemId: 31_000_001, victim: { shipTypeId: 670 }, attackers: [] })
    const bad = killMessage({ id: 302, time: '2026-11-20T10:00:00Z', systemId: 31_000_001, victim: { shipTypeId: 670 }, attackers: [] })
    bad.esi.killmail_time = 'not a time'
    await publish(
      app.ctx.stream,
      KillmailsTopic,
      [bad, good].map((m) => ({ key: String(m.killmail_id), value: m })),
    )
    await waitForStored(app.ctx.ch, [301], 10_000)
    expect(await countStored(app.ctx.ch, [302])).toBe(0)
  })
})
