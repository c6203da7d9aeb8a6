import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FakeDiscordWebhook } from '../../../platform/testing/discord-webhook-fake.js'
import { webhookId, writeDeliveries, type Delivery } from '../../../pipelines/killfeed/deliveries.js'
import { startKillfeedTestApp, type KillfeedTestApp } from '../../../pipelines/killfeed/testing/app.js'
import { fixtureKill } from '../../../pipelines/killfeed/testing/kills.js'
import { publish } from '../../../platform/stream/typed.js'
import { killMessage, waitForStored } from '../../../pipelines/killmails/testing.js'
import { createRoute } from '../../../pipelines/killfeed/store.js'
import { saveLiveKills } from '../../../pipelines/killfeed/live-store.js'
import type { LiveKill } from '../../../schemas/live-kill.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import { insertContactMessage } from '../contact/store.js'
import { createTestAdmin, signIn, type AdminClient } from '../../../platform/testing/admin-session.js'
import type { TestApp } from '../../../platform/testing/in-process-app.js'
import type { FakeEsi } from '../../../platform/fakes/esi/server.js'

let kf: KillfeedTestApp
let app: TestApp
let esi: FakeEsi
let discord: FakeDiscordWebhook
let admin: AdminClient

const HOOK_A = 'https://discord.com/api/webhooks/123456789012345678/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const HOOK_B = 'https://discord.com/api/webhooks/223456789012345678/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'

beforeAll(async () => {
  // The fixture kills' names, plus two real alliance and system names for the search.
  kf = await startKillfeedTestApp({}, [
    { id: 1354830081, name: 'Goonswarm Federation', category: 'alliance' },
    { id: 30000142, name: 'Jita', category: 'solar_system' },
  ])
  ;({ app, esi, discord } = kf)
  await createTestAdmin(app.ctx.ch)
  admin = await signIn(app.url)
})
afterAll(async () => {
  await kf?.close()
})

const json = async (res: Response) => ({ status: res.status, body: await res.json() })

describe('without a session', () => {
  it('answers 401 JSON on every admin call, known or not, whatever the method', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/killfeed/tracked'],
      ['POST', '/api/killfeed/tracked'],
      ['DELETE', '/api/killfeed/tracked/alliance/1354830081'],
      ['GET', '/api/killfeed/recent'],
      ['GET', '/api/killfeed/routes'],
      ['POST', '/api/killfeed/routes'],
      ['PATCH', '/api/killfeed/routes/7d3c1f2e-4a5b-4c6d-8e9f-0a1b2c3d4e5f'],
      ['DELETE', '/api/killfeed/routes/7d3c1f2e-4a5b-4c6d-8e9f-0a1b2c3d4e5f'],
      ['GET', '/api/killfeed/resolve?type=alliance&q=Goonswarm%20Federation'],
      ['GET', '/api/killfeed'],
      ['GET', '/api/killfeed/anything/else'],
      ['PUT', '/api/killfeed/routes'],
      ['GET', '/api/admin/tracked-players'],
      ['POST', '/api/admin/tracked-players'],
      ['PUT', '/api/admin/tracked-players/someone'],
      ['DELETE', '/api/admin/tracked-players/someone'],
      ['GET', '/api/admin/contact-messages'],
    ]
    for (const [method, path] of calls) {
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: 'Not signed in' })
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('serves the public live killfeed', async () => {
    const res = await fetch(`${app.url}/api/live-kills`)
    expect(await json(res)).toEqual({ status: 200, body: { tracking: 0, kills: [], filter: null, place_names: {} } })
  })
})

describe('signed in', () => {
  it('answers 404 JSON for an unknown admin call', async () => {
    expect(await json(await admin.call('GET', '/api/killfeed/nothing-here'))).toEqual({ status: 404, body: { error: 'No such admin call' } })
  })

  it('refuses writes that fail the CSRF check, and writes nothing', async () => {
    const body = { item_type: 'alliance', entity_id: 99003581, display_name: 'Victim Alliance', mode: 'both' }
    const noHeader = await fetch(`${app.url}/api/killfeed/tracked`, {
      method: 'POST',
      headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(noHeader.status).toBe(403)
    expect((await admin.call('POST', '/api/killfeed/tracked', body, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await admin.call('POST', '/api/killfeed/tracked', body, { Origin: 'https://evil.example' })).status).toBe(403)
    const form = await fetch(`${app.url}/api/killfeed/tracked`, {
      method: 'POST',
      headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: 'item_type=alliance&entity_id=99003581',
    })
    expect(form.status).toBe(403)
    expect(await (await admin.call('GET', '/api/killfeed/tracked')).json()).toEqual([])
  })
})

describe('tracked entities', () => {
  it('adds, lists (by name), updates and deletes', async () => {
    expect(
      await json(
        await admin.call('POST', '/api/killfeed/tracked', { item_type: 'alliance', entity_id: 99003581, display_name: ' Victim Alliance ', mode: 'kills' }),
      ),
    ).toEqual({
      status: 200,
      body: { item_type: 'alliance', entity_id: 99003581, display_name: 'Victim Alliance', mode: 'kills' },
    })
    await admin.call('POST', '/api/killfeed/tracked', { item_type: 'system', entity_id: 30000142, display_name: 'Jita' })
    await admin.call('POST', '/api/killfeed/tracked', { item_type: 'alliance', entity_id: 99003581, display_name: 'Victims', mode: 'losses' })
    expect((await json(await admin.call('GET', '/api/killfeed/tracked'))).body).toEqual([
      { item_type: 'system', entity_id: 30000142, display_name: 'Jita', mode: 'both' },
      { item_type: 'alliance', entity_id: 99003581, display_name: 'Victims', mode: 'losses' },
    ])
    expect((await fetch(`${app.url}/api/live-kills`).then((r) => r.json())).tracking).toBe(2)
    expect(await json(await admin.call('DELETE', '/api/killfeed/tracked/system/30000142'))).toEqual({ status: 200, body: { ok: true } })
    expect(await json(await admin.call('DELETE', '/api/killfeed/tracked/system/30000142'))).toEqual({
      status: 404,
      body: { error: 'No tracked system 30000142' },
    })
    expect((await json(await admin.call('GET', '/api/killfeed/tracked'))).body).toHaveLength(1)
    await admin.call('DELETE', '/api/killfeed/tracked/alliance/99003581')
  })

  it('refuses bad input with a sentence naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ item_type: 'region', entity_id: 1, display_name: 'x' }, 'The kind of entry must be one of alliance, corporation, character, system.'],
      [{ item_type: 'alliance', entity_id: -5, display_name: 'x' }, 'The id must be positive.'],
      [{ item_type: 'alliance', entity_id: 5, display_name: '  ' }, 'Fill in the display name.'],
      [{ item_type: 'alliance', entity_id: 5, display_name: 'x', mode: 'all' }, 'The mode must be one of both, kills, losses.'],
    ]
    for (const [body, error] of cases)
      expect(await json(await admin.call('POST', '/api/killfeed/tracked', body))).toEqual({ status: 400, body: expect.objectContaining({ error }) })
    expect((await json(await admin.call('DELETE', '/api/killfeed/tracked/planet/5'))).status).toBe(400)
  })
})

describe('webhook routes', () => {
  const route = (over: Record<string, unknown> = {}) => ({
    item_type: 'alliance',
    entity_id: 1354830081,
    display_name: 'Goonswarm Federation',
    mode: 'both',
    webhook_url: HOOK_A,
    enabled: true,
    ...over,
  })

  it('creates a route with comma- or newline-separated webhooks, stored one per line, and lists it', async () => {
    const created = await json(await admin.call('POST', '/api/killfeed/routes', route({ webhook_url: ` ${HOOK_A},\n${HOOK_B}\n${HOOK_A} ` })))
    expect(created.status).toBe(200)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      item_type: 'alliance',
      entity_id: 1354830081,
      display_name: 'Goonswarm Federation',
      mode: 'both',
      webhook_url: `${HOOK_A}\n${HOOK_B}`,
      enabled: true,
      created_at: expect.stringMatching(/Z$/),
      filters: {},
      embed_style: 'full',
      mention: '',
      mention_min_isk: 0,
      disabled_reason: '',
    })
    const list = (await json(await admin.call('GET', '/api/killfeed/routes'))).body
    expect(list).toContainEqual({ ...created.body, webhook_health: [] })
  })

  it('accepts only https Discord webhook URLs, and at least one', async () => {
    const bad = [
      'http://discord.com/api/webhooks/123456789012345678/aaaaaaaaaaaaaaaaaaaaaaaa',
      'https://evil.example/api/webhooks/123456789012345678/aaaaaaaaaaaaaaaaaaaaaaaa',
      'https://discord.com.evil.example/api/webhooks/123456789012345678/aaaaaaaaaaaaaaaaaaaaaaaa',
      'https://discord.com/api/webhooks/123456789012345678/short',
      'https://discord.com/channels/123/456',
      'https://127.0.0.1/api/webhooks/123456789012345678/aaaaaaaaaaaaaaaaaaaaaaaa',
      'not a url',
    ]
    const before = (await json(await admin.call('GET', '/api/killfeed/routes'))).body.length
    for (const url of bad) {
      const res = await json(await admin.call('POST', '/api/killfeed/routes', route({ webhook_url: `${HOOK_A}\n${url}` })))
      expect(res.status, url).toBe(400)
      expect(res.body.error, url).toMatch(
        /^Check the webhook address: '.*' is not a Discord webhook URL \(https:\/\/discord\.com\/api\/webhooks\/<id>\/<token>\)$/,
      )
    }
    for (const empty of ['', ' , \n ']) {
      expect(await json(await admin.call('POST', '/api/killfeed/routes', route({ webhook_url: empty })))).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'Check the webhook address: give at least one Discord webhook URL.' }),
      })
    }
    const many = Array.from({ length: 11 }, (_, i) => `https://discord.com/api/webhooks/12345678901234567${i % 10}/token-${i}-aaaaaaaaaaaaaaaaaaaaa`).join(',')
    expect((await json(await admin.call('POST', '/api/killfeed/routes', route({ webhook_url: many })))).body.error).toBe(
      'Check the webhook address: at most 10 webhook URLs per route.',
    )
    expect((await json(await admin.call('GET', '/api/killfeed/routes'))).body).toHaveLength(before)
  })

  it('edits only the fields sent, keeping id and created_at', async () => {
    const created = (await json(await admin.call('POST', '/api/killfeed/routes', route({ display_name: 'To edit' })))).body
    const edited = await json(
      await admin.call('PATCH', `/api/killfeed/routes/${created.id}`, {
        mode: 'losses',
        enabled: false,
        webhook_url: HOOK_B,
        id: 'ignored',
        created_at: 'ignored',
      }),
    )
    expect(edited).toEqual({ status: 200, body: { ...created, mode: 'losses', enabled: false, webhook_url: HOOK_B } })
    expect((await json(await admin.call('GET', '/api/killfeed/routes'))).body.find((r: { id: string }) => r.id === created.id)).toEqual({
      ...edited.body,
      webhook_health: [],
    })
    expect((await json(await admin.call('PATCH', `/api/killfeed/routes/${created.id}`, { webhook_url: 'https://example.com/hook' }))).status).toBe(400)
    expect((await json(await admin.call('PATCH', `/api/killfeed/routes/${created.id}`, {}))).body.error).toBe('Nothing to change.')
    expect(await json(await admin.call('PATCH', '/api/killfeed/routes/7d3c1f2e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', { enabled: true }))).toEqual({
      status: 404,
      body: { error: 'No such route' },
    })
    expect((await json(await admin.call('PATCH', '/api/killfeed/routes/not-a-uuid', { enabled: true }))).body.error).toBe(
      'Check the id in the address: not a route id.',
    )
  })

  it('refuses a second route of the same entity and mode to the same webhooks (however they are spelled), on add and on edit', async () => {
    const entity = { entity_id: 99003581, display_name: 'Fraternity.' }
    const first = (await json(await admin.call('POST', '/api/killfeed/routes', route({ ...entity, webhook_url: `${HOOK_A}\n${HOOK_B}` })))).body
    const before = (await json(await admin.call('GET', '/api/killfeed/routes'))).body.length
    // the same webhooks in another order and spelling, under another name: it would post nothing (a kill goes to a webhook once)
    const again = await json(
      await admin.call(
        'POST',
        '/api/killfeed/routes',
        route({ ...entity, display_name: 'FRAT', webhook_url: `${HOOK_B.replace('discord.com', 'discordapp.com')}, ${HOOK_A}/` }),
      ),
    )
    expect(again).toEqual({ status: 409, body: { error: 'A route of Fraternity. (kills and losses) to these webhooks exists already: edit that one instead' } })
    expect((await json(await admin.call('GET', '/api/killfeed/routes'))).body).toHaveLength(before)

    // another mode, or other webhooks, is another route
    const losses = await json(await admin.call('POST', '/api/killfeed/routes', route({ ...entity, mode: 'losses', webhook_url: `${HOOK_A}\n${HOOK_B}` })))
    expect(losses.status).toBe(200)
    const oneHook = await json(await admin.call('POST', '/api/killfeed/routes', route({ ...entity, webhook_url: HOOK_A })))
    expect(oneHook.status).toBe(200)

    // an edit that makes a route the copy of another is refused too, and changes nothing; saving a route unchanged is not a copy of itself
    const edit = await json(await admin.call('PATCH', `/api/killfeed/routes/${losses.body.id}`, { mode: 'both' }))
    expect(edit).toEqual({ status: 409, body: { error: 'A route of Fraternity. (kills and losses) to these webhooks exists already: edit that one instead' } })
    expect((await json(await admin.call('GET', '/api/killfeed/routes'))).body.find((r: { id: string }) => r.id === losses.body.id).mode).toBe('losses')
    expect((await json(await admin.call('PATCH', `/api/killfeed/routes/${first.id}`, { webhook_url: `${HOOK_B}\n${HOOK_A}` }))).status).toBe(200)
    // a copy stored before the check existed can still be renamed or switched off (and deleted)
    const old = await createRoute(app.ctx.ch, {
      ...route({ ...entity, display_name: 'Old copy', webhook_url: `${HOOK_A}\n${HOOK_B}` }),
      item_type: 'alliance',
      mode: 'both',
      enabled: true,
    })
    expect((await json(await admin.call('PATCH', `/api/killfeed/routes/${old.id}`, { display_name: 'Old copy, renamed', enabled: false }))).status).toBe(200)
    for (const r of [first, losses.body, oneHook.body, old]) await admin.call('DELETE', `/api/killfeed/routes/${r.id}`)
  })

  it('deletes a route', async () => {
    const created = (await json(await admin.call('POST', '/api/killfeed/routes', route({ display_name: 'To delete' })))).body
    expect(await json(await admin.call('DELETE', `/api/killfeed/routes/${created.id}`))).toEqual({ status: 200, body: { ok: true } })
    expect((await json(await admin.call('GET', '/api/killfeed/routes'))).body.some((r: { id: string }) => r.id === created.id)).toBe(false)
    expect((await json(await admin.call('DELETE', `/api/killfeed/routes/${created.id}`))).status).toBe(404)
  })

  it('lists recent posts (none yet)', async () => {
    expect(await json(await admin.call('GET', '/api/killfeed/recent'))).toEqual({ status: 200, body: [] })
  })
})

describe('entity search', () => {
  const resolve = async (type: string, q: string) => json(await admin.call('GET', `/api/killfeed/resolve?type=${type}&q=${encodeURIComponent(q)}`))

  it('needs at least 2 characters', async () => {
    expect(await resolve('alliance', ' G ')).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'The search text must be at least 2 characters.' }),
    })
  })

  it('finds alliances, corporations and characters by exact name (any case) or id through ESI', async () => {
    expect(await resolve('alliance', 'goonswarm federation')).toEqual({ status: 200, body: [{ id: 1354830081, name: 'Goonswarm Federation' }] })
    expect((await resolve('corporation', 'victim corp')).body).toEqual([{ id: 98598862, name: 'Victim Corp' }])
    expect((await resolve('character', '2122649889')).body).toEqual([{ id: 2122649889, name: 'Victim Pilot' }])
    // an id of another kind, or an unknown name, finds nothing
    expect((await resolve('character', '1354830081')).body).toEqual([])
    expect((await resolve('alliance', 'No Such Alliance')).body).toEqual([])
    expect(esi.requests.some((r) => r.method === 'POST' && r.path === '/universe/ids')).toBe(true)
  })

  it('also offers entities already in use whose name contains the text', async () => {
    const created = (
      await json(
        await admin.call('POST', '/api/killfeed/routes', { item_type: 'alliance', entity_id: 99003581, display_name: 'Victim Alliance', webhook_url: HOOK_A }),
      )
    ).body
    expect((await resolve('alliance', 'tim all')).body).toEqual([{ id: 99003581, name: 'Victim Alliance' }])
    await admin.call('DELETE', `/api/killfeed/routes/${created.id}`)
  })

  it('finds systems by exact name through ESI while no static data is imported', async () => {
    expect((await resolve('system', 'jita')).body).toEqual([{ id: 30000142, name: 'Jita' }])
  })

  it('answers 502 with a sentence when ESI fails and nothing is known locally', async () => {
    esi.failNext('/universe/ids', 503, 4)
    const res = await resolve('corporation', 'Some Corp')
    expect(res.status).toBe(502)
    // the raw ESI error stays in the log; the admin gets the sentence alone
    expect(res.body.error).toBe('The name search (ESI) is not answering right now: try again in a minute, or enter the corporation id.')
  }, 30_000)

  it('offers an entered id while ESI is down, its name marked unresolved, and a route can be added with it', async () => {
    esi.failNext('/universe/', 503, 20)
    try {
      const res = await resolve('alliance', '99000001')
      expect(res).toEqual({ status: 200, body: [{ id: 99000001, name: 'Alliance 99000001 (name not resolved yet)' }] })
      const created = await json(
        await admin.call('POST', '/api/killfeed/routes', { item_type: 'alliance', entity_id: 99000001, display_name: res.body[0].name, webhook_url: HOOK_A }),
      )
      expect(created.status).toBe(200)
      // an id already in use keeps the name it was given
      expect((await resolve('alliance', '99000001')).body).toEqual([{ id: 99000001, name: 'Alliance 99000001 (name not resolved yet)' }])
      await admin.call('DELETE', `/api/killfeed/routes/${created.body.id}`)
    } finally {
      esi.clearInjected()
    }
  }, 60_000)
})

describe('entity search by part of a name, over the names the site stores', () => {
  const resolve = async (type: string, q: string) => json(await admin.call('GET', `/api/killfeed/resolve?type=${type}&q=${encodeURIComponent(q)}`))
  const CITIZENS = 98_400_001
  const ACADEMY = 98_400_002
  const LTD = 98_400_003
  const KNOX_A = 94_400_001
  const KNOX_B = 94_400_002
  const KNOCK_ALLIANCE = 99_400_001
  const KNOCK_KNOCK = 99_400_002
  const esiIdLookups = () => esi.requests.filter((r) => r.method === 'POST' && r.path === '/universe/ids').length

  beforeAll(async () => {
    // Names the site has had from ESI before (for kill tracker pages, wormhole residents, earlier searches).
    const at = new Date().toISOString()
    await app.ctx.ch.insert({
      table: 'eve_names',
      format: 'JSONEachRow',
      values: [
        { id: CITIZENS, name: 'Hard Knocks Citizens', category: 'corporation', resolved_at: at },
        { id: ACADEMY, name: 'Hard Knocks Academy', category: 'corporation', resolved_at: at },
        { id: LTD, name: 'Knockers Ltd', category: 'corporation', resolved_at: at },
        { id: KNOX_A, name: 'Knox Alpha', category: 'character', resolved_at: at },
        { id: KNOX_B, name: 'Knox Beta', category: 'character', resolved_at: at },
        { id: KNOCK_ALLIANCE, name: 'Knock Alliance', category: 'alliance', resolved_at: at },
        { id: KNOCK_KNOCK, name: 'Knock Knock', category: 'alliance', resolved_at: at },
      ],
    })
    // Stored kills: the Academy on three, the Citizens on one; Knox Beta on two, Knox Alpha on one; Knock Knock on
    // two, Knock Alliance on one (as victim or attacker; a kill naming one twice counts once).
    const when = new Date(Date.now() - 3_600_000)
    const kills = [
      { victim: { characterId: KNOX_B, corporationId: ACADEMY, allianceId: KNOCK_KNOCK }, attackers: [{ characterId: 94_400_099, corporationId: ACADEMY }] },
      { victim: { characterId: 94_400_098, corporationId: ACADEMY }, attackers: [{ characterId: KNOX_B, corporationId: CITIZENS, allianceId: KNOCK_KNOCK }] },
      { victim: { characterId: KNOX_A, corporationId: ACADEMY, allianceId: KNOCK_ALLIANCE }, attackers: [{ characterId: 94_400_097 }] },
    ].map((k, i) => killMessage({ id: 4_400_001 + i, time: when, systemId: 31_000_005, victim: { ...k.victim, shipTypeId: 587 }, attackers: k.attackers }))
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

  it('finds stored names by part of the name, the most seen on stored kills first; a stored exact name asks ESI nothing', async () => {
    expect(await resolve('corporation', 'knock')).toEqual({
      status: 200,
      body: [
        { id: ACADEMY, name: 'Hard Knocks Academy', kills: 3 },
        { id: CITIZENS, name: 'Hard Knocks Citizens', kills: 1 },
        { id: LTD, name: 'Knockers Ltd', kills: 0 },
      ],
    })
    expect((await resolve('character', 'KNO')).body).toEqual([
      { id: KNOX_B, name: 'Knox Beta', kills: 2 },
      { id: KNOX_A, name: 'Knox Alpha', kills: 1 },
    ])
    expect((await resolve('alliance', 'ock')).body).toEqual([
      { id: KNOCK_KNOCK, name: 'Knock Knock', kills: 2 },
      { id: KNOCK_ALLIANCE, name: 'Knock Alliance', kills: 1 },
    ])
    // The exact name comes first, however seldom seen; a stored exact name needs no ESI lookup.
    const before = esiIdLookups()
    expect((await resolve('corporation', 'knockers ltd')).body[0]).toEqual({ id: LTD, name: 'Knockers Ltd', kills: 0 })
    expect(esiIdLookups()).toBe(before)
  })

  it('asks ESI for a name never seen, and finds it by part of its name afterwards', async () => {
    expect((await resolve('alliance', 'hunter')).body).toEqual([]) // not stored, not exact: ESI finds nothing
    const before = esiIdLookups()
    expect((await resolve('alliance', 'hunter alliance')).body).toEqual([{ id: 99009567, name: 'Hunter Alliance' }])
    expect(esiIdLookups()).toBe(before + 1)
    expect((await resolve('alliance', 'unter al')).body).toEqual([{ id: 99009567, name: 'Hunter Alliance', kills: 0 }])
  })
})

describe('public live killfeed with filters (GET /api/live-kills?…)', () => {
  const live = (id: number, minutesAgo: number, value: number, over: Partial<LiveKill> = {}): LiveKill => ({
    killmail_id: id,
    killmail_time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    value,
    url: `https://zkillboard.com/kill/${id}/`,
    ship: { id: 587, name: 'Rifter' },
    ship_image: 'https://images.evetech.net/types/587/render?size=64',
    system: { id: 31_000_005, name: null, region: null, class_label: null },
    victim: { character: null, corporation: null, alliance: null },
    final_blow: null,
    attackers: 2,
    matched: [{ item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', side: 'kill' }],
    ...over,
  })
  const get = async (query: string) => json(await fetch(`${app.url}/api/live-kills${query}`))
  const idsOf = (body: { kills: Array<{ killmail_id: number }> }) => body.kills.map((k) => k.killmail_id)

  beforeAll(async () => {
    await saveLiveKills(app.ctx.ch, [
      live(8_800_001, 1, 2_000_000_000, { solo: true, attackers: 1 }),
      live(8_800_002, 2, 500_000_000),
      live(8_800_003, 3, 3_000_000_000, { npc: true }),
      live(8_800_004, 4, 1_500_000_000, { attackers: 12 }),
      live(8_800_005, 5, 1_000_000), // stored before the flags were kept: neither npc nor solo
    ])
  })

  it('answers every kill, no filter, without a query; with filters, the matches by the route matcher and the filter compiled', async () => {
    const all = await get('?limit=100')
    expect(all.status).toBe(200)
    expect(idsOf(all.body).filter((id) => id > 8_800_000)).toEqual([8_800_001, 8_800_002, 8_800_003, 8_800_004, 8_800_005])
    expect(all.body.filter).toBeNull()

    const big = await get('?min_value_isk=1000000000')
    expect(idsOf(big.body)).toEqual([8_800_001, 8_800_004]) // the NPC kill is left out unless asked for
    expect(big.body.filter).toEqual({ minValue: 1e9, includeNpc: false, solo: false, minAttackers: 0, maxAttackers: null, systems: null, shipTypes: null })
    expect(big.body.place_names).toEqual({})
    expect(idsOf((await get('?min_value_isk=1000000000&include_npc=1')).body)).toEqual([8_800_001, 8_800_003, 8_800_004])
    expect(idsOf((await get('?solo=1')).body)).toEqual([8_800_001])
    expect(idsOf((await get('?min_attackers=10')).body)).toEqual([8_800_004])
    expect(idsOf((await get('?max_attackers=2&limit=1')).body)).toEqual([8_800_001])
  })

  it('refuses filters that cannot match, or do not read, with a sentence', async () => {
    const contradict = await get('?min_attackers=5&max_attackers=2')
    expect(contradict).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'At least 5 attackers and at most 2 can never both hold, so no kill would show.' }),
    })
    const bad = await get('?min_value_isk=lots')
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/^The min value isk must be a number of ISK\.?$/i)
  })
})

describe('kill tracker players', () => {
  const player = (over: Record<string, unknown> = {}) => ({
    path: 'frat-pilot',
    display_name: 'Frat Pilot',
    character_ids: [2122649889, 2122649889, 96424385],
    ...over,
  })

  it('creates, lists, edits and deletes a player, stored where the kill tracker reads it', async () => {
    const created = await json(await admin.call('POST', '/api/admin/tracked-players', player()))
    expect(created).toEqual({
      status: 200,
      body: { path: 'frat-pilot', display_name: 'Frat Pilot', character_ids: [2122649889, 96424385], updated_at: expect.any(String) },
    })
    expect((await json(await admin.call('POST', '/api/admin/tracked-players', player()))).status).toBe(409)
    const edited = await json(await admin.call('PUT', '/api/admin/tracked-players/frat-pilot', { display_name: 'Frat Main', character_ids: [96424385] }))
    expect(edited.body).toMatchObject({ path: 'frat-pilot', display_name: 'Frat Main', character_ids: [96424385] })
    const rows = await app.ctx.ch.query({
      query: "SELECT display_name, character_ids FROM tracked_players FINAL WHERE path = 'frat-pilot' AND NOT deleted",
      format: 'JSONEachRow',
    })
    const stored = await rows.json<{ display_name: string; character_ids: Array<string | number> }>()
    expect(stored.map((r) => ({ ...r, character_ids: r.character_ids.map(Number) }))).toEqual([{ display_name: 'Frat Main', character_ids: [96424385] }])
    expect((await json(await admin.call('GET', '/api/admin/tracked-players'))).body).toEqual([edited.body])
    expect(await json(await admin.call('DELETE', '/api/admin/tracked-players/frat-pilot'))).toEqual({ status: 200, body: { ok: true } })
    expect((await json(await admin.call('GET', '/api/admin/tracked-players'))).body).toEqual([])
    expect((await json(await admin.call('PUT', '/api/admin/tracked-players/frat-pilot', { display_name: 'x', character_ids: [1] }))).status).toBe(404)
  })

  it('refuses paths that are not one lowercase URL segment, or that a page or API route of the site uses', async () => {
    for (const path of ['Frat', 'a', 'x/y', 'bad path', '-dash', 'dot.name']) {
      expect((await json(await admin.call('POST', '/api/admin/tracked-players', player({ path })))).body.error, path).toBe(
        'The page address must be 2-40 lowercase letters, digits, - or _, starting and ending with a letter or digit.',
      )
    }
    // spec routes (built or not), registered pages, server prefixes and API routes
    for (const path of ['wormholes', 'gas-calc', 'killfeed', 'timestamp', 'contact', 'api', 'auth', 'health', 'live-kills', 'openapi']) {
      expect((await json(await admin.call('POST', '/api/admin/tracked-players', player({ path })))).body.error, path).toBe(
        `The page address is taken: /${path} is already in use by the site; choose another.`,
      )
    }
    expect((await json(await admin.call('POST', '/api/admin/tracked-players', player({ character_ids: [] })))).body.error).toBe(
      'Check the character ids: give at least one character id.',
    )
  })
})

describe('contact messages', () => {
  it('lists stored messages newest first, read-only', async () => {
    await insertContactMessage(app.ctx.ch, { name: 'Older', email: 'a@example.com', topic: 'General', message: 'first' }, new Date('2026-11-20T10:00:00Z'))
    await insertContactMessage(app.ctx.ch, { name: 'Newer', email: 'b@example.com', topic: 'Bug report', message: 'second' }, new Date('2026-11-21T10:00:00Z'))
    const { body } = await json(await admin.call('GET', '/api/admin/contact-messages'))
    expect(body.total).toBe(2)
    expect(body.messages.map((m: { name: string }) => m.name)).toEqual(['Newer', 'Older'])
    expect((await json(await admin.call('GET', '/api/admin/contact-messages?limit=1&offset=1'))).body.messages[0].name).toBe('Older')
  })
})

describe('webhooks Discord refuses, on the routes list', () => {
  const DEAD_ID = '423456789012345678'
  const DEAD = `https://discord.com/api/webhooks/${DEAD_ID}/dddddddddddddddddddddddddddddddddd`
  const routeOf = async (id: string) => (await json(await admin.call('GET', '/api/killfeed/routes'))).body.find((r: { id: string }) => r.id === id)
  const healthOf = async (id: string) => (await routeOf(id)).webhook_health
  const recentFor = async (killmailId: number) =>
    (
      (await json(await admin.call('GET', '/api/killfeed/recent'))).body as Array<{ killmail_id: number; status: string; error: string; webhook: string }>
    ).filter((p) => p.killmail_id === killmailId)
  const victimsRoute = async (webhook_url: string) =>
    (
      await json(
        await admin.call('POST', '/api/killfeed/routes', { item_type: 'alliance', entity_id: 99003581, display_name: 'Victims', mode: 'losses', webhook_url }),
      )
    ).body
  const kill = (id: number) => publish(app.ctx.stream, KillmailsTopic, [{ key: String(id), value: fixtureKill('solo', { killmail_id: id }) }])

  it('names a deleted webhook under its route and switches the route off with the reason, until it is switched on again', async () => {
    const created = await victimsRoute(`${HOOK_B}\n${DEAD}`)
    discord.deleted.add(DEAD_ID)
    const before = Date.now()
    await kill(700_001)
    await expect.poll(async () => (await recentFor(700_001)).map((p) => p.status).sort(), { timeout: 10_000 }).toEqual(['failed', 'posted'])
    expect((await recentFor(700_001)).find((p) => p.status === 'failed')!.error).toBe('Discord answered 404: Unknown Webhook')
    await expect.poll(async () => (await routeOf(created.id)).enabled, { timeout: 10_000 }).toBe(false)
    const listed = await routeOf(created.id)
    expect(listed).toEqual({
      ...created,
      enabled: false,
      disabled_reason:
        'Switched off: Discord says a webhook of this route no longer exists (404: Unknown Webhook). Change the webhook URL, then switch the route on again.',
      webhook_health: [
        {
          webhook_index: 1,
          webhook: 'discord.com/api/webhooks/4234…5678/••••',
          http_status: 404,
          message: 'Unknown Webhook',
          since: expect.stringMatching(/Z$/),
        },
      ],
    })
    expect(Date.parse(listed.webhook_health[0].since)).toBeGreaterThanOrEqual(before)
    expect(JSON.stringify(listed.webhook_health)).not.toContain('dddd')

    // Discord knows the webhook again and the admin switches the route on: the reason goes, and the next post succeeds
    discord.deleted.delete(DEAD_ID)
    const on = await json(await admin.call('PATCH', `/api/killfeed/routes/${created.id}`, { enabled: true }))
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: '' })
    await kill(700_003)
    await expect.poll(async () => (await recentFor(700_003)).map((p) => p.status), { timeout: 10_000 }).toEqual(['posted', 'posted'])
    expect(await healthOf(created.id)).toEqual([])
    await admin.call('DELETE', `/api/killfeed/routes/${created.id}`)
  })

  it('names a wrong token (401) until the route is edited to a new URL', async () => {
    const created = await victimsRoute(DEAD)
    discord.mode = 'invalid-token'
    try {
      await kill(700_011)
      await expect.poll(async () => (await recentFor(700_011)).map((p) => p.status), { timeout: 10_000 }).toEqual(['failed'])
    } finally {
      discord.mode = 'ok'
    }
    expect(await healthOf(created.id)).toEqual([expect.objectContaining({ webhook_index: 0, http_status: 401, message: 'Invalid Webhook Token' })])
    // the same webhook with its right token is another URL, so another webhook id: nothing is known against it yet
    const fixed = `https://discord.com/api/webhooks/${DEAD_ID}/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
    expect((await admin.call('PATCH', `/api/killfeed/routes/${created.id}`, { webhook_url: fixed })).status).toBe(200)
    expect(await healthOf(created.id)).toEqual([])
    // and the old URL put back still shows what Discord said about it
    await admin.call('PATCH', `/api/killfeed/routes/${created.id}`, { webhook_url: `${fixed}\n${DEAD}` })
    expect(await healthOf(created.id)).toEqual([expect.objectContaining({ webhook_index: 1, http_status: 401 })])
    await admin.call('DELETE', `/api/killfeed/routes/${created.id}`)
  })

  it('goes by the latest settled post: outages and bad bodies are not named, posts in flight change nothing', async () => {
    // A route no fixture kill matches; its posts are written as the deliverer would write them.
    const created = (
      await json(
        await admin.call('POST', '/api/killfeed/routes', { item_type: 'character', entity_id: 5, display_name: 'Nobody', webhook_url: `${HOOK_A}\n${HOOK_B}` }),
      )
    ).body
    let killmail = 710_000
    const row = (url: string, status: Delivery['status'], error = ''): Delivery => ({
      route_id: created.id,
      killmail_id: ++killmail,
      webhook_id: webhookId(url),
      webhook_url: url,
      status,
      attempts: 1,
      error,
      payload: '{}',
      queued_at: Date.now(),
      posted_at: status === 'posted' ? Date.now() : null,
    })
    const write = (...rows: Delivery[]) => writeDeliveries(app.ctx.ch, rows)
    await write(row(HOOK_A, 'failed', 'Discord answered 404: Unknown Webhook'), row(HOOK_A, 'posted'))
    const firstRefusal = Date.now()
    await write(row(HOOK_A, 'failed', 'Discord answered 403: Missing Permissions'))
    await write(
      row(HOOK_A, 'failed', 'Discord answered 404: Unknown Webhook'),
      row(HOOK_A, 'queued'),
      row(HOOK_A, 'sending'),
      row(HOOK_A, 'unknown', 'The process stopped'),
    )
    await write(row(HOOK_B, 'failed', 'Discord answered 404: Unknown Webhook'), row(HOOK_B, 'failed', 'Discord answered 500: 500: Internal Server Error'))
    const health = await healthOf(created.id)
    // A: refused last (the posts after it have not settled), since the 403 that followed its last success; B: an outage last
    expect(health).toEqual([
      { webhook_index: 0, webhook: 'discord.com/api/webhooks/1234…5678/••••', http_status: 404, message: 'Unknown Webhook', since: expect.any(String) },
    ])
    expect(Date.parse(health[0].since)).toBeGreaterThanOrEqual(firstRefusal)
    expect(Date.parse(health[0].since)).toBeLessThan(firstRefusal + 1000)
    await write(row(HOOK_A, 'failed', 'Discord answered 400: Cannot send an empty message'))
    expect(await healthOf(created.id)).toEqual([])
    await admin.call('DELETE', `/api/killfeed/routes/${created.id}`)
  })
})
