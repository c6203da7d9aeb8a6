import { describe, expect, it } from 'vitest'
import { RouteCreate, TrackedItem, TrackedPlayerFields } from './killfeed.js'

describe('killfeed schemas', () => {
  it('keeps a display name holding a broken character with U+FFFD in its place, since ClickHouse refuses a lone surrogate', () => {
    const broken = 'Victim \ud800 Alliance'
    expect(TrackedItem.parse({ item_type: 'alliance', entity_id: 99003581, display_name: broken }).display_name).toBe('Victim \ufffd Alliance')
    const route = {
      item_type: 'alliance',
      entity_id: 99003581,
      display_name: broken,
      webhook_url: 'https://discord.com/api/webhooks/123456789012345678/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    }
    expect(RouteCreate.parse(route).display_name).toBe('Victim \ufffd Alliance')
    expect(TrackedPlayerFields.shape.display_name.parse(broken)).toBe('Victim \ufffd Alliance')
  })
})
