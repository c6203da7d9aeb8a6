import { describe, expect, it } from 'vitest'
import { HUBS } from '../../schemas/market.js'
import { createMarketState, refreshIfDue, setBook } from './esi/markets.js'
import { demoMarketRefresh, driftedBook } from './demo-market.js'

const jita = HUBS[0]
const book = [
  {
    order_id: 1,
    type_id: 34,
    location_id: jita.station_id,
    system_id: 30000142,
    is_buy_order: false,
    price: 5,
    volume_remain: 1000,
    volume_total: 1000,
    min_volume: 1,
    range: 'region',
    duration: 90,
    issued: '2026-11-01T12:00:00Z',
  },
  {
    order_id: 2,
    type_id: 34,
    location_id: jita.station_id,
    system_id: 30000142,
    is_buy_order: true,
    price: 4,
    volume_remain: 1000,
    volume_total: 1000,
    min_volume: 1,
    range: 'station',
    duration: 90,
    issued: '2026-11-01T12:00:00Z',
  },
]

describe("the demo's fake ESI market", () => {
  it('drifts prices a little at every refresh, deterministically, staying within a few percent of the start', () => {
    const prices = Array.from({ length: 24 }, (_, step) => driftedBook(book, step)[0].price)
    expect(new Set(prices).size).toBeGreaterThan(10)
    for (const p of prices) expect(Math.abs(p / 5 - 1)).toBeLessThan(0.025)
    expect(driftedBook(book, 7)).toEqual(driftedBook(book, 7))
    for (const o of driftedBook(book, 3)) expect(o.volume_remain).toBeLessThanOrEqual(o.volume_total)
  })

  it("refreshes a region's book on ESI's 5-minute cadence, with the refresh time as Last-Modified", () => {
    let now = Date.parse('2026-12-02T10:59:50Z')
    const state = createMarketState()
    state.now = () => now
    setBook(state, jita.region_id, book)
    state.refresh = demoMarketRefresh(new Map([[jita.region_id, book]]))
    refreshIfDue(state, jita.region_id)
    expect(state.lastModified.get(jita.region_id)?.toISOString()).toBe('2026-12-02T10:59:50.000Z')
    now = Date.parse('2026-12-02T11:04:59Z')
    refreshIfDue(state, jita.region_id)
    expect(state.lastModified.get(jita.region_id)?.toISOString()).toBe('2026-12-02T11:00:00.000Z')
    expect(state.books.get(jita.region_id)![0].price).not.toBe(5)
    now = Date.parse('2026-12-02T11:05:00Z')
    refreshIfDue(state, jita.region_id)
    expect(state.lastModified.get(jita.region_id)?.toISOString()).toBe('2026-12-02T11:05:00.000Z')
  })
})
