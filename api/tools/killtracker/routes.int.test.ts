import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addKillmailRoutes, newKillmailState } from '../../../platform/fakes/esi/killmails.js'
import { FakeEsi } from '../../../platform/fakes/esi/server.js'
import { daysAgo, killMessage, seedTrackedPlayer, waitForStored } from '../../../pipelines/killmails/testing.js'
import { publish } from '../../../platform/stream/typed.js'
import { KillTrackerResponse } from '../../../schemas/kill-tracker.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import { KILLMAIL_FEED_STALE_MINUTES } from '../../../schemas/killmail-constants.js'
import { createApi } from '../../app.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { NAME_BUDGET_MS } from '../../../platform/esi/names.js'
import { PriceStore } from '../../common/price-store.js'
import { INCOMPLETE_CACHE_SECONDS } from './routes.js'

const BOB_MAIN = 92_000_001
const BOB_ALT = 92_000_002
const ALICE = 92_000_010
const ENEMY = 92_000_099
const CARL = 92_000_020
let app: TestApp
let esi: FakeEsi

const get = async (path: string) => {
  const res = await fetch(app.url + path)
  return { status: res.status, headers: res.headers, body: await res.json() }
}

beforeAll(async () => {
  const state = newKillmailState()
  state.names.set(BOB_MAIN, { name: 'Bob Prime', category: 'character' })
  state.names.set(BOB_ALT, { name: 'Bob Alt', category: 'character' })
  state.names.set(ALICE, { name: 'Alice Hunter', category: 'character' })
  state.names.set(CARL, { name: 'Carl Scout', category: 'character' })
  esi = new FakeEsi()
  addKillmailRoutes(esi, state)
  await esi.start()
  app = await startTestApp({ ESI_BASE_URL: esi.url, ZKILL_BASE_URL: 'https://zkillboard.com', IMAGE_SERVER_URL: 'https://images.evetech.net' })
  await seedTrackedPlayer(app.ctx.ch, { path: 'bob', display_name: 'Bob', character_ids: [BOB_MAIN, BOB_ALT] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'alice', display_name: 'Alice', character_ids: [ALICE] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'carl', display_name: 'Carl', character_ids: [CARL] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'gone', display_name: 'Gone', character_ids: [BOB_MAIN] })
  await seedTrackedPlayer(app.ctx.ch, { path: 'gone', display_name: 'Gone', character_ids: [BOB_MAIN], deleted: true })
  const sys = 31_000_500
  const kills = [
    // both of Bob's characters on one kill of a Rifter, a day ago: one kill worth 10m
    killMessage(
      {
        id: 701,
        time: daysAgo(1),
        systemId: sys,
        victim: { characterId: ENEMY, shipTypeId: 587 },
        attackers: [{ characterId: BOB_MAIN }, { characterId: BOB_ALT }],
      },
      10_000_000,
    ),
    // Bob's alt loses a Tengu two and a half days ago: 500m
    killMessage(
      { id: 702, time: daysAgo(2.5), systemId: sys, victim: { characterId: BOB_ALT, shipTypeId: 29984 }, attackers: [{ characterId: ENEMY }] },
      500_000_000,
    ),
    // Bob's main podded by his own alt three days ago: a loss only, 1m
    killMessage(
      { id: 703, time: daysAgo(3), systemId: sys, victim: { characterId: BOB_MAIN, shipTypeId: 670 }, attackers: [{ characterId: BOB_ALT }] },
      1_000_000,
    ),
    // eight days ago: outside the window
    killMessage(
      { id: 704, time: daysAgo(8), systemId: sys, victim: { characterId: ENEMY, shipTypeId: 587 }, attackers: [{ characterId: BOB_MAIN }] },
      1_000_000_000,
    ),
    killMessage(
      { id: 705, time: daysAgo(10), systemId: sys, victim: { characterId: BOB_MAIN, shipTypeId: 587 }, attackers: [{ characterId: ENEMY }] },
      50_000_000,
    ),
    // Alice: one kill, never died
    killMessage(
      { id: 710, time: daysAgo(0.5), systemId: sys, victim: { characterId: ENEMY, shipTypeId: 29984 }, attackers: [{ characterId: ALICE }] },
      300_000_000,
    ),
  ]
  await publish(
    app.ctx.stream,
    KillmailsTopic,
    kills.map((k) => ({ key: String(k.killmail_id), value: k })),
  )
  await waitForStored(
    app.ctx.ch,
    kills.map((k) => k.killmail_id),
  )
})
afterAll(async () => {
  await app?.close()
  await esi?.close()
})

describe('GET /api/{name} (kill tracker)', () => {
  it("answers Bob's last death and 7 days in the spec's shape", async () => {
    const { status, body, headers } = await get('/api/bob')
    expect(status).toBe(200)
    expect(KillTrackerResponse.parse(body)).toEqual(body)
    expect(body).toMatchObject({
      name: 'Bob',
      path: 'bob',
      characters: [BOB_MAIN, BOB_ALT],
      charactersDetailed: [
        { id: BOB_MAIN, name: 'Bob Prime', url: `https://zkillboard.com/character/${BOB_MAIN}/` },
        { id: BOB_ALT, name: 'Bob Alt', url: `https://zkillboard.com/character/${BOB_ALT}/` },
      ],
      lastDeath: { daysSince: 2 },
      last7d: { kills: 1, losses: 2, destroyedISK: 10_000_000, lostISK: 501_000_000, netISK: -491_000_000, kd: 0.5, status: 'NEGATIVE' },
    })
    expect(Date.parse(body.lastDeath.iso)).toBeCloseTo(Date.parse(daysAgo(2.5)), -5)
    expect(body.lists.kills).toEqual([
      {
        id: 701,
        time: expect.any(String),
        ship: { id: 587, name: null, icon: 'https://images.evetech.net/types/587/render?size=32' }, // no static data in this app: no name
        value: 10_000_000,
        url: 'https://zkillboard.com/kill/701/',
        system: { id: 31_000_500, name: null, class_label: null }, // no static data in this app: the id only
      },
    ])
    expect(body.lists.losses.map((l: { id: number; ship: { id: number } }) => [l.id, l.ship.id])).toEqual([
      [702, 29984],
      [703, 670],
    ])
    expect(Date.parse(body.meta.fetchedAt)).toBeLessThanOrEqual(Date.now())
    expect(Number(headers.get('cache-control')?.match(/max-age=(\d+)/)?.[1])).toBeLessThanOrEqual(120)
  })

  it('has no death and an infinite K/D for a player who never died', async () => {
    const { body } = await get('/api/alice')
    expect(body.lastDeath).toEqual({ daysSince: null, iso: null })
    expect(body.last7d).toEqual({ kills: 1, losses: 0, destroyedISK: 300_000_000, lostISK: 0, netISK: 300_000_000, kd: null, status: 'POSITIVE' })
    expect(body.lists.losses).toEqual([])
  })

  it('matches paths without regard to case', async () => {
    expect((await get('/api/BOB')).body.name).toBe('Bob')
  })

  it('reuses an answer for about two minutes', async () => {
    const first = (await get('/api/alice')).body
    await publish(app.ctx.stream, KillmailsTopic, [
      {
        key: '711',
        value: killMessage({
          id: 711,
          time: daysAgo(0.1),
          systemId: 31_000_500,
          victim: { characterId: ENEMY, shipTypeId: 587 },
          attackers: [{ characterId: ALICE }],
        }),
      },
    ])
    await waitForStored(app.ctx.ch, [711])
    const second = (await get('/api/alice')).body
    expect(second.meta.fetchedAt).toBe(first.meta.fetchedAt)
    expect(second.last7d.kills).toBe(first.last7d.kills)
  })

  it('keeps an answer that lacks character names (ESI too slow) only briefly, so the next one has them', async () => {
    esi.slowDown('/universe/names', NAME_BUDGET_MS + 1_500)
    const slow = await get('/api/carl')
    esi.clearInjected()
    expect(slow.body.charactersDetailed).toEqual([])
    expect(Number(slow.headers.get('cache-control')?.match(/max-age=(\d+)/)?.[1])).toBeLessThanOrEqual(INCOMPLETE_CACHE_SECONDS)
    await new Promise((r) => setTimeout(r, INCOMPLETE_CACHE_SECONDS * 1000 + 500))
    const later = await get('/api/carl')
    expect(later.body.charactersDetailed.map((c: { name: string }) => c.name)).toEqual(['Carl Scout'])
  })

  it('answers the usual JSON 404 for names that are no tracked player', async () => {
    for (const name of ['nobody', 'gone', '-bad', 'a%20b', 'x'.repeat(65)]) {
      const { status, body } = await get(`/api/${name}`)
      expect(status, name).toBe(404)
      expect(body.error).toMatch(/^No such endpoint: GET \/api\//)
    }
  })

  it('never shadows another /api route, even when a tracked player has its name', async () => {
    const { router } = await createApi({ ...app.ctx, hub: app.api!.hub, prices: new PriceStore(app.ctx.ch, app.ctx.log) })
    const staticGets = router.koa.stack
      .filter((layer) => layer.methods.includes('GET') && /^\/api\/[^/:]+$/.test(String(layer.path)))
      .map((layer) => String(layer.path).slice('/api/'.length))
    expect(staticGets).toEqual(expect.arrayContaining(['health', 'wormholes']))
    for (const name of [...staticGets, 'openapi.json', 'docs'])
      await seedTrackedPlayer(app.ctx.ch, { path: name, display_name: `Player ${name}`, character_ids: [BOB_MAIN] })
    for (const name of [...staticGets, 'openapi.json', 'docs']) {
      const res = await fetch(`${app.url}/api/${name}`, { redirect: 'manual' })
      const text = await res.text()
      const body = (() => {
        try {
          return JSON.parse(text) as Record<string, unknown>
        } catch {
          return null
        }
      })()
      expect(body !== null && typeof body === 'object' && 'last7d' in body, name).toBe(false) // not a kill tracker answer
    }
    expect((await get('/api/health')).body).toMatchObject({ ok: true })
  })

  it('carries the feed state, current even while the rest of the answer is reused', async () => {
    await seedTrackedPlayer(app.ctx.ch, { path: 'fresh', display_name: 'Fresh', character_ids: [ALICE] })
    const first = (await get('/api/fresh')).body
    expect(KillTrackerResponse.parse(first)).toEqual(first)
    // The newest stored kill (711) happened 0.1 days ago: the feed stores kills, but only old ones.
    expect(first.feed).toMatchObject({ status: 'STALE', stale_after_minutes: KILLMAIL_FEED_STALE_MINUTES })
    expect(first.feed.newest_kill_age_seconds).toBeGreaterThanOrEqual(0.1 * 86_400)
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
    await publish(app.ctx.stream, KillmailsTopic, [
      {
        key: '712',
        value: killMessage({
          id: 712,
          time: now,
          systemId: 30_000_142,
          victim: { characterId: ENEMY + 1, shipTypeId: 587 },
          attackers: [{ characterId: ENEMY }],
        }),
      },
    ])
    await waitForStored(app.ctx.ch, [712])
    await expect.poll(async () => (await get('/api/fresh')).body.feed.status, { timeout: 20_000, interval: 500 }).toBe('OK')
    const later = (await get('/api/fresh')).body
    expect(Date.parse(later.feed.newest_kill_at)).toBe(Date.parse(now))
    expect(later.meta.fetchedAt).toBe(first.meta.fetchedAt) // the tracker's own answer is still the cached one
  })

  it('answers JSON for a method no /api route takes', async () => {
    const res = await fetch(`${app.url}/api/bob`, { method: 'DELETE' })
    expect(res.status).toBe(405)
    expect((await res.json()).error).toMatch(/^DELETE is not allowed on \/api\/bob/)
  })
})
