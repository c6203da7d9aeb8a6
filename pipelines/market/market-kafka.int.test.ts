import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { addMarketRoutes, createMarketState, setBook } from '../../platform/fakes/esi/markets.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addStatusRoutes } from '../../platform/fakes/esi/status.js'
import { startMockKafka, type MockKafka } from '../../platform/stream/testing/kafka-mock.js'
import { minimalBooks, order } from './testing.js'

const esi = new FakeEsi()
const market = createMarketState()
let kafka: MockKafka
let app: TestApp

beforeAll(async () => {
  addStatusRoutes(esi, { current: { players: 4242, server_version: '1', start_time: '2026-11-22T00:00:00Z' } })
  addMarketRoutes(esi, market)
  for (const [region, orders] of minimalBooks()) setBook(market, region, orders)
  setBook(market, 10000043, [order(34, 60008494, false, 6, 100), order(34, 60008494, false, 7, 100), order(34, 60008494, true, 5.5, 100)])
  market.pageSize = 1
  await esi.start()
  kafka = await startMockKafka()
  app = await startTestApp({ ESI_BASE_URL: esi.url, KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: `t${Date.now()}.` })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await kafka?.stop()
  await esi.close()
})

describe('market pipeline over Kafka (loopback broker)', () => {
  it('runs the same path: pages and marker through Kafka, prices in ClickHouse, served from memory', async () => {
    expect(app.ctx.stream.kind).toBe('kafka')
    const deadline = Date.now() + 90_000
    let rows: Array<Record<string, number>> = []
    while (Date.now() < deadline) {
      rows = (await (await fetch(`${app.url}/api/prices/station?station_id=60008494&type_ids=34`)).json()).rows
      if (rows.length) break
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(rows[0]).toMatchObject({ station_id: 60008494, type_id: 34, sell_min: 6, buy_max: 5.5, sell_orders: 2, sell_volume: 200 })
    // the other regions finish after Amarr: OK once every hub has prices
    let status = { pipeline: { status: '' } }
    while (Date.now() < deadline && status.pipeline.status !== 'OK') {
      status = await (await fetch(`${app.url}/api/statuses`)).json()
      if (status.pipeline.status !== 'OK') await new Promise((r) => setTimeout(r, 500))
    }
    expect(status.pipeline.status).toBe('OK')
  }, 120_000)
})
