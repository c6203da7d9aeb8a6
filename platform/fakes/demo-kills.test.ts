import { describe, expect, it } from 'vitest'
import { demoKillHistory, pricedDemoShips } from './demo-kills.js'

describe('demo kills', () => {
  const prices = new Map<number, number | null>([
    [587, 400_000],
    [23913, 3_000_000_000],
    [999, null],
    [998, 0],
  ])
  const ships = pricedDemoShips([587, 23913, 999, 998], (id) => prices.get(id))

  it('uses only ships with a price', () => {
    expect(ships).toEqual([
      { id: 587, hullPrice: 400_000 },
      { id: 23913, hullPrice: 3_000_000_000 },
    ])
  })

  it('values each kill at 1.3 to 3 times its victim hull, so a frigate is never worth more than a dreadnought', () => {
    const kills = demoKillHistory(ships, [31000005], 200, 7, Date.UTC(2026, 10, 23))
    expect(kills).toHaveLength(200)
    for (const { spec, value } of kills) {
      const hull = prices.get(spec.victim.shipTypeId)!
      expect(value).toBeGreaterThanOrEqual(Math.floor(hull * 1.3))
      expect(value).toBeLessThanOrEqual(Math.ceil(hull * 3))
    }
    expect(new Set(kills.map((k) => k.spec.victim.shipTypeId))).toEqual(new Set([587, 23913]))
  })
})
