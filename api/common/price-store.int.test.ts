import { describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/log.js'
import { fakeSnapshotClickHouse, raceTwoRefreshes } from '../../platform/testing/snapshot-race.js'
import { PriceStore } from './price-store.js'

const JITA = { region: 10000002, station: 60003760 }
const TRITANIUM = 34
const price = (snapshot: number) => snapshot * 1.5

const { ch, state } = fakeSnapshotClickHouse({
  latestTable: 'market_snapshots',
  latest: (latest) => [{ region_id: JITA.region, snapshot_id: String(latest), esi_last_modified: '2026-11-23T10:00:00Z', started_ms: String(Date.now()) }],
  snapshot: (query, s) =>
    query.includes('market_prices_station_by_snapshot')
      ? [
          {
            station_id: JITA.station,
            type_id: TRITANIUM,
            sell_min: price(s),
            buy_max: 1,
            sell_5pct: price(s),
            buy_5pct: 1,
            sell_orders: 1,
            buy_orders: 1,
            sell_volume: 1,
            buy_volume: 1,
            last_updated: '2026-11-23T10:00:00Z',
          },
        ]
      : [{ type_id: TRITANIUM, sell_median: price(s), sell_min: price(s), buy_median: 1, buy_max: 1 }],
})

describe('PriceStore', () => {
  it('keeps the newer snapshot when an older one, asked for first, finishes loading last', async () => {
    const store = new PriceStore(ch, createLogger('silent'))
    await raceTwoRefreshes(store, state, () => expect(store.snapshotOf(JITA.station)?.snapshotId).toBe(6))
    expect(store.snapshotOf(JITA.station)?.snapshotId).toBe(6)
    expect(store.stationPrice(JITA.station, TRITANIUM)?.sell_5pct).toBe(price(6))
    expect(store.fallbackPrices(JITA.region, [TRITANIUM])[0]?.sell_median).toBe(price(6))
  })
})
