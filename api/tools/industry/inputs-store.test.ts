import { describe, expect, it } from 'vitest'
import type { ClickHouseClient } from '../../../pipelines/clickhouse/client.js'
import { createLogger } from '../../../pipelines/log.js'
import { IndustryInputsStore } from './inputs-store.js'

const TRITANIUM = 34
const JITA = 30000142

/** A ClickHouse that answers the store's queries from memory; a snapshot's rows wait for `gates[snapshot]` when one is set. */
function fakeClickHouse() {
  const state = { latest: 1, gates: new Map<number, Promise<void>>() }
  const value = (snapshot: number) => snapshot / 100
  const ch = {
    query: async ({ query, query_params }: { query: string; query_params: { s?: number } }) => {
      let rows: unknown[]
      if (query.includes('industry_snapshots')) {
        rows = ['adjusted_prices', 'cost_indices'].map((dataset) => ({ dataset, latest: String(state.latest), fetched: '2026-11-23T10:00:00Z' }))
      } else {
        const snapshot = Number(query_params.s)
        await state.gates.get(snapshot)
        rows = query.includes('industry_adjusted_prices')
          ? [{ type_id: TRITANIUM, adjusted_price: value(snapshot) }]
          : [{ solar_system_id: JITA, activity: 'manufacturing', cost_index: value(snapshot) }]
      }
      return { json: async () => rows }
    },
  }
  return { ch: ch as unknown as ClickHouseClient, state, value }
}

describe('IndustryInputsStore', () => {
  it('keeps the newer snapshot when an older one, asked for first, finishes loading last', async () => {
    const { ch, state, value } = fakeClickHouse()
    const store = new IndustryInputsStore(ch, createLogger('silent'))
    let release!: () => void
    state.gates.set(5, new Promise<void>((r) => (release = r)))
    state.latest = 5
    const slow = store.refresh()
    await new Promise((r) => setTimeout(r, 10))
    state.latest = 6
    await store.refresh()
    release()
    await slow
    expect(store.adjustedPrice(TRITANIUM)).toBe(value(6))
    expect(store.costIndices(JITA).manufacturing).toBe(value(6))
  })
})
