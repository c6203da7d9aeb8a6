import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'
import { canonicalDiscordWebhookUrl, isDiscordWebhookUrl } from './discord-webhook.js'
import { splitWebhookList } from './killfeed-constants.js'

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz-0123456789_abcdefABCDEF'

describe('Discord webhook URLs', () => {
  it('accepts https webhook URLs on Discord hosts', () => {
    for (const url of [
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discord.com/api/v10/webhooks/123456789012345678/${TOKEN}`,
      `https://ptb.discord.com/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discordapp.com/api/webhooks/123456789012345678/${TOKEN}/`,
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?thread_id=987654321`,
    ])
      expect(isDiscordWebhookUrl(url), url).toBe(true)
  })

  it('refuses anything else', () => {
    for (const url of [
      `http://discord.com/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discord.com.evil.example/api/webhooks/123456789012345678/${TOKEN}`,
      `https://evil.example/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discord.com/api/webhooks/123456789012345678`,
      `https://discord.com/api/channels/123456789012345678/${TOKEN}`,
      `https://user:pw@discord.com/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discord.com:8443/api/webhooks/123456789012345678/${TOKEN}`,
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?redirect=x`,
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?thread_id=abc`,
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?thread_id=`,
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?thread_id=987654321&thread_id=987654322`,
      `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?wait=maybe`,
      `http://127.0.0.1:9999/api/webhooks/123456789012345678/${TOKEN}`,
      'not a url',
    ])
      expect(isDiscordWebhookUrl(url), url).toBe(false)
  })

  it('writes every spelling of one webhook the same way, so it is posted to once', () => {
    const canonical = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`
    const spellings = [
      canonical,
      `https://discordapp.com/api/webhooks/123456789012345678/${TOKEN}`,
      `https://ptb.discord.com/api/v10/webhooks/123456789012345678/${TOKEN}/`,
      `https://canary.discord.com/api/webhooks/123456789012345678/${TOKEN}?wait=true`,
    ]
    for (const url of spellings) expect(canonicalDiscordWebhookUrl(url), url).toBe(canonical)
    expect(splitWebhookList(spellings.join('\n'))).toEqual([canonical])
    expect(canonicalDiscordWebhookUrl(`https://discordapp.com/api/webhooks/123456789012345678/${TOKEN}?thread_id=987654321&wait=false`)).toBe(
      `${canonical}?thread_id=987654321`,
    )
    expect(canonicalDiscordWebhookUrl('not a url')).toBe('not a url')
    expect(loadConfig({ CONTACT_DISCORD_WEBHOOK_URL: spellings[1] }).CONTACT_DISCORD_WEBHOOK_URL).toBe(canonical)
  })

  it('is checked at start: a bad CONTACT_DISCORD_WEBHOOK_URL stops the process with its name; empty means off', () => {
    expect(() => loadConfig({ CONTACT_DISCORD_WEBHOOK_URL: 'https://example.com/hook' })).toThrow(
      /CONTACT_DISCORD_WEBHOOK_URL: must be an https:\/\/discord\.com\/api\/webhooks/,
    )
    expect(loadConfig({ CONTACT_DISCORD_WEBHOOK_URL: '' }).CONTACT_DISCORD_WEBHOOK_URL).toBeUndefined()
    const good = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`
    expect(loadConfig({ CONTACT_DISCORD_WEBHOOK_URL: good }).CONTACT_DISCORD_WEBHOOK_URL).toBe(good)
  })
})
