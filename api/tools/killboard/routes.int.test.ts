import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addKillmailRoutes, newKillmailState, type FakeKillmailState } from '../../../platform/fakes/esi/killmails.js'
import { FakeEsi } from '../../../platform/fakes/esi/server.js'
import { daysAgo, killMessage, waitForStored } from '../../../pipelines/killmails/testing.js'
import { publish } from '../../../platform/stream/typed.js'
import { KillboardActivity, KillboardSummary } from '../../../schemas/killboard.js'
import { KILLMAIL_FEED_STALE_MINUTES } from '../../../schemas/killmail-constants.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'

const SYSTEM = 31_002_238
const RESIDENT = 98_100_001
const VISITOR = 98_100_002
const UNNAMED = 98_100_003
let app: TestApp
let esi: FakeEsi
let names: FakeKillmailState
/** The newest kill the setup stores: 0.1 days (2.4 hours) ago, so the data is behind the present. */
let newestKillTime: string

const get = async (path: string, base = app.url) => {
  const res = await fetch(base + path)
  return { status: res.status, headers: res.headers, body: await res.json() }
}

beforeAll(async () => {
  names = newKillmailState()
  names.names.set(RESIDENT, { name: 'Hole Control', category: 'corporation' })
  names.names.set(VISITOR, { name: 'Roaming Gang', category: 'corporation' })
  esi = new FakeEsi()
  addKillmailRoutes(esi, names)
  await esi.start()
  app = await startTestApp({ ESI_BASE_URL: esi.url })
  newestKillTime = daysAgo(0.1)
  const kills = [
    killMessage({
      id: 501,
      time: newestKillTime,
      systemId: SYSTEM,
      victim: { characterId: 1, corporationId: VISITOR, shipTypeId: 587 },
      attackers: [{ characterId: 2, corporationId: RESIDENT }],
    }),
    killMessage({
      id: 502,
      time: daysAgo(1.5),
      systemId: SYSTEM,
      victim: { characterId: 3, corporationId: UNNAMED, shipTypeId: 587 },
      attackers: [{ characterId: 2, corporationId: RESIDENT }],
    }),
    killMessage({
      id: 503,
      time: daysAgo(3.2),
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
  await waitForStored(app.ctx.ch, [501, 502, 503])
})
afterAll(async () => {
  await app?.close()
  await esi?.close()
})

describe('GET /api/killboard-summary/:solarsystemid', () => {
  it('answers the contract with counts, days and named corporations, most active first', async () => {
    esi.failNext('/universe/names', 404) // the first batch holds an id ESI does not know: it is split and retried
    const { status, body, headers } = await get(`/api/killboard-summary/${SYSTEM}`)
    expect(status).toBe(200)
    expect(KillboardSummary.parse(body)).toEqual(body)
    expect(body).toMatchObject({ solarsystemid: SYSTEM, totalKills: 3, windowDays: 60 })
    expect(body.daysCovered).toBeGreaterThanOrEqual(4)
    // days to the second, so the page can say "2 hours ago" (the latest kill was 0.1 days, 2.4 hours, ago)
    expect(body.mostRecentKillDaysAgo).toBeCloseTo(0.1, 3)
    expect(body.activeCorporations).toEqual([
      { id: RESIDENT, name: 'Hole Control', activeDays: 3, lastSeenDaysAgo: expect.closeTo(0.1, 3) },
      { id: VISITOR, name: 'Roaming Gang', activeDays: 2, lastSeenDaysAgo: expect.closeTo(0.1, 3) },
      { id: UNNAMED, name: null, activeDays: 1, lastSeenDaysAgo: expect.closeTo(1.5, 3) },
    ])
    expect(headers.get('cache-control')).toBe('public, max-age=60')
  })

  it('asks ESI once per name: known names and ids ESI does not know are remembered', async () => {
    const before = esi.requests.length
    const { body } = await get(`/api/killboard-summary/${SYSTEM}`)
    expect(body.activeCorporations.map((c: { name: string | null }) => c.name)).toEqual(['Hole Control', 'Roaming Gang', null])
    expect(esi.requests.slice(before)).toEqual([])
  })

  it('answers without new names, at once, while ESI is rate limited', async () => {
    names.names.set(UNNAMED, { name: 'Late Arrivals', category: 'corporation' })
    await app.ctx.ch.command({ query: `ALTER TABLE eve_names DELETE WHERE id = ${UNNAMED}`, clickhouse_settings: { mutations_sync: '1' } })
    esi.rateLimitFor(30)
    try {
      // The first request learns of the limit from ESI's 429; the next one does not ask at all.
      await get(`/api/killboard-summary/${SYSTEM}`)
      const before = esi.requests.length
      const { status, body } = await get(`/api/killboard-summary/${SYSTEM}`)
      expect(status).toBe(200)
      expect(body.activeCorporations.map((c: { name: string | null }) => c.name)).toEqual(['Hole Control', 'Roaming Gang', null])
      expect(esi.requests.length).toBe(before)
    } finally {
      esi.rateLimitFor(0)
    }
  })

  it('answers an empty summary for a system without kills', async () => {
    const { body } = await get('/api/killboard-summary/31000005')
    expect(body).toMatchObject({ totalKills: 0, mostRecentKillDaysAgo: null, activeCorporations: [] })
  })

  it('refuses ids that are not positive whole numbers', async () => {
    for (const bad of ['abc', '-5', '0', '1.5', '0x1d9a5b5', '3.1e7', '1e3']) {
      const { status, body } = await get(`/api/killboard-summary/${bad}`)
      expect(status, bad).toBe(400)
      expect(body.error).toMatch(/solar system id in the address/)
    }
    expect((await get('/api/killboard-summary/0x1d9a5b5')).body.error).toMatch(/The solar system id in the address must be a whole number written in digits/)
  })
})

describe('GET /api/killboard-activity/:solarsystemid', () => {
  it('answers a 7 × 24 heatmap of UTC weekday and hour', async () => {
    const { status, body } = await get(`/api/killboard-activity/${SYSTEM}`)
    expect(status).toBe(200)
    expect(KillboardActivity.parse(body)).toEqual(body)
    expect(body.days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    expect(body.totalKills).toBe(3)
    expect(body.hours.flat().reduce((a: number, b: number) => a + b, 0)).toBe(3)
    const t = new Date(Date.now() - 0.1 * 86_400_000)
    const dow = (t.getUTCDay() + 6) % 7
    expect(body.hours[dow][t.getUTCHours()]).toBeGreaterThanOrEqual(1)
    expect(body.max).toBe(Math.max(...body.hours.flat()))
  })
})

describe('the feed state in both answers', () => {
  it('says the data may be incomplete (STALE) when the newest stored kill is hours old, with its time', async () => {
    for (const path of [`/api/killboard-summary/${SYSTEM}`, `/api/killboard-activity/${SYSTEM}`]) {
      const { body } = await get(path)
      expect(body.feed, path).toMatchObject({ status: 'STALE', stale_after_minutes: KILLMAIL_FEED_STALE_MINUTES })
      expect(Date.parse(body.feed.newest_kill_at), path).toBe(Date.parse(newestKillTime))
      expect(body.feed.newest_kill_age_seconds, path).toBeGreaterThanOrEqual(0.1 * 86_400)
      // the feed stored these kills just now: it runs, but only brings old kills
      expect(body.feed.live_stored_age_seconds, path).toBeLessThan(600)
      expect(body.feed.detail, path).toBe('The newest kill stored happened 2 hours ago: the feed is behind')
    }
  })

  it('is OK once a current kill is stored, anywhere in New Eden', async () => {
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
    await publish(app.ctx.stream, KillmailsTopic, [
      {
        key: '509',
        value: killMessage({ id: 509, time: now, systemId: 30_000_142, victim: { characterId: 7, shipTypeId: 587 }, attackers: [{ characterId: 8 }] }),
      },
    ])
    await waitForStored(app.ctx.ch, [509])
    await expect.poll(async () => (await get(`/api/killboard-activity/${SYSTEM}`)).body.feed.status, { timeout: 20_000, interval: 500 }).toBe('OK')
    const { body } = await get(`/api/killboard-summary/${SYSTEM}`)
    expect(body.feed.status).toBe('OK')
    expect(Date.parse(body.feed.newest_kill_at)).toBe(Date.parse(now))
    expect(body.totalKills).toBe(3) // a kill elsewhere changes the freshness, not this system's counts
  })
})

describe('with static data (the shared server)', () => {
  const shared = inject('appUrl')
  it('answers 404 for a system the static data does not know, and 200 for a real one', async () => {
    const unknown = await get('/api/killboard-summary/31999999', shared)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('No solar system with id 31999999')
    const real = await get('/api/killboard-activity/31000005', shared) // Thera
    expect(real.status).toBe(200)
    expect(real.body.solarsystemid).toBe(31000005)
  })

  it('documents both endpoints in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json', shared)).body
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/killboard-summary/{solarsystemid}', '/api/killboard-activity/{solarsystemid}', '/api/{name}']),
    )
    expect(doc.components.schemas).toHaveProperty('KillboardSummary')
    expect(doc.components.schemas).toHaveProperty('KillTracker')
  })
})
