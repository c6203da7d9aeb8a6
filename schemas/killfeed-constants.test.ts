import { describe, expect, it } from 'vitest'
import { maskWebhook } from './killfeed-constants.js'

describe('maskWebhook', () => {
  const hook = 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz-TOKEN'

  it('shows the host and the ends of the id, never the token', () => {
    expect(maskWebhook(hook)).toBe('discord.com/api/webhooks/1234…5678/••••')
    expect(maskWebhook(hook)).not.toContain('TOKEN')
    expect(maskWebhook('not a url')).toBe('webhook')
  })

  it('tells apart the threads one webhook posts to', () => {
    const a = maskWebhook(`${hook}?thread_id=111111111111111111`)
    const b = maskWebhook(`${hook}?thread_id=222222222222222222`)
    expect(a).toBe('discord.com/api/webhooks/1234…5678/••••?thread_id=111111111111111111')
    expect(a).not.toBe(b)
    expect(maskWebhook(`${hook}?wait=true&thread_id=333333333333333333`)).toBe('discord.com/api/webhooks/1234…5678/••••?thread_id=333333333333333333')
    expect(a).not.toContain('TOKEN')
  })
})
