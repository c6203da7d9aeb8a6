import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/log.js'
import { EsiClient } from '../../platform/esi/client.js'
import { addKillmailRoutes, newKillmailState } from '../../platform/fakes/esi/killmails.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { killHash, makeKillmail } from '../../platform/fakes/zkillboard/killmails.js'
import { fetchKillmailBody } from './esi-killmail.js'

const esi = new FakeEsi()
const state = newKillmailState()
beforeAll(async () => {
  addKillmailRoutes(esi, state)
  await esi.start()
})
afterAll(() => esi.close())

describe('killmail bodies from ESI', () => {
  it('keeps no body in the ESI client cache: kills are never asked again, and a backfill would fill the 5,000-entry cache with them', async () => {
    const client = new EsiClient({ baseUrl: esi.url, userAgent: 'test', log: createLogger('silent'), backoffMs: 10 })
    const ids = [7001, 7002, 7003]
    for (const id of ids) {
      const kill = makeKillmail({
        id,
        time: '2026-11-20T12:00:00Z',
        systemId: 31_000_777,
        victim: { characterId: 90_000_100, corporationId: 98_000_100, shipTypeId: 587 },
        attackers: [{ characterId: 90_000_200, corporationId: 98_000_200, shipTypeId: 29984 }],
      })
      state.killmails.set(id, { hash: killHash(id), body: kill })
    }
    for (const id of ids) {
      const body = await fetchKillmailBody(client, id, state.killmails.get(id)!.hash)
      expect(body).toMatchObject({ ok: true, body: { killmail_id: id } })
    }
    expect(client['cache'].size).toBe(0)
    // Asked again (a redelivery), the body comes from ESI again rather than from memory held since.
    expect(await fetchKillmailBody(client, 7001, state.killmails.get(7001)!.hash)).toMatchObject({ ok: true })
    expect(esi.requests.filter((r) => r.path.startsWith('/killmails/7001/'))).toHaveLength(2)
  })
})
