import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockKafka, type MockKafka } from '../../platform/stream/testing/kafka-mock.js'
import { startKillfeedTestApp, type KillfeedTestApp } from './testing/app.js'
import { killfeedOverTransport } from './testing/transport-scenario.js'

let kf: KillfeedTestApp
let kafka: MockKafka

beforeAll(async () => {
  kafka = await startMockKafka()
  kf = await startKillfeedTestApp({ KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: `kf${Date.now()}.` })
})
afterAll(async () => {
  await kf?.close()
  await kafka?.stop()
})

describe('killfeed on Kafka', () => {
  it('routes a kill to Discord and the live feed once, through the registered pipeline', async () => {
    expect(kf.app.ctx.stream.kind).toBe('kafka')
    await killfeedOverTransport(kf.app, kf.discord, 700_002)
  }, 90_000)
})
