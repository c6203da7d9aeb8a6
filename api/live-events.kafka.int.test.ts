import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { LiveEventsTopic } from '../schemas/topics.js'
import { createStream, type Stream } from '../platform/stream/index.js'
import { publish } from '../platform/stream/typed.js'
import { startMockKafka, type MockKafka } from '../platform/stream/testing/kafka-mock.js'
import { startTestApp, type TestApp } from '../platform/testing/in-process-app.js'

let kafka: MockKafka
let ingest: Stream
let app: TestApp | undefined
const prefix = `live${Date.now()}.`

beforeAll(async () => {
  kafka = await startMockKafka()
  // Another process (the ingest role) published the online count before this api replica started.
  ingest = createStream({ KAFKA_BROKERS: kafka.brokers, KAFKA_CLIENT_ID: 'ingest-test', KAFKA_TOPIC_PREFIX: prefix })
  await publish(ingest, LiveEventsTopic, [{ value: { message: { type: 'online', players: 31337, at: new Date().toISOString() }, retain: true } }])
}, 60_000)
afterAll(async () => {
  await app?.close()
  await ingest?.close()
  await kafka?.stop()
})

describe('an api replica that starts beside running ones (Kafka)', () => {
  it('shows its pages the online count published before it started, not "unknown" until the next status check', async () => {
    app = await startTestApp({ ROLES: ['api'], KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: prefix })
    await expect.poll(() => app!.api!.hub.latest('online')?.players, { timeout: 30_000, interval: 200 }).toBe(31337)
    const ws = new WebSocket(app.url.replace('http', 'ws') + '/ws')
    const first = await new Promise<unknown[]>((resolve, reject) => {
      const got: unknown[] = []
      ws.on('error', reject)
      ws.on('message', (data) => {
        got.push(JSON.parse(String(data)))
        if (got.length === 2) resolve(got)
      })
    })
    ws.close()
    expect(first).toMatchObject([{ type: 'hello' }, { type: 'online', players: 31337 }])
  }, 90_000)
})
