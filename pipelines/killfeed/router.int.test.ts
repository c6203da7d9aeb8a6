import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { FakeDiscordWebhook } from '../../platform/testing/discord-webhook-fake.js'
import type { TestApp } from '../../platform/testing/in-process-app.js'
import { KillmailsTopic, type KillmailMessage } from '../../schemas/killmails.js'
import type { Route } from '../../schemas/killfeed.js'
import { publish } from '../../platform/stream/typed.js'
import crypto from 'node:crypto'
import pino from 'pino'
import { deliveriesWithStatus, recentPosts, webhookId, writeDeliveries, type Delivery } from './deliveries.js'
import { Deliverer } from './deliverer.js'
import { DiscordWebhookClient } from './discord.js'
import { startKillfeedRouter, type KillfeedRouter } from './router.js'
import { createRoute, saveTracked, updateRoute } from './store.js'
import { startKillfeedTestApp, type KillfeedTestApp } from './testing/app.js'
import { discordHook, fixtureKill } from './testing/kills.js'
import type { Consumer } from '../../platform/stream/index.js'

let kf: KillfeedTestApp
let app: TestApp
let discord: FakeDiscordWebhook
let router: KillfeedRouter
let consumers: Consumer[]
let nextKillId = 900_000

beforeAll(async () => {
  // The api role only (websocket + live relay); this file runs the router itself, with short backoffs.
  kf = await startKillfeedTestApp({ ROLES: ['api'] })
  ;({ app, discord } = kf)
  ;({ router, consumers } = await startKillfeedRouter(app.ctx, { backoffMs: 30 }))
})
afterAll(async () => {
  await Promise.allSettled(consumers.map((c) => c.stop()))
  await kf?.close()
})
beforeEach(() => {
  discord.mode = 'ok'
  discord.posts.length = 0
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const publishKills = (...kills: KillmailMessage[]) =>
  publish(
    app.ctx.stream,
    KillmailsTopic,
    kills.map((k) => ({ key: String(k.killmail_id), value: k })),
  )
const solo = (over: Parameters<typeof fixtureKill>[1] = {}) => fixtureKill('solo', { killmail_id: ++nextKillId, ...over })
const route = (over: Partial<Route> & Pick<Route, 'item_type' | 'entity_id'>) =>
  createRoute(app.ctx.ch, { display_name: `${over.item_type} ${over.entity_id}`, mode: 'both', webhook_url: discordHook(), enabled: true, ...over })
const postsTo = (r: Route) => discord.posts.filter((p) => r.webhook_url.includes(p.path.split('?')[0].replace('/api/webhooks/', '')))
const embedOf = (p: { body: unknown }) => (p.body as { embeds: Array<Record<string, unknown>> }).embeds[0]
const postsOf = (r: Route, kill: KillmailMessage) => postsTo(r).filter((p) => (embedOf(p).footer as { text: string }).text.endsWith(` ${kill.killmail_id}`))
/** Let the router see routes made in one test only: the ones it made are switched off afterwards. */
const made: Route[] = []
async function routes(...list: Array<Promise<Route>>) {
  const created = await Promise.all(list)
  made.push(...created)
  return created
}
async function disableAll() {
  for (const r of made.splice(0)) await updateRoute(app.ctx.ch, r.id, { enabled: false })
}

describe('matching and posting', () => {
  it('posts a kill to each matching route per its mode, and to no other', async () => {
    const [lossRoute, killsOnly, attackerKills, systemRoute, corpBoth, disabled, otherAlliance] = await routes(
      route({ item_type: 'alliance', entity_id: 99003581, mode: 'losses', display_name: 'Victim Alliance' }),
      route({ item_type: 'alliance', entity_id: 99003581, mode: 'kills' }),
      route({ item_type: 'alliance', entity_id: 99009567, mode: 'kills', display_name: 'Hunters' }),
      route({ item_type: 'system', entity_id: 30001980, mode: 'losses', display_name: 'Home' }),
      route({ item_type: 'corporation', entity_id: 98407493, mode: 'both' }),
      route({ item_type: 'character', entity_id: 2122649889, enabled: false }),
      route({ item_type: 'alliance', entity_id: 1354830081 }),
    )
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => discord.posts.length).toBe(4)
    await sleep(300)
    expect(discord.posts).toHaveLength(4)
    expect(postsTo(lossRoute)).toHaveLength(1)
    expect(postsTo(attackerKills)).toHaveLength(1)
    expect(postsTo(systemRoute)).toHaveLength(1)
    expect(postsTo(corpBoth)).toHaveLength(1)
    for (const r of [killsOnly, disabled, otherAlliance]) expect(postsTo(r)).toEqual([])

    // colour and heading follow how the kill concerns the route
    expect(embedOf(postsTo(lossRoute)[0])).toMatchObject({ author: { name: 'Victim Alliance · Loss' }, color: 0xff5d6c })
    expect(embedOf(postsTo(attackerKills)[0])).toMatchObject({ author: { name: 'Hunters · Kill' }, color: 0x43d17a })
    expect(embedOf(postsTo(systemRoute)[0])).toMatchObject({ author: { name: 'Home · Kill in system' }, color: 0x5cc8ff })
    await disableAll()
  })

  it('posts an embed with ship, victim, system, value, final blow, zKillboard link and ship image', async () => {
    const [r] = await routes(route({ item_type: 'character', entity_id: 2122649889, display_name: 'Victim Pilot' }))
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => postsTo(r).length).toBe(1)
    const [post] = postsTo(r)
    expect(post.contentType).toBe('application/json')
    expect(post.body).toEqual({
      username: 'J-Space Toolbox',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          author: { name: 'Victim Pilot · Loss' },
          title: 'Victim Hull destroyed in Test System',
          url: `https://zkillboard.com/kill/${kill.killmail_id}/`,
          description: '**Victim Pilot** (Victim Corp / Victim Alliance) lost a ship worth **268.88m ISK**.',
          color: 0xff5d6c,
          thumbnail: { url: 'https://images.evetech.net/types/24688/render?size=128' },
          fields: [
            { name: 'Victim', value: 'Victim Pilot\nVictim Corp / Victim Alliance', inline: true },
            { name: 'Ship', value: 'Victim Hull', inline: true },
            { name: 'System', value: 'Test System', inline: true },
            { name: 'Value', value: '268.88m ISK', inline: true },
            { name: 'Final blow', value: 'Hunter Pilot in Hunter Hull', inline: true },
            { name: 'Attackers', value: '1', inline: true },
          ],
          footer: { text: `zKillboard · killmail ${kill.killmail_id}` },
          timestamp: kill.esi.killmail_time.replace('Z', '.000Z'),
        },
      ],
    })
    // Discord has the post before the router writes its outcome to the delivery log
    const logged = async () => (await recentPosts(app.ctx.ch, 5)).find((p) => p.killmail_id === kill.killmail_id)
    await expect.poll(async () => (await logged())?.status).toBe('posted')
    expect(await logged()).toMatchObject({
      status: 'posted',
      attempts: 1,
      display_name: 'Victim Pilot',
      error: '',
      webhook: expect.stringMatching(/^discord\.com\/api\/webhooks\/\d{4}…\d{4}\/••••$/),
    })
    await disableAll()
  })

  it('posts to every webhook of a route', async () => {
    const hooks = [discordHook(), discordHook(), discordHook()]
    await routes(route({ item_type: 'alliance', entity_id: 99003581, webhook_url: hooks.join('\n') }))
    await publishKills(solo())
    await expect.poll(() => discord.posts.length).toBe(3)
    expect(new Set(discord.posts.map((p) => p.path)).size).toBe(3)
    await disableAll()
  })

  it('posts a kill once to a webhook that several matching routes share', async () => {
    const shared = discordHook()
    // made one after the other: the oldest route posts
    const [alliance] = await routes(route({ item_type: 'alliance', entity_id: 99003581, mode: 'losses', display_name: 'Victim Alliance', webhook_url: shared }))
    await sleep(5)
    const [corporation, other] = await routes(
      route({ item_type: 'corporation', entity_id: 98407493, mode: 'both', webhook_url: shared }),
      route({ item_type: 'alliance', entity_id: 99009567, mode: 'kills', display_name: 'Hunters' }),
    )
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => discord.posts.length).toBe(2)
    await sleep(300)
    expect(discord.posts).toHaveLength(2)
    expect(postsOf(alliance, kill)).toHaveLength(1)
    expect(embedOf(postsOf(alliance, kill)[0])).toMatchObject({ author: { name: 'Victim Alliance · Loss' } })
    expect(postsOf(other, kill)).toHaveLength(1)
    // the corporation's route shares the alliance's channel: nothing more there, and nothing queued for later
    expect(postsTo(corporation)).toHaveLength(1)
    expect(
      (await recentPosts(app.ctx.ch, 50))
        .filter((p) => p.killmail_id === kill.killmail_id)
        .map((p) => p.route_id)
        .sort(),
    ).toEqual([alliance.id, other.id].sort())
    await disableAll()
  })

  it('leaves out backfilled kills and kills older than a day', async () => {
    await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    await publishKills(solo({ source: 'backfill' }), solo({ time: new Date(Date.now() - 25 * 3_600_000) }))
    await sleep(600)
    expect(discord.posts).toEqual([])
    await disableAll()
  })
})

describe('Discord rate limits and failures', () => {
  it("waits out a 429 for the JSON body's retry_after, then posts once", async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.script({ status: 429, retryAfterSeconds: 0.4 })
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => postsTo(r).length).toBe(2)
    const [limited, posted] = postsTo(r)
    expect(limited.status).toBe(429)
    expect(posted.status).toBe(204)
    expect(posted.at - limited.at).toBeGreaterThanOrEqual(390)
    await sleep(200)
    expect(postsTo(r)).toHaveLength(2)
    await expect
      .poll(async () => (await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id))
      .toMatchObject({ status: 'posted', attempts: 1 })
    await disableAll()
  })

  it('waits for the Retry-After header when the body has no retry_after', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.script({ status: 429, retryAfterHeader: '1' })
    await publishKills(solo())
    await expect.poll(() => postsTo(r).length, { timeout: 5000 }).toBe(2)
    expect(postsTo(r)[1].at - postsTo(r)[0].at).toBeGreaterThanOrEqual(990)
    await disableAll()
  })

  // A global 429 (JSON `"global": true`, the X-RateLimit-Global header, or Cloudflare's HTML page with Retry-After)
  // stops every webhook: a webhook with nothing to do when it came waits out the rest of it before its first post.
  it.each([
    ['"global": true in the body', { status: 429, retryAfterSeconds: 1, global: true }],
    ['X-RateLimit-Global: true', { status: 429, retryAfterSeconds: 1, globalHeader: true }],
    ["Cloudflare's HTML page", { status: 429, retryAfterHeader: '1', html: true }],
  ] as const)('on a global 429 (%s) every webhook waits, and the post keeps its try', async (_, reply) => {
    const [first] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.script(reply)
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => postsTo(first).length).toBe(1)
    const limitedAt = postsTo(first)[0].at
    const [other] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    await publishKills(solo())
    await expect.poll(() => postsTo(other).length, { timeout: 5000 }).toBe(1)
    await expect.poll(() => postsTo(first).length, { timeout: 5000 }).toBe(3)
    expect(postsTo(first).map((p) => p.status)).toEqual([429, 204, 204])
    expect(postsTo(other)[0].at - limitedAt).toBeGreaterThanOrEqual(990)
    expect(postsTo(first)[1].at - limitedAt).toBeGreaterThanOrEqual(990)
    await expect
      .poll(async () => (await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id && p.route_id === first.id))
      .toMatchObject({ status: 'posted', attempts: 1 })
    await disableAll()
  })

  it('a stop ends a global wait at once and leaves the waiting posts queued; the wait is logged once', async () => {
    const logged: string[] = []
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) })
    const deliverer = new Deliverer({ client: new DiscordWebhookClient({ baseUrl: new URL(discord.url).origin, userAgent: 'test' }), ch: app.ctx.ch, log })
    const post = (killmail_id: number): Delivery => {
      const url = discordHook()
      return {
        route_id: crypto.randomUUID(),
        killmail_id,
        webhook_id: webhookId(url),
        webhook_url: url,
        status: 'queued',
        attempts: 0,
        error: '',
        payload: JSON.stringify({ content: 'x' }),
        queued_at: Date.now(),
        posted_at: null,
      }
    }
    const [limited, waiting] = [post(800_101), post(800_102)]
    await writeDeliveries(app.ctx.ch, [limited, waiting])
    discord.script({ status: 429, retryAfterSeconds: 60, global: true })
    deliverer.enqueue([limited])
    await expect.poll(() => discord.posts.length).toBe(1)
    deliverer.enqueue([waiting])
    await sleep(400)
    expect(discord.posts).toHaveLength(1)
    const stopping = Date.now()
    await deliverer.stop()
    expect(Date.now() - stopping).toBeLessThan(1000)
    const queued = (await deliveriesWithStatus(app.ctx.ch, 'queued'))
      .filter((d) => d.killmail_id > 800_100 && d.killmail_id < 800_200)
      .sort((a, b) => a.killmail_id - b.killmail_id)
    expect(queued.map((d) => [d.killmail_id, d.attempts, d.error])).toEqual([
      [800_101, 0, 'Discord answered 429: You are being rate limited.'],
      [800_102, 0, ''],
    ])
    // logged once, as a global wait, by the worker that got it
    expect(logged.filter((m) => /rate limit|wait/i.test(m))).toEqual(['killfeed: Discord global rate limit; every webhook waits'])
    // not for the restarts below to send
    await writeDeliveries(
      app.ctx.ch,
      queued.map((d) => ({ ...d, status: 'failed' as const, error: 'test over' })),
    )
  })

  it("waits for an empty rate-limit bucket before the webhook's next post", async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.script({ status: 204, bucketResetAfterSeconds: 0.5 })
    // one at a time: two kills published together would go out as one message of two embeds
    await publishKills(solo())
    await expect.poll(() => postsTo(r).length).toBe(1)
    await publishKills(solo())
    await expect.poll(() => postsTo(r).length).toBe(2)
    expect(postsTo(r)[1].at - postsTo(r)[0].at).toBeGreaterThanOrEqual(490)
    await disableAll()
  })

  it('retries 5xx answers with backoff and posts once Discord recovers', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.script({ status: 500 }, { status: 502 })
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => postsTo(r).map((p) => p.status)).toEqual([500, 502, 204])
    // Discord has answered 204; the post's row is written just after, so wait for it too.
    await expect
      .poll(async () => (await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id))
      .toMatchObject({ status: 'posted', attempts: 3 })
    await disableAll()
  })

  it('gives up after five tries on a lasting outage, recording why', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.mode = 'server-error'
    const kill = solo()
    await publishKills(kill)
    await expect.poll(async () => (await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id)?.status, { timeout: 5000 }).toBe('failed')
    await sleep(300)
    expect(postsTo(r)).toHaveLength(5)
    expect((await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id)).toMatchObject({
      status: 'failed',
      attempts: 5,
      error: 'Discord answered 500: 500: Internal Server Error',
    })
    await disableAll()
  })

  it('gives up at once on a webhook Discord does not know', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    discord.mode = 'unknown-webhook'
    const kill = solo()
    await publishKills(kill)
    await expect.poll(async () => (await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id)?.status).toBe('failed')
    await sleep(300)
    expect(postsTo(r)).toHaveLength(1)
    expect((await recentPosts(app.ctx.ch)).find((p) => p.killmail_id === kill.killmail_id)).toMatchObject({
      attempts: 1,
      error: 'Discord answered 404: Unknown Webhook',
    })
    await disableAll()
  })
})

describe('at most one post per route and kill', () => {
  it('posts a kill delivered twice (a redelivered batch) only once', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    const kill = solo()
    await publishKills(kill, kill)
    await router.handle([kill])
    await expect.poll(() => postsTo(r).length).toBe(1)
    await sleep(400)
    expect(postsTo(r)).toHaveLength(1)
    await disableAll()
  })

  it('after a restart that reads the topic again, posts nothing twice', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    const kill = solo()
    await publishKills(kill)
    await expect.poll(() => postsOf(r, kill).length).toBe(1)
    // A second router, as after a restart with lost offsets: it reads the retained messages from the beginning.
    const restarted = await startKillfeedRouter(app.ctx, { groupId: 'killfeed-after-restart', fromBeginning: true, backoffMs: 30 })
    try {
      await sleep(800)
      await restarted.router.deliverer.idle()
      expect(postsOf(r, kill)).toHaveLength(1)
    } finally {
      await Promise.all(restarted.consumers.map((c) => c.stop()))
    }
    await disableAll()
  })

  it('on start, sends posts still queued and never resends one caught mid-send', async () => {
    const [r] = await routes(route({ item_type: 'alliance', entity_id: 99003581 }))
    const url = r.webhook_url
    const base = {
      route_id: r.id,
      webhook_id: webhookId(url),
      webhook_url: url,
      attempts: 1,
      error: '',
      payload: JSON.stringify({ content: 'x' }),
      queued_at: Date.now(),
      posted_at: null,
    }
    await writeDeliveries(app.ctx.ch, [
      { ...base, killmail_id: 800_001, status: 'queued', attempts: 0 },
      { ...base, killmail_id: 800_002, status: 'sending' },
    ])
    const restarted = await startKillfeedRouter(app.ctx, { groupId: 'killfeed-recovery', backoffMs: 30 })
    try {
      await expect.poll(() => postsTo(r).length).toBe(1)
      await restarted.router.deliverer.idle()
      expect(postsTo(r)).toHaveLength(1)
      const recent = await recentPosts(app.ctx.ch)
      expect(recent.find((p) => p.killmail_id === 800_001)?.status).toBe('posted')
      expect(recent.find((p) => p.killmail_id === 800_002)).toMatchObject({ status: 'unknown', error: expect.stringMatching(/it is not sent again/) })
    } finally {
      await Promise.all(restarted.consumers.map((c) => c.stop()))
    }
    await disableAll()
  })
})

describe('the live killfeed', () => {
  it('pushes kills of tracked entities over the websocket once, and lists them publicly', async () => {
    await saveTracked(app.ctx.ch, { item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', mode: 'kills' })
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws`)
    const received: Array<{ type: string; kill?: { killmail_id: number } }> = []
    ws.on('message', (data) => received.push(JSON.parse(String(data))))
    await new Promise((resolve) => ws.once('open', resolve))
    const kill = solo()
    const untracked = fixtureKill('second', { killmail_id: ++nextKillId })
    await publishKills(kill, untracked, kill)
    await expect.poll(() => received.filter((m) => m.type === 'kill').length).toBe(1)
    await router.handle([kill])
    await sleep(400)
    ws.close()
    const kills = received.filter((m) => m.type === 'kill')
    expect(kills).toHaveLength(1)
    expect(kills[0]).toMatchObject({
      type: 'kill',
      kill: {
        killmail_id: kill.killmail_id,
        value: 268883360.72,
        ship: { id: 24688, name: 'Victim Hull' },
        system: { id: 30001980, name: 'Test System', region: null, class_label: null },
        victim: {
          character: { id: 2122649889, name: 'Victim Pilot' },
          corporation: { id: 98598862, name: 'Victim Corp' },
          alliance: { id: 99003581, name: 'Victim Alliance' },
        },
        final_blow: { character: { id: 211150393, name: 'Hunter Pilot' }, ship: { id: 47270, name: 'Hunter Hull' } },
        matched: [{ item_type: 'alliance', entity_id: 99009567, display_name: 'Hunters', side: 'kill' }],
      },
    })
    const list = await (await fetch(`${app.url}/api/live-kills`)).json()
    expect(list.tracking).toBe(1)
    expect(list.kills.map((k: { killmail_id: number }) => k.killmail_id)).toEqual([kill.killmail_id])
    expect(discord.posts).toEqual([]) // tracking alone posts nothing to Discord
  })
})
