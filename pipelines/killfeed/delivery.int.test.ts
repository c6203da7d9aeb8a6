import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeDiscordWebhook, type FakeDiscordWebhook } from '../../platform/testing/discord-webhook-fake.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import type { Route } from '../../schemas/killfeed.js'
import { deliveriesWithStatus, routeLog, webhookId, writeDeliveries, type Delivery } from './deliveries.js'
import { Deliverer, type DelivererClock } from './deliverer.js'
import { DiscordWebhookClient } from './discord.js'
import { killEmbed, type DiscordKillMessage } from './embed.js'
import { createRoute, getRoute } from './store.js'
import { discordHook } from './testing/kills.js'

let app: TestApp
let discord: FakeDiscordWebhook
const log = pino({ level: 'silent' })

/**
 * A fake clock: a wait returns at once and moves the clock on by its length, so Discord's minute-long waits cost
 * nothing, and every post is stamped with the clock's time (what the deliverer believed the time was).
 */
function fakeClock(start = Date.parse('2026-12-01T00:00:00Z')) {
  const state = { now: start, waits: [] as number[] }
  const clock: DelivererClock = {
    now: () => state.now,
    sleep: async (ms) => {
      state.waits.push(ms)
      state.now += ms
      await Promise.resolve()
    },
  }
  return { state, clock }
}

/** The client, with each post stamped with the fake clock's time. */
function stampedClient(clockNow: () => number, sent: Array<{ hook: string; at: number; embeds: number }>) {
  const client = new DiscordWebhookClient({ baseUrl: new URL(discord.url).origin, userAgent: 'test' })
  const post = client.post.bind(client)
  client.post = (url, body) => {
    sent.push({ hook: webhookId(url), at: clockNow(), embeds: (JSON.parse(body) as DiscordKillMessage).embeds.length })
    return post(url, body)
  }
  return client
}

let nextKill = 5_500_000
const kill = (value = 300_000_000) => ({
  killmail_id: ++nextKill,
  killmail_time: '2026-11-30T23:59:00.000Z',
  value,
  url: `https://zkillboard.com/kill/${nextKill}/`,
  ship: { id: 24688, name: 'Rokh' },
  ship_image: '',
  system: { id: 31000005, name: 'Thera', region: null, class_label: 'Thera' },
  victim: { character: { id: 2122649889, name: 'Victim Pilot' }, corporation: null, alliance: null },
  final_blow: null,
  attackers: 3,
})

/** n queued posts of a route's kills to its (first) webhook, stored as the router stores them. */
async function queued(route: Route, n: number, value?: number): Promise<Delivery[]> {
  const url = route.webhook_url.split('\n')[0]
  const rows = Array.from({ length: n }, () => {
    const k = kill(value)
    return {
      route_id: route.id,
      killmail_id: k.killmail_id,
      webhook_id: webhookId(url),
      webhook_url: url,
      status: 'queued' as const,
      attempts: 0,
      error: '',
      payload: JSON.stringify(killEmbed(k, route, 'loss', 'https://images.evetech.net')),
      queued_at: Date.now(),
      posted_at: null,
    }
  })
  await writeDeliveries(app.ctx.ch, rows)
  return rows
}

const newRoute = (over: Partial<Route> = {}) =>
  createRoute(app.ctx.ch, {
    item_type: 'alliance',
    entity_id: 99003581,
    display_name: 'Victim Alliance',
    mode: 'both',
    webhook_url: discordHook(),
    enabled: true,
    ...over,
  })

async function statusesOf(rows: Delivery[]) {
  const ids = new Set(rows.map((r) => r.killmail_id))
  const all = await Promise.all((['queued', 'sending', 'posted', 'failed', 'unknown'] as const).map((s) => deliveriesWithStatus(app.ctx.ch, s)))
  return all.flat().filter((d) => ids.has(d.killmail_id))
}

beforeAll(async () => {
  app = await startTestApp({ ROLES: ['api'] })
  discord = await startFakeDiscordWebhook()
})
afterAll(async () => {
  await discord?.close()
  await app?.close()
})
beforeEach(() => {
  discord.mode = 'ok'
  discord.posts.length = 0
})

describe('Discord delivery', () => {
  it('sends a burst of 25 kills as three messages of at most 10 embeds, each kill once', async () => {
    const { clock } = fakeClock()
    const sent: Array<{ hook: string; at: number; embeds: number }> = []
    const deliverer = new Deliverer({ client: stampedClient(clock.now, sent), ch: app.ctx.ch, log, clock })
    const route = await newRoute({ embed_style: 'compact' })
    const rows = await queued(route, 25)
    deliverer.enqueue(rows)
    await deliverer.idle()
    expect(sent.map((s) => s.embeds)).toEqual([10, 10, 5])
    const footers = discord.posts.flatMap((p) => (p.body as DiscordKillMessage).embeds.map((e) => e.footer.text))
    expect(footers).toEqual(rows.map((r) => `Victim Alliance · killmail ${r.killmail_id}`))
    expect((await statusesOf(rows)).every((d) => d.status === 'posted')).toBe(true)
  })

  it("waits out a webhook's own 429 (Discord's documented body and headers), then posts", async () => {
    const { state, clock } = fakeClock()
    const sent: Array<{ hook: string; at: number; embeds: number }> = []
    const deliverer = new Deliverer({ client: stampedClient(clock.now, sent), ch: app.ctx.ch, log, clock })
    const route = await newRoute()
    discord.script({ status: 429, documented: 'user' })
    const rows = await queued(route, 2)
    const started = state.now
    deliverer.enqueue(rows)
    await deliverer.idle()
    expect(discord.posts.map((p) => p.status)).toEqual([429, 204])
    // retry_after 64.57 s in the body wins over the header's 65
    expect(state.waits).toEqual([64_570])
    expect(sent[1].at - started).toBe(64_570)
    expect((await statusesOf(rows)).map((d) => [d.status, d.attempts])).toEqual([
      ['posted', 1],
      ['posted', 1],
    ])
    // the log says how long the webhook was asked to wait, while it lasts
    const during = await routeLog(app.ctx.ch, (await getRoute(app.ctx.ch, route.id))!, started + 10_000)
    expect(during.rate_limit_wait_seconds).toBeCloseTo(54.6, 1)
    expect((await routeLog(app.ctx.ch, route, started + 70_000)).rate_limit_wait_seconds).toBe(0)
  })

  it("waits 1336.57 s on Discord's shared-resource 429", async () => {
    const { state, clock } = fakeClock()
    const deliverer = new Deliverer({ client: stampedClient(clock.now, []), ch: app.ctx.ch, log, clock })
    discord.script({ status: 429, documented: 'shared' })
    deliverer.enqueue(await queued(await newRoute(), 1))
    await deliverer.idle()
    expect(state.waits).toEqual([1_336_570])
    expect(discord.posts.map((p) => p.status)).toEqual([429, 204])
  })

  it('pauses every webhook on a global 429, not only the one that got it', async () => {
    const { clock } = fakeClock()
    const sent: Array<{ hook: string; at: number; embeds: number }> = []
    const deliverer = new Deliverer({ client: stampedClient(clock.now, sent), ch: app.ctx.ch, log, clock })
    const [a, b] = await Promise.all([newRoute(), newRoute({ entity_id: 99009567, display_name: 'Hunters' })])
    discord.script({ status: 429, documented: 'global' })
    const rowsA = await queued(a, 1)
    const rowsB = await queued(b, 1)
    deliverer.enqueue(rowsA)
    // B's kill arrives once A has had the global 429
    await expect.poll(() => (deliverer as unknown as { pausedUntil: number }).pausedUntil).toBeGreaterThan(0)
    deliverer.enqueue(rowsB)
    await deliverer.idle()
    const limitedAt = sent[0].at
    expect(discord.posts.map((p) => p.status)).toEqual([429, 204, 204])
    // both later posts, to either webhook, came 64.57 s (the body's retry_after) after the global 429
    expect(
      sent
        .slice(1)
        .map((s) => [s.hook === sent[0].hook ? 'A' : 'B', s.at - limitedAt])
        .sort(),
    ).toEqual([
      ['A', 64_570],
      ['B', 64_570],
    ])
    expect((await statusesOf([...rowsA, ...rowsB])).map((d) => d.status)).toEqual(['posted', 'posted'])
  })

  it('switches the route off with the reason when Discord says the webhook is deleted, and sends nothing more to it', async () => {
    const { clock } = fakeClock()
    const deliverer = new Deliverer({ client: stampedClient(clock.now, []), ch: app.ctx.ch, log, clock })
    const route = await newRoute()
    discord.script({ status: 404 })
    const rows = await queued(route, 3)
    deliverer.enqueue(rows)
    await deliverer.idle()
    expect(discord.posts).toHaveLength(1)
    const after = (await getRoute(app.ctx.ch, route.id))!
    expect(after.enabled).toBe(false)
    expect(after.disabled_reason).toMatch(/^Switched off: Discord says a webhook of this route no longer exists \(404: Unknown Webhook\)/)
    expect((await statusesOf(rows)).map((d) => d.status)).toEqual(['failed', 'failed', 'failed'])
  })

  it('never follows a redirect: the post fails, saying so, and nothing reaches the redirect target', async () => {
    const { clock } = fakeClock()
    const deliverer = new Deliverer({ client: stampedClient(clock.now, []), ch: app.ctx.ch, log, clock })
    const target = `${new URL(discord.url).origin}/api/webhooks/999999999999999999/redirected-token-abcdefghijklmnop`
    discord.script({ status: 307, location: target })
    const rows = await queued(await newRoute(), 1)
    deliverer.enqueue(rows)
    await deliverer.idle()
    expect(discord.posts.map((p) => [p.status, p.path])).toEqual([[307, new URL(rows[0].webhook_url).pathname]])
    const [settled] = await statusesOf(rows)
    expect(settled.status).toBe('failed')
    expect(settled.error).toBe(`Discord answered 307: a redirect to ${target}, not followed`)
  })

  it('a restart in the middle of a burst posts nothing twice', async () => {
    const first = fakeClock()
    const client = stampedClient(first.clock.now, [])
    // The process "dies" while its second message is out: that post never gets an answer.
    let calls = 0
    const post = client.post.bind(client)
    let hang: () => void = () => {}
    client.post = (url, body) => (++calls === 2 ? new Promise((_resolve, reject) => (hang = () => reject(new Error('process stopped')))) : post(url, body))
    const deliverer = new Deliverer({ client, ch: app.ctx.ch, log, clock: first.clock })
    const route = await newRoute()
    const rows = await queued(route, 25)
    deliverer.enqueue(rows)
    await expect.poll(() => calls).toBe(2)
    const stopping = deliverer.stop()
    hang()
    await stopping
    expect(discord.posts).toHaveLength(1)

    // The next start: 'sending' becomes 'unknown' (never sent again), 'queued' is sent.
    const { KillfeedRouter } = await import('./router.js')
    const restarted = new KillfeedRouter(app.ctx)
    const second = fakeClock()
    ;(restarted.deliverer as unknown as { options: { client: DiscordWebhookClient; clock: DelivererClock } }).options.client = stampedClient(
      second.clock.now,
      [],
    )
    ;(restarted.deliverer as unknown as { options: { clock: DelivererClock } }).options.clock = second.clock
    await restarted.recover()
    await restarted.deliverer.idle()
    await restarted.deliverer.stop()

    const shown = discord.posts.flatMap((p) => (p.body as DiscordKillMessage).embeds.map((e) => e.footer.text))
    expect(new Set(shown).size).toBe(shown.length)
    const final = await statusesOf(rows)
    const by = (s: string) => final.filter((d) => d.status === s).length
    expect([by('posted'), by('unknown'), by('queued'), by('sending')]).toEqual([15, 10, 0, 0])
    expect(shown).toHaveLength(15)
  })
})
