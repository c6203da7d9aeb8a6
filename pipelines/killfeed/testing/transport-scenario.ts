import { expect } from 'vitest'
import WebSocket from 'ws'
import type { FakeDiscordWebhook } from '../../../platform/testing/discord-webhook-fake.js'
import { createTestAdmin, signIn } from '../../../platform/testing/admin-session.js'
import type { TestApp } from '../../../platform/testing/in-process-app.js'
import { KillmailsTopic } from '../../../schemas/killmails.js'
import { publish } from '../../../platform/stream/typed.js'
import { discordHook, fixtureKill } from './kills.js'

/**
 * The killfeed end to end on a running app (api + pipelines, whichever stream it was started with): an admin
 * sets up a route and a tracked entity over HTTP, a kill arrives on the `killmails` topic, and it reaches Discord
 * once and the site's live killfeed once. The same kill is published again until the first post shows up (the
 * router's group joins a Kafka topic asynchronously), which also shows that repeats are never posted twice.
 */
export async function killfeedOverTransport(app: TestApp, discord: FakeDiscordWebhook, killmailId: number) {
  await createTestAdmin(app.ctx.ch)
  const admin = await signIn(app.url)
  const hook = discordHook()
  expect(
    (
      await admin.call('POST', '/api/killfeed/routes', {
        item_type: 'alliance',
        entity_id: 99009567,
        display_name: 'Hunters',
        mode: 'kills',
        webhook_url: hook,
      })
    ).status,
  ).toBe(200)
  expect(
    (await admin.call('POST', '/api/killfeed/tracked', { item_type: 'alliance', entity_id: 99003581, display_name: 'Victims', mode: 'losses' })).status,
  ).toBe(200)

  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/ws`)
  const pushed: Array<{ type: string; kill?: { killmail_id: number; matched: unknown[] } }> = []
  ws.on('message', (data) => pushed.push(JSON.parse(String(data))))
  await new Promise((resolve) => ws.once('open', resolve))

  const kill = fixtureKill('solo', { killmail_id: killmailId })
  const path = new URL(hook).pathname
  const started = Date.now()
  let publishes = 0
  while (!discord.posts.some((p) => p.path === path)) {
    if (Date.now() - started > 45_000) throw new Error('the kill never reached Discord')
    await publish(app.ctx.stream, KillmailsTopic, [{ key: String(kill.killmail_id), value: kill }])
    publishes++
    await new Promise((r) => setTimeout(r, 700))
  }
  await new Promise((r) => setTimeout(r, 1500))
  ws.close()

  expect(discord.posts.filter((p) => p.path === path)).toHaveLength(1)
  expect((discord.posts.find((p) => p.path === path)!.body as { embeds: Array<{ author: { name: string } }> }).embeds[0].author.name).toBe('Hunters · Kill')
  const kills = pushed.filter((m) => m.type === 'kill')
  expect(kills).toHaveLength(1)
  expect(kills[0].kill).toMatchObject({
    killmail_id: killmailId,
    matched: [{ item_type: 'alliance', entity_id: 99003581, display_name: 'Victims', side: 'loss' }],
  })
  const live = await (await fetch(`${app.url}/api/live-kills`)).json()
  expect(live.kills.map((k: { killmail_id: number }) => k.killmail_id)).toEqual([killmailId])
  const recent = await (await admin.call('GET', '/api/killfeed/recent')).json()
  expect(recent).toEqual([expect.objectContaining({ killmail_id: killmailId, status: 'posted', display_name: 'Hunters' })])
  return { publishes }
}
