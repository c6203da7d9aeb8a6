import { describe, expect, it } from 'vitest'
import { filtersFromQuery, filtersToQuery, maskWebhook } from './killfeed-constants.js'

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

describe('route filters in an address', () => {
  it('writes and reads back every filter, lists comma-separated and flags as 1', () => {
    const f = {
      min_value_isk: 1_000_000_000,
      include_npc: true,
      wspace_only: true,
      wormhole_classes: ['c5' as const, 'c6' as const],
      security: ['low' as const],
      region_ids: [11000001, 11000002],
      constellation_ids: [21000001],
      system_ids: [31000005],
      solo: true,
      min_attackers: 1,
      max_attackers: 5,
      victim_category_ids: [6],
      victim_group_ids: [25, 27],
    }
    const q = filtersToQuery(f)
    expect(q).toMatchObject({ min_value_isk: '1000000000', wormhole_classes: 'c5,c6', include_npc: '1', region_ids: '11000001,11000002' })
    const params = new URLSearchParams(q)
    expect(filtersFromQuery((k) => params.get(k))).toEqual(f)
    expect(filtersToQuery({})).toEqual({})
    expect(filtersFromQuery(() => null)).toEqual({})
  })

  it('keeps what does not read for the API to refuse, or drops it for the page', () => {
    const params = new URLSearchParams('min_value_isk=lots&wormhole_classes=c5,c9&region_ids=10000002,abc&solo=maybe')
    expect(filtersFromQuery((k) => params.get(k))).toEqual({
      min_value_isk: 'lots',
      wormhole_classes: ['c5', 'c9'],
      region_ids: [10000002, 'abc'],
      solo: 'maybe',
    })
    expect(filtersFromQuery((k) => params.get(k), { dropInvalid: true })).toEqual({ wormhole_classes: ['c5'], region_ids: [10000002] })
  })
})
