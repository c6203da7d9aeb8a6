import { describe, expect, it } from 'vitest'
import type { ClickHouseClient } from '../../../pipelines/clickhouse/client.js'
import { createLogger } from '../../../pipelines/log.js'
import { PriceStore } from './price-store.js'

const JITA = { region: 10000002, station: 60003760 }
const TRITANIUM = 34

/**
 * A ClickHouse that answers the store's three queries from memory: the newest complete snapshot is whatever
 * `latest` says when asked, and a snapshot's price rows wait for `gates[snapshot]` when one is set.
 */
function fakeClickHouse() {
  const state = { latest: 1, gates: new Map<number, Promise<void>>() }
  const price = (snapshot: number) => snapshot * 1.5
  const ch = {
    query: async ({ query, query_params }: { query: string; query_params: { s?: number } }) => {
      let rows: unknown[]
      if (query.includes('market_snapshots')) {
        rows = [{ region_id: JITA.region, snapshot_id: String(state.latest), esi_last_modified: '2026-11-23T10:00:00Z', started_ms: String(Date.now()) }]
      } else {
        const snapshot = Number(query_params.s)
        await state.gates.get(snapshot)
        rows = query.includes('market_prices_station_by_snapshot')
          ? [{ station_id: JITA.station, type_id: TRITANIUM, sell_min: price(snapshot), buy_max: 1, sell_5pct: price(snapshot), buy_5pct: 1, sell_orders: 1, buy_orders: 1, sell_volume: 1, buy_volume: 1, last_updated: '2026-11-23T10:00:00Z' }]
          : [{ type_id: TRITANIUM, sell_median: price(snapshot), sell_min: price(snapshot), buy_median: 1, buy_max: 1 }]
      }
      return { json: async () => rows }
    },
  }
  return { ch: ch as unknown as ClickHouseClient, state, price }
}

describe('PriceStore', () => {
  it('keeps the newer snapshot when an older one, asked for first, finishes loading last', async () => {
    const { ch, state, price } = fakeClickHouse()
    const store = new PriceStore(ch, createLogger('silent'))
    // the minute check sees snapshot 5 and starts loading it slowly...
    let release!: () => void
    state.gates.set(5, new Promise<void>((r) => (release = r)))
    state.latest = 5
    const slow = store.refresh()
    await new Promise((r) => setTimeout(r, 10))
    // ...meanwhile an announcement of snapshot 6 loads it at once
    state.latest = 6
    await store.refresh()
    expect(store.snapshotOf(JITA.station)?.snapshotId).toBe(6)
    release()
    await slow
    expect(store.snapshotOf(JITA.station)?.snapshotId).toBe(6)
    expect(store.stationPrice(JITA.station, TRITANIUM)?.sell_5pct).toBe(price(6))
    expect(store.fallbackPrices(JITA.region, [TRITANIUM])[0]?.sell_median).toBe(price(6))
  })
})
