import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { daysAgo, killMessage, waitForStored } from '../../../pipelines/killmails/testing.js'
import { publish } from '../../../platform/stream/typed.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import { SystemResidents } from '../../../schemas/wormholes.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'

const SYSTEM = 31_002_239
const RESIDENT = 98_200_001
const VISITOR = 98_200_002
let app: TestApp

/** A kill time `days` ago at a given UTC hour, so the hour bars have known cells. */
const atHour = (days: number, hour: number) => {
  const d = new Date(daysAgo(days))
  d.setUTCHours(hour, 15, 0, 0)
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

beforeAll(async () => {
  app = await startTestApp()
  const kills = [
    killMessage({
      id: 601,
      time: atHour(1, 20),
      systemId: SYSTEM,
      victim: { characterId: 1, corporationId: VISITOR, shipTypeId: 587 },
      attackers: [{ characterId: 2, corporationId: RESIDENT }],
    }),
    killMessage({
      id: 602,
      time: atHour(2, 20),
      systemId: SYSTEM,
      victim: { characterId: 3, corporationId: 1_000_125, shipTypeId: 587 },
      attackers: [{ characterId: 2, corporationId: RESIDENT }],
    }),
    killMessage({
      id: 603,
      time: atHour(3, 4),
      systemId: SYSTEM,
      victim: { characterId: 2, corporationId: RESIDENT, shipTypeId: 587 },
      attackers: [{ characterId: 4, corporationId: VISITOR }],
    }),
    // older than the 30-day window: not counted
    killMessage({
      id: 604,
      time: atHour(45, 9),
      systemId: SYSTEM,
      victim: { characterId: 2, corporationId: RESIDENT, shipTypeId: 587 },
      attackers: [{ characterId: 4, corporationId: VISITOR }],
    }),
  ]
  await publish(
    app.ctx.stream,
    KillmailsTopic,
    kills.map((k) => ({ key: String(k.killmail_id), value: k })),
  )
  await waitForStored(app.ctx.ch, [601, 602, 603, 604])
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/system-residents/:solarsystemid', () => {
  it("gives the top corporations' kills by UTC hour over 30 days, most kills first, NPC corporations left out", async () => {
    const res = await fetch(`${app.url}/api/system-residents/${SYSTEM}`)
    expect(res.status).toBe(200)
    const body = SystemResidents.parse(await res.json())
    expect(body.days).toBe(30)
    expect(body.corporations.map((c) => [c.id, c.kills])).toEqual([
      [RESIDENT, 3],
      [VISITOR, 2],
    ])
    const resident = body.corporations[0].hours
    expect(resident).toHaveLength(24)
    expect(resident[20]).toBe(2)
    expect(resident[4]).toBe(1)
    expect(resident[9]).toBe(0)
    expect(body.corporations[1].hours[20] + body.corporations[1].hours[4]).toBe(2)
  })

  it('answers an empty list for a system without stored kills, and 400 for an id that is not a system', async () => {
    const quiet = SystemResidents.parse(await (await fetch(`${app.url}/api/system-residents/31000488`)).json())
    expect(quiet.corporations).toEqual([])
    expect((await fetch(`${app.url}/api/system-residents/abc`)).status).toBe(400)
  })
})
