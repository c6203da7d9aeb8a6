import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../platform/log.js'
import { fakeSnapshotClickHouse, raceTwoRefreshes } from '../../../platform/testing/snapshot-race.js'
import { IndustryInputsStore } from './inputs-store.js'

const TRITANIUM = 34
const JITA = 30000142
const value = (snapshot: number) => snapshot / 100

const { ch, state } = fakeSnapshotClickHouse({
  latestTable: 'industry_snapshots',
  latest: (latest) => ['adjusted_prices', 'cost_indices'].map((dataset) => ({ dataset, latest: String(latest), fetched: '2026-11-23T10:00:00Z' })),
  snapshot: (query, s) =>
    query.includes('industry_adjusted_prices')
      ? [{ type_id: TRITANIUM, adjusted_price: value(s) }]
      : [{ solar_system_id: JITA, activity: 'manufacturing', cost_index: value(s) }],
})

describe('IndustryInputsStore', () => {
  it('keeps the newer snapshot when an older one, asked for first, finishes loading last', async () => {
    const store = new IndustryInputsStore(ch, createLogger('silent'))
    await raceTwoRefreshes(store, state)
    expect(store.adjustedPrice(TRITANIUM)).toBe(value(6))
    expect(store.costIndices(JITA).manufacturing).toBe(value(6))
  })
})
