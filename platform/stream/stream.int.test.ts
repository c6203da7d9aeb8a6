import { getEventListeners } from 'node:events'
import net from 'node:net'
import { Kafka, logLevel } from 'kafkajs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KafkaStream } from './kafka.js'
import { MemoryStream } from './memory.js'
import { startMockKafka, type MockKafka } from './testing/kafka-mock.js'
import { recordProduceRequests } from './testing/produce-requests.js'
import type { Stream, StreamMessage } from './types.js'

/** A value of about 3.5 MB of JSON that compresses as a battle's killmail does (ids that differ, fields that repeat). */
const bigValue = (seed: number) => ({
  seed,
  rows: Array.from({ length: 40_000 }, (_, i) => ({
    character_id: 90_000_000 + ((i * 2_654_435_761 + seed) % 2_030_000_000),
    corporation_id: 98_000_000 + (i % 397),
    final_blow: i === 0,
    damage_done: (i * 7_919) % 30_000,
  })),
})

async function waitUntil(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** The contract both transports must keep: group consumption, commit after success, resume without loss. */
function contract(name: string, makeStream: () => Stream, topicName: () => string) {
  describe(name, () => {
    it('delivers, commits, and resumes from the committed offset after a restart', async () => {
      const stream = makeStream()
      const topic = topicName()
      const producer = await stream.producer()
      await producer.send(
        topic,
        [1, 2, 3, 4, 5].map((n) => ({ key: 'k', value: { n } })),
      )

      const firstRun: number[] = []
      const c1 = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true })
      await c1.run(async (batch) => {
        for (const m of batch) firstRun.push((m.value as { n: number }).n)
      })
      await waitUntil(() => firstRun.length >= 5)
      await c1.stop()
      expect(firstRun).toEqual([1, 2, 3, 4, 5])

      await producer.send(
        topic,
        [6, 7].map((n) => ({ key: 'k', value: { n } })),
      )
      const secondRun: number[] = []
      const c2 = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true })
      await c2.run(async (batch) => {
        for (const m of batch) secondRun.push((m.value as { n: number }).n)
      })
      await waitUntil(() => secondRun.length >= 2)
      await new Promise((r) => setTimeout(r, 300))
      await c2.stop()
      // nothing lost, nothing from before the commit delivered again
      expect(secondRun).toEqual([6, 7])
      await stream.close()
    })

    it('delivers a batch again when its handler fails (at-least-once)', async () => {
      const stream = makeStream()
      const topic = topicName()
      const producer = await stream.producer()
      await producer.send(topic, [{ key: 'k', value: { n: 1 } }])
      let attempts = 0
      const seen: StreamMessage[] = []
      const errors: Error[] = []
      const c = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true, onError: (e) => errors.push(e) })
      await c.run(async (batch) => {
        attempts++
        if (attempts === 1) throw new Error('sink down')
        seen.push(...batch)
      })
      await waitUntil(() => seen.length >= 1)
      await c.stop()
      expect(attempts).toBeGreaterThanOrEqual(2)
      expect(errors[0].message).toBe('sink down')
      expect(seen[0].value).toEqual({ n: 1 })
      await stream.close()
    })

    it('gathers the messages of several sends into one batch when asked, and delivers that batch again when its handler fails', async () => {
      const stream = makeStream()
      const topic = topicName()
      const producer = await stream.producer()
      const batches: number[][] = []
      const errors: Error[] = []
      const c = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true, gatherMs: 4_000, onError: (e) => errors.push(e) })
      await c.run(async (batch) => {
        batches.push(batch.map((m) => (m.value as { n: number }).n))
        if (batches.length === 1) throw new Error('sink down')
      })
      // Four sends 200 ms apart: without gathering, each reached the handler on its own (one insert per fetch).
      for (let i = 0; i < 4; i++) {
        await producer.send(topic, [{ key: 'k', value: { n: i } }])
        await new Promise((r) => setTimeout(r, 200))
      }
      await waitUntil(() => batches.length >= 2, 30_000)
      await c.stop()
      expect(batches.slice(0, 2)).toEqual([
        [0, 1, 2, 3],
        [0, 1, 2, 3],
      ])
      expect(errors[0].message).toBe('sink down')
      await stream.close()
    })

    it('delivers a message of several MB sent compressed whole, in order with the small ones around it', async () => {
      const stream = makeStream()
      const topic = topicName()
      const producer = await stream.producer()
      const big = bigValue(1)
      expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(3_000_000)
      await producer.send(topic, [{ key: 'k', value: { n: 1 } }], { compressed: true })
      await producer.send(topic, [{ key: 'k', value: big }], { compressed: true })
      await producer.send(topic, [{ key: 'k', value: { n: 3 } }], { compressed: true })
      const seen: unknown[] = []
      const c = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true })
      await c.run(async (batch) => void seen.push(...batch.map((m) => m.value)))
      await waitUntil(() => seen.length >= 3)
      await c.stop()
      expect(seen).toEqual([{ n: 1 }, big, { n: 3 }])
      await stream.close()
    })

    it('gives each consumer group its own position', async () => {
      const stream = makeStream()
      const topic = topicName()
      const producer = await stream.producer()
      await producer.send(topic, [{ value: { n: 1 } }, { value: { n: 2 } }])
      const a: number[] = []
      const b: number[] = []
      const ca = await stream.consumer({ groupId: `${topic}-a`, topics: [topic], fromBeginning: true })
      const cb = await stream.consumer({ groupId: `${topic}-b`, topics: [topic], fromBeginning: true })
      await ca.run(async (batch) => void a.push(...batch.map((m) => (m.value as { n: number }).n)))
      await cb.run(async (batch) => void b.push(...batch.map((m) => (m.value as { n: number }).n)))
      await waitUntil(() => a.length === 2 && b.length === 2)
      await ca.stop()
      await cb.stop()
      expect(a.sort()).toEqual([1, 2])
      expect(b.sort()).toEqual([1, 2])
      await stream.close()
    })
  })
}

let n = 0
contract(
  'in-process stream',
  () => new MemoryStream(),
  () => `mem-topic-${++n}`,
)

describe('in-process stream backpressure', () => {
  /** A consumer whose handler holds each batch until `release` (then takes batches freely); counts what it took. */
  async function heldConsumer(stream: MemoryStream, topic: string, maxBatchSize: number) {
    let release: () => void = () => {}
    let held = true
    let taken = 0
    const consumer = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true, maxBatchSize })
    await consumer.run(async (batch) => {
      taken += batch.length
      if (held) await new Promise<void>((r) => (release = r))
    })
    return {
      taken: () => taken,
      release: () => {
        held = false
        release()
      },
    }
  }

  /** Publish one message at a time; returns how many sends completed within the time given. */
  async function sendsWithin(stream: MemoryStream, topic: string, count: number, ms: number) {
    const producer = await stream.producer()
    let sent = 0
    const sending = (async () => {
      for (let i = 0; i < count; i++) {
        await producer.send(topic, [{ key: 'k', value: { i } }])
        sent++
      }
    })()
    await new Promise((r) => setTimeout(r, ms))
    return { sent: () => sent, sending }
  }

  it('holds a producer back while a small-batch group is more than 32 messages behind, and lets it go as the group catches up', async () => {
    const stream = new MemoryStream()
    const held = await heldConsumer(stream, 'bp-small', 4)
    const { sent, sending } = await sendsWithin(stream, 'bp-small', 60, 300)
    expect(held.taken()).toBe(1) // the first message went out before the rest arrived
    expect(sent()).toBe(32) // the 33rd message is in the topic, but its send waits: 33 behind the committed offset
    held.release()
    await sending
    expect(sent()).toBe(60)
    await stream.close()
  })

  it('leaves no listener behind for each poll while a producer is held back (a writer down for hours)', async () => {
    const stream = new MemoryStream()
    const held = await heldConsumer(stream, 'bp-listeners', 4)
    const { sent, sending } = await sendsWithin(stream, 'bp-listeners', 40, 1_300) // some six 200 ms polls of the held send
    expect(sent()).toBe(32)
    expect(stream['commits'].listenerCount('bp-listeners')).toBeLessThanOrEqual(1)
    held.release()
    await sending
    await stream.close()
  })

  it('adds no abort listener for each retry of a batch whose handler keeps failing (ClickHouse down for hours)', async () => {
    const stream = new MemoryStream()
    await (await stream.producer()).send('retry-listeners', [{ key: 'k', value: { n: 1 } }])
    let attempts = 0
    const consumer = await stream.consumer({ groupId: 'retry-listeners-g', topics: ['retry-listeners'], fromBeginning: true })
    await consumer.run(async () => {
      attempts++
      throw new Error('down')
    })
    await waitUntil(() => attempts >= 4)
    const signal = (consumer as unknown as { abort: AbortController }).abort.signal
    expect(getEventListeners(signal, 'abort').length).toBeLessThanOrEqual(1)
    await stream.close()
  })

  it('lets a group that gathers big batches fall behind by up to its own batch size', async () => {
    const stream = new MemoryStream()
    const held = await heldConsumer(stream, 'bp-big', 100)
    const { sent, sending } = await sendsWithin(stream, 'bp-big', 150, 300)
    expect(sent()).toBe(100)
    held.release()
    await sending
    expect(sent()).toBe(150)
    await stream.close()
  })
})

describe('kafka stream while the brokers are unreachable', () => {
  it('connects its producer again at the next send after a failed first connect, instead of failing every send until a restart', async () => {
    // A "broker" that drops every connection: each connect attempt of kafkajs is counted.
    let connections = 0
    const server = net.createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    const stream = new KafkaStream({ brokers: [`127.0.0.1:${port}`], clientId: 'test', retry: { retries: 1, initialRetryTime: 50 } })
    try {
      await expect(stream.producer()).rejects.toThrow()
      const first = connections
      expect(first).toBeGreaterThan(0)
      // Kafka is still down: the second try fails too, but it tried (once Kafka is back, such a try succeeds).
      await expect(stream.producer()).rejects.toThrow()
      expect(connections).toBeGreaterThan(first)
    } finally {
      await stream.close().catch(() => undefined)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('kafka stream against a loopback Kafka-protocol broker', () => {
  let kafka: MockKafka
  beforeAll(async () => {
    kafka = await startMockKafka()
  }, 30_000)
  afterAll(async () => {
    await kafka?.stop()
  })
  contract(
    'kafka',
    () => new KafkaStream({ brokers: kafka.brokers, clientId: 'test', topicPrefix: 'test.' }),
    () => `kafka-topic-${++n}-${Date.now()}`,
  )

  it('sends a compressed message as a gzip batch a broker takes: 3.5 MB of JSON in a produce request under its 1 MiB limit', async () => {
    const topic = `kafka-gzip-${Date.now()}`
    const big = bigValue(2)
    const requests = recordProduceRequests()
    const stream = new KafkaStream({ brokers: kafka.brokers, clientId: 'test', topicPrefix: 'test.' })
    try {
      const producer = await stream.producer()
      await producer.send(topic, [{ key: 'k', value: big }], { compressed: true })
      await producer.send(topic, [{ key: 'k', value: big }])
    } finally {
      requests.stop()
    }
    const [compressed, plain] = requests.sizes.slice(-2)
    expect(compressed).toBeLessThan(1_048_588)
    expect(plain).toBeGreaterThan(Buffer.byteLength(JSON.stringify(big)))
    const seen: unknown[] = []
    const c = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true })
    await c.run(async (batch) => void seen.push(...batch.map((m) => m.value)))
    await waitUntil(() => seen.length >= 2)
    await stream.close()
    expect(seen).toEqual([big, big])
  })

  it('keeps its place in the group while a handler runs past the session timeout (a slow ClickHouse write), so the batch is not delivered again', async () => {
    const topic = `kafka-slow-${Date.now()}`
    const stream = new KafkaStream({ brokers: kafka.brokers, clientId: 'test', topicPrefix: 'test.' })
    const producer = await stream.producer()
    await producer.send(topic, [{ key: 'k', value: { n: 1 } }])
    const calls: number[][] = []
    const c = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true })
    await c.run(async (batch) => {
      calls.push(batch.map((m) => (m.value as { n: number }).n))
      if (calls.length === 1) await new Promise((r) => setTimeout(r, 9_000)) // past the 6 s session timeout
    })
    await waitUntil(() => calls.length >= 1)
    await new Promise((r) => setTimeout(r, 9_000))
    await producer.send(topic, [{ key: 'k', value: { n: 2 } }])
    await waitUntil(() => calls.flat().includes(2), 30_000)
    await new Promise((r) => setTimeout(r, 1_000))
    await stream.close()
    // without heartbeats during the handler the group dropped the member, its commit failed and n=1 came again
    expect(calls).toEqual([[1], [2]])
  }, 60_000)

  it('hands a message that is not JSON over as null instead of failing its batch forever (a poison message)', async () => {
    const topic = `kafka-poison-${Date.now()}`
    const raw = new Kafka({ clientId: 'raw', brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({ allowAutoTopicCreation: true })
    await raw.connect()
    await raw.send({
      topic: `test.${topic}`,
      messages: [
        { key: 'k', value: '{"n": 1, cut off' },
        { key: 'k', value: JSON.stringify({ n: 2 }) },
      ],
    })
    await raw.disconnect()
    const stream = new KafkaStream({ brokers: kafka.brokers, clientId: 'test', topicPrefix: 'test.' })
    const seen: unknown[] = []
    const c = await stream.consumer({ groupId: `${topic}-g`, topics: [topic], fromBeginning: true })
    await c.run(async (batch) => {
      seen.push(...batch.map((m) => m.value))
    })
    await waitUntil(() => seen.length >= 2)
    await stream.close()
    expect(seen).toEqual([null, { n: 2 }])
  })
})
