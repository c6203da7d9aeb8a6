import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeDiscordWebhook, type FakeDiscordWebhook } from '../../api/testing/discord-webhook-fake.js'
import { startTestApp, type TestApp } from '../../api/testing/in-process-app.js'
import { addNameRoutes } from '../../ingest/fakes/esi/names.js'
import { FakeEsi } from '../../ingest/fakes/esi/server.js'
import { startMockKafka, type MockKafka } from '../stream/testing/kafka-mock.js'
import { FIXTURE_NAMES } from './testing/kills.js'
import { killfeedOverTransport } from './testing/transport-scenario.js'

let app: TestApp
let esi: FakeEsi
let discord: FakeDiscordWebhook
let kafka: MockKafka

beforeAll(async () => {
  kafka = await startMockKafka()
  esi = new FakeEsi()
  addNameRoutes(esi, { entries: FIXTURE_NAMES })
  await esi.start()
  discord = await startFakeDiscordWebhook()
  app = await startTestApp({ ESI_BASE_URL: esi.url, DISCORD_API_BASE_URL: new URL(discord.url).origin, KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: `kf${Date.now()}.` })
})
afterAll(async () => {
  await app?.close()
  await discord?.close()
  await esi?.close()
  await kafka?.stop()
})

describe('killfeed on Kafka', () => {
  it('routes a kill to Discord and the live feed once, through the registered pipeline', async () => {
    expect(app.ctx.stream.kind).toBe('kafka')
    await killfeedOverTransport(app, discord, 700_002)
  }, 90_000)
})
