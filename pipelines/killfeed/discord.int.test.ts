import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeDiscordWebhook, type FakeDiscordWebhook } from '../../platform/testing/discord-webhook-fake.js'
import { brokenWebhookAnswer, DiscordWebhookClient } from './discord.js'

let discord: FakeDiscordWebhook
let client: DiscordWebhookClient
const HOOK = 'https://discord.com/api/webhooks/123456789012345678/token-abcdefghijklmnopqrstuvwxyz'
const post = () => client.post(HOOK, JSON.stringify({ content: 'x' }))

beforeAll(async () => {
  discord = await startFakeDiscordWebhook()
  client = new DiscordWebhookClient({ baseUrl: new URL(discord.url).origin, userAgent: 'test' })
})
afterAll(() => discord?.close())
beforeEach(() => {
  discord.mode = 'ok'
  discord.posts.length = 0
})

describe("reading Discord's answers", () => {
  it('tells a global 429 (body or header) from one for this webhook', async () => {
    discord.script(
      { status: 429, retryAfterSeconds: 0.25 },
      { status: 429, retryAfterSeconds: 2.5, global: true },
      { status: 429, retryAfterSeconds: 1, globalHeader: true },
    )
    expect(await post()).toEqual({ kind: 'rate-limited', waitMs: 250, global: false, error: 'Discord answered 429: You are being rate limited.' })
    expect(await post()).toEqual({ kind: 'rate-limited', waitMs: 2500, global: true, error: 'Discord answered 429: You are being rate limited.' })
    expect(await post()).toMatchObject({ kind: 'rate-limited', waitMs: 1000, global: true })
  })

  it("reads Cloudflare's HTML 429 as a global wait of its Retry-After header", async () => {
    discord.script({ status: 429, html: true, retryAfterHeader: '3' }, { status: 429, html: true })
    expect(await post()).toEqual({ kind: 'rate-limited', waitMs: 3000, global: true, error: 'Discord answered 429 (an HTML page instead of JSON)' })
    // no header either: a second, as before
    expect(await post()).toMatchObject({ kind: 'rate-limited', waitMs: 1000, global: true })
  })

  it('gives up on a deleted webhook, a wrong token or no access, and says which', async () => {
    discord.script({ status: 404 }, { status: 401 }, { status: 403 })
    const answers = [await post(), await post(), await post()]
    expect(answers).toEqual([
      { kind: 'failed', status: 404, error: 'Discord answered 404: Unknown Webhook' },
      { kind: 'failed', status: 401, error: 'Discord answered 401: Invalid Webhook Token' },
      { kind: 'failed', status: 403, error: 'Discord answered 403: Missing Permissions' },
    ])
    expect(answers.map((a) => brokenWebhookAnswer((a as { error: string }).error))).toEqual([
      { status: 404, message: 'Unknown Webhook' },
      { status: 401, message: 'Invalid Webhook Token' },
      { status: 403, message: 'Missing Permissions' },
    ])
  })

  it('counts only Discord refusing the webhook as broken, not outages, bad bodies or HTML pages', () => {
    for (const error of [
      'Discord answered 500: 500: Internal Server Error',
      'Discord answered 400: Cannot send an empty message',
      'Discord answered 403 (an HTML page instead of JSON)',
      'no answer: fetch failed',
      'Discord answered 4040: x',
    ]) {
      expect(brokenWebhookAnswer(error), error).toBeNull()
    }
    expect(brokenWebhookAnswer('Discord answered 404')).toEqual({ status: 404, message: '' })
  })
})
