import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppContext } from '../../platform/context.js'
import { createLogger } from '../../platform/log.js'
import type { Stream } from '../../platform/stream/index.js'
import { MarketFetchTopic, MarketOrdersTopic } from '../../schemas/market.js'
import { EsiClient } from '../../platform/esi/client.js'
import { addMarketRoutes, createMarketState, setBook } from '../../platform/fakes/esi/markets.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { OrderIdTally, fetchRegionSnapshot } from './orders-job.js'

describe('OrderIdTally', () => {
  it('counts each order id once across pages, growing past its first size', () => {
    const tally = new OrderIdTally(2)
    tally.add([{ order_id: 6_611_665_684 }, { order_id: 6_632_216_964 }])
    tally.add([{ order_id: 6_611_665_684 }, { order_id: 7 }, { order_id: 6_632_216_964 }])
    tally.add([])
    expect(tally.distinct()).toBe(3)
    expect(new OrderIdTally().distinct()).toBe(0)
  })
})

describe('market orders job', () => {
  const esi = new FakeEsi()
  const market = createMarketState()
  beforeAll(async () => {
    addMarketRoutes(esi, market)
    await esi.start()
  })
  afterAll(() => esi.close())

  it('records no fetch failure when stopped mid-fetch (SIGTERM), so the hub is not called DEGRADED for a shutdown', async () => {
    const forge = 10_000_002
    setBook(market, forge, [])
    esi.slowDown('/markets/', 500)
    const published: Array<{ topic: string; value: unknown }> = []
    const stream = {
      kind: 'memory',
      producer: async () => ({
        send: async (topic: string, messages: Array<{ value: unknown }>) => void published.push(...messages.map((m) => ({ topic, value: m.value }))),
      }),
    } as unknown as Stream
    const ctx = {
      stream,
      log: createLogger('silent'),
      esi: new EsiClient({ baseUrl: esi.url, userAgent: 'test', log: createLogger('silent') }),
    } as unknown as AppContext
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 100)
    expect(await fetchRegionSnapshot(ctx, forge, abort.signal)).toBe('failed')
    expect(published.filter((p) => p.topic === MarketFetchTopic.name || p.topic === MarketOrdersTopic.name)).toEqual([])
  })
})
