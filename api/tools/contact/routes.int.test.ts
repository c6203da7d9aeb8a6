import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeDiscordWebhook, type FakeDiscordWebhook } from '../../../platform/testing/discord-webhook-fake.js'
import { startTestApp, type TestApp } from '../../../platform/testing/in-process-app.js'
import { createTestAdmin, signIn } from '../../../platform/testing/admin-session.js'
import { CONTACT_LIMITS } from '../../../schemas/contact-constants.js'
import { EMBED_DESCRIPTION_MAX, type DiscordWebhookBody } from './discord.js'
import { CONTACT_RATE_LIMIT } from './routes.js'
import { listContactMessages } from './store.js'

let app: TestApp
let discord: FakeDiscordWebhook
let nextIp = 1

beforeAll(async () => {
  discord = await startFakeDiscordWebhook()
  // Overrides skip the config schema, which (rightly) only accepts https discord.com webhook URLs: the fake is on loopback.
  app = await startTestApp({ CONTACT_DISCORD_WEBHOOK_URL: discord.url })
})
afterAll(async () => {
  await app?.close()
  await discord?.close()
})
beforeEach(() => {
  discord.mode = 'ok'
  discord.posts.length = 0
})

/** Each test posts from its own client address (the app trusts X-Forwarded-For from its proxy), so rate limits stay apart. */
function post(body: unknown, ip = `203.0.113.${nextIp++}`) {
  return fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Aura Nox',
  email: 'aura@example.com',
  topic: 'Bug report',
  message: 'The gas table is empty.',
  ...over,
})
const signInAdmin = async () => (await createTestAdmin(app.ctx.ch).catch(() => {}), signIn(app.url))
const stored = () => listContactMessages(app.ctx.ch, { limit: 500 })

describe('POST /api/contact', () => {
  it('stores a message, trimmed, and lists stored messages newest first', async () => {
    const first = await post(valid({ name: '  Aura Nox ', message: ' first \n' }))
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ ok: true })
    await new Promise((r) => setTimeout(r, 5))
    expect((await post(valid({ message: 'second', topic: 'Business / sponsorship' }))).status).toBe(200)

    const list = await stored()
    const [newest, older] = list.messages
    expect(newest).toMatchObject({ name: 'Aura Nox', email: 'aura@example.com', topic: 'Business / sponsorship', message: 'second' })
    expect(older).toMatchObject({ name: 'Aura Nox', topic: 'Bug report', message: 'first' })
    expect(newest.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(newest.received_at)).toBeGreaterThan(Date.parse(older.received_at))
    expect(Math.abs(Date.parse(newest.received_at) - Date.now())).toBeLessThan(60_000)
    expect((await listContactMessages(app.ctx.ch, { limit: 1, offset: 1 })).messages.map((m) => m.message)).toEqual([older.message])
  })

  it('files a message without a topic under General', async () => {
    const { topic: _omit, ...noTopic } = valid({ message: 'no topic given' })
    expect((await post(noTopic)).status).toBe(200)
    expect((await stored()).messages.find((m) => m.message === 'no topic given')?.topic).toBe('General')
  })

  it('keeps a message with invisible control characters or a broken character, cleaned, instead of failing to store it', async () => {
    // A lone surrogate is valid JSON but the database refuses it, which used to answer 503 'try again in a few minutes'.
    const res = await post(valid({ name: 'Aura \ud83d', message: 'nul\u0000 esc\u001b[31m red\r\nline\ttab \udc00 end' }))
    expect(res.status).toBe(200)
    const saved = (await stored()).messages.find((m) => m.message.startsWith('nul'))
    expect(saved).toMatchObject({ name: 'Aura \ufffd', message: 'nul esc[31m red\nline\ttab \ufffd end' })
    expect((await post(valid({ message: '\u0000\u0007 ' }))).status).toBe(400)
  })

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = (await stored()).total
    const cases: Array<[unknown, RegExp]> = [
      [valid({ name: '' }), /^Fill in the name\.$/],
      [valid({ message: '   ' }), /^Fill in the message\.$/],
      [valid({ email: 'not-an-address' }), /^Check the email address: not a valid email address\.$/],
      [valid({ email: '' }), /^Fill in the email address\.$/],
      [valid({ topic: 'Spam' }), /^The topic must be one of General, Bug report, Feature request, Business \/ sponsorship\.$/],
      [valid({ message: 'x'.repeat(4001) }), /^The message must be at most 4000 characters\.$/],
      [valid({ name: 'n'.repeat(101) }), /^The name must be at most 100 characters\.$/],
      [valid({ name: 'Line\nbreak' }), /^The name must be one line of text\.$/],
      [{ name: 'Only a name' }, /^Fill in the email address\. Fill in the message\.$/],
      [valid({ name: 42 }), /^The name must be text\.$/],
      ['{"name": ', /./],
    ]
    for (const [body, error] of cases) {
      const res = await post(body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect((await res.json()).error).toMatch(error)
    }
    expect((await stored()).total).toBe(before)
    expect(discord.posts).toEqual([])
  })

  it('answers a filled honeypot like a success, and stores and forwards nothing', async () => {
    const before = (await stored()).total
    const res = await post(valid({ website: 'http://spam.example', message: 'honeypot test' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    await new Promise((r) => setTimeout(r, 300))
    expect((await stored()).total).toBe(before)
    expect(discord.posts).toEqual([])
  })

  it(`limits each client address to ${CONTACT_RATE_LIMIT.points} requests per window with a 429 and a sentence`, async () => {
    const ip = '198.51.100.77'
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++) expect((await post(valid({ message: `burst ${i}` }), ip)).status).toBe(200)
    const limited = await post(valid({ message: 'one too many' }), ip)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = await limited.json()
    expect(body.error).toMatch(/^Too many messages from your address: try again in \d+ s$/)
    expect(body.details).toEqual({ retryAfterSeconds: Number(limited.headers.get('retry-after')) })
    expect((await stored()).messages.some((m) => m.message === 'one too many')).toBe(false)
    // another address is not affected
    expect((await post(valid({ message: 'someone else' }), '198.51.100.78')).status).toBe(200)
  })

  it('does not count a message refused as invalid, so correcting a typo the browser let through uses no try', async () => {
    const ip = '198.51.100.79'
    for (let i = 0; i < CONTACT_RATE_LIMIT.points + 2; i++) expect((await post(valid({ email: 'me@gmail' }), ip)).status).toBe(400)
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++) expect((await post(valid({ message: `after typos ${i}` }), ip)).status).toBe(200)
    expect((await post(valid({ message: 'one too many' }), ip)).status).toBe(429)
  })

  it('answers 503 with a sentence when the message cannot be stored, and forwards nothing', async () => {
    await app.ctx.ch.command({ query: 'RENAME TABLE contact_messages TO contact_messages_away' })
    try {
      const res = await post(valid({ message: 'while the table is away' }))
      expect(res.status).toBe(503)
      expect((await res.json()).error).toBe('Your message could not be saved right now. Please try again in a few minutes.')
    } finally {
      await app.ctx.ch.command({ query: 'RENAME TABLE contact_messages_away TO contact_messages' })
    }
    await new Promise((r) => setTimeout(r, 200))
    expect(discord.posts).toEqual([])
  })

  it('does not count a message that could not be stored, so retrying through a database outage uses no try', async () => {
    const ip = '198.51.100.80'
    await app.ctx.ch.command({ query: 'RENAME TABLE contact_messages TO contact_messages_away' })
    try {
      for (let i = 0; i < CONTACT_RATE_LIMIT.points + 2; i++) expect((await post(valid({ message: `during the outage ${i}` }), ip)).status).toBe(503)
    } finally {
      await app.ctx.ch.command({ query: 'RENAME TABLE contact_messages_away TO contact_messages' })
    }
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++) expect((await post(valid({ message: `after the outage ${i}` }), ip)).status).toBe(200)
    expect((await post(valid({ message: 'one too many' }), ip)).status).toBe(429)
  })
})

describe('forwarding to Discord', () => {
  it('posts an embed with the message to the configured webhook, mentions disabled', async () => {
    expect((await post(valid({ message: '@everyone the appraisal page is down', topic: 'Bug report' }))).status).toBe(200)
    await expect.poll(() => discord.posts.length).toBe(1)
    const [sent] = discord.posts
    const id = (await stored()).messages.find((m) => m.message.startsWith('@everyone'))!.id
    expect(sent.contentType).toBe('application/json')
    expect(sent.body).toEqual({
      username: 'J-Space Toolbox',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: 'Contact form: Bug report',
          description: '@everyone the appraisal page is down',
          color: 0x5cc8ff,
          fields: [
            { name: 'Name', value: 'Aura Nox', inline: true },
            { name: 'Email', value: 'aura@example.com', inline: true },
            { name: 'Message id', value: id },
          ],
          timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        },
      ],
    })
  })

  it("escapes the visitor's markdown so a message cannot carry masked links, headings, spoilers or code", async () => {
    const message = '# Urgent\n> [Verify your account](https://evil.example) ||now|| `code` <t:0:R>\n- a_b *c*'
    expect((await post(valid({ name: '**Boss**', email: 'john_doe@example.com', message }))).status).toBe(200)
    await expect.poll(() => discord.posts.length).toBe(1)
    const [embed] = (discord.posts[0].body as DiscordWebhookBody).embeds
    expect(embed.description).toBe('\\# Urgent\n\\> \\[Verify your account\\](https://evil.example) \\|\\|now\\|\\| \\`code\\` \\<t:0:R>\n\\- a\\_b \\*c\\*')
    expect(embed.fields.slice(0, 2).map((f) => f.value)).toEqual(['\\*\\*Boss\\*\\*', 'john\\_doe@example.com'])
    // the stored message is what was typed
    expect((await stored()).messages.some((m) => m.message === message && m.name === '**Boss**')).toBe(true)
  })

  it('shortens a message that escaping makes longer than an embed description may be', async () => {
    expect((await post(valid({ message: '*'.repeat(CONTACT_LIMITS.message) }))).status).toBe(200)
    await expect.poll(() => discord.posts.length).toBe(1)
    const { description } = (discord.posts[0].body as DiscordWebhookBody).embeds[0]
    expect(description.length).toBeLessThanOrEqual(EMBED_DESCRIPTION_MAX)
    expect(description).toMatch(/^(\\\*)+\n… \(shortened for Discord: the full message is in the admin area\)$/)
  })

  it('still stores the message and answers 200 when Discord fails: a refusal is not tried again, an outage twice more', async () => {
    for (const [mode, tries] of [
      ['unknown-webhook', 1],
      ['server-error', 3],
    ] as const) {
      discord.mode = mode
      discord.posts.length = 0
      const res = await post(valid({ message: `stored although Discord said ${mode}` }))
      expect(res.status).toBe(200)
      await expect.poll(() => discord.posts.length, { timeout: 8000 }).toBe(tries)
      expect((await stored()).messages.some((m) => m.message === `stored although Discord said ${mode}`)).toBe(true)
      // and no more tries after those
      await new Promise((r) => setTimeout(r, 3500))
      expect(discord.posts).toHaveLength(tries)
    }
  })

  it('posts after a short Discord outage (5xx), so the owner still hears of the message', async () => {
    discord.script({ status: 502 }, { status: 503 })
    expect((await post(valid({ message: 'after an outage' }))).status).toBe(200)
    await expect.poll(() => discord.posts.map((p) => p.status), { timeout: 8000 }).toEqual([502, 503, 204])
    expect(discord.posts[2].body).toEqual(discord.posts[0].body)
  })

  it('waits out a short Discord rate limit and posts again once', async () => {
    discord.mode = 'rate-limited-once'
    expect((await post(valid({ message: 'after a rate limit' }))).status).toBe(200)
    await expect.poll(() => discord.posts.length, { timeout: 5000 }).toBe(2)
    expect(discord.posts[0].body).toEqual(discord.posts[1].body)
  })
})

describe('API document', () => {
  it('documents the contact route with its request schema and error answers', async () => {
    const doc = await (await fetch(`${app.url}/api/openapi.json`)).json()
    const op = doc.paths['/api/contact'].post
    expect(op.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/ContactRequest')
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '413', '415', '429', '503'])
    expect(doc.components.schemas.ContactRequest.properties.topic.enum).toEqual(['General', 'Bug report', 'Feature request', 'Business / sponsorship'])
  })
})

describe('GET /api/admin/contact-messages', () => {
  it('refuses a page start past the bound instead of wrapping it to page 1', async () => {
    const admin = await signInAdmin()
    for (const offset of ['4294967296', '1000001', '1e12']) {
      const res = await admin.call('GET', `/api/admin/contact-messages?offset=${offset}`)
      expect(res.status).toBe(400)
    }
    expect((await admin.call('GET', '/api/admin/contact-messages?offset=1000000')).status).toBe(200)
  })
})
