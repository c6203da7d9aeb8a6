import { CompressionTypes, Kafka, logLevel, type Consumer as KafkaConsumer, type Producer as KafkaProducer } from 'kafkajs'
import {
  DEFAULT_MAX_BATCH_SIZE,
  type BatchHandler,
  type Consumer,
  type ConsumerOptions,
  type OutgoingMessage,
  type Producer,
  type SendOptions,
  type Stream,
  type StreamMessage,
} from './types.js'

/** How often a consumer tells its group it is alive, also while a handler runs (sessions end after 6 s without). */
const HEARTBEAT_INTERVAL_MS = 500

export interface KafkaStreamOptions {
  brokers: string[]
  clientId: string
  topicPrefix?: string
  /** kafkajs's retry of a connection or request (tests make it short). */
  retry?: { retries: number; initialRetryTime: number }
}

/**
 * Kafka through kafkajs. Offsets are committed explicitly after the handler resolves (auto-commit off),
 * which gives the same at-least-once contract as the in-process stream.
 */
export class KafkaStream implements Stream {
  readonly kind = 'kafka' as const
  private kafka: Kafka
  private prefix: string
  private producerPromise: Promise<KafkaProducer> | null = null
  private consumers = new Set<KafkaStreamConsumer>()

  constructor(options: KafkaStreamOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.NOTHING,
      retry: options.retry ?? { retries: 8, initialRetryTime: 200 },
    })
    this.prefix = options.topicPrefix ?? ''
  }

  private topicName(topic: string): string {
    return this.prefix + topic
  }

  async producer(): Promise<Producer> {
    if (!this.producerPromise) {
      const p = this.kafka.producer({ allowAutoTopicCreation: true, idempotent: false })
      const connecting = p.connect().then(() => p)
      this.producerPromise = connecting
      // A failed connect is forgotten, so the next send connects again: kept, its rejection failed every later send of
      // the process (the live feed retrying one kill for ever) although Kafka was back. Once connected, kafkajs
      // reconnects to brokers by itself.
      connecting.catch(() => {
        if (this.producerPromise === connecting) this.producerPromise = null
      })
    }
    const producer = await this.producerPromise
    return {
      send: async (topic: string, messages: OutgoingMessage[], options: SendOptions = {}) => {
        await producer.send({
          topic: this.topicName(topic),
          messages: messages.map((m) => ({ key: m.key ?? null, value: JSON.stringify(m.value) })),
          // The broker keeps the batch as sent (a topic's `compression.type` is `producer` by default) and weighs the
          // compressed batch against `message.max.bytes`; kafkajs decompresses GZIP batches for consumers by itself.
          compression: options.compressed ? CompressionTypes.GZIP : CompressionTypes.None,
        })
      },
    }
  }

  async consumer(options: ConsumerOptions): Promise<Consumer> {
    const consumer = new KafkaStreamConsumer(
      this.kafka.consumer({
        groupId: this.prefix + options.groupId,
        allowAutoTopicCreation: true,
        sessionTimeout: 6_000,
        rebalanceTimeout: 3_000,
        heartbeatInterval: HEARTBEAT_INTERVAL_MS,
        maxWaitTimeInMs: 250,
      }),
      options,
      (t) => this.topicName(t),
      this.prefix,
    )
    this.consumers.add(consumer)
    return consumer
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()))
    if (this.producerPromise) await (await this.producerPromise.catch(() => null))?.disconnect()
  }
}

class KafkaStreamConsumer implements Consumer {
  private stopped = false
  private stopping = false
  private handler: BatchHandler | null = null
  /** Gathering (options.gatherMs): messages fetched and resolved, not yet handled, hence not committed. */
  private held: StreamMessage[] = []
  private gatherTimer: NodeJS.Timeout | null = null
  private flushing: Promise<void> | null = null

  constructor(
    private consumer: KafkaConsumer,
    private options: ConsumerOptions,
    private topicName: (t: string) => string,
    private prefix: string,
  ) {}

  private get max(): number {
    return this.options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE
  }

  async run(handler: BatchHandler): Promise<void> {
    this.handler = handler
    await this.consumer.connect()
    await this.consumer.subscribe({ topics: this.options.topics.map(this.topicName), fromBeginning: this.options.fromBeginning ?? false })
    const gathering = (this.options.gatherMs ?? 0) > 0
    // A rebalance can hand a partition to another member, which starts from the committed offset: hand what is held
    // to the handler at once, so the other member finds it stored (the handler's dedupe covers what overlaps).
    if (gathering) this.consumer.on(this.consumer.events.REBALANCING, () => void this.flush())
    await this.consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.options.partitionConcurrency ?? 1,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        const all: StreamMessage[] = batch.messages.map((m) => ({
          topic: batch.topic.slice(this.prefix.length),
          partition: batch.partition,
          offset: m.offset,
          key: m.key ? m.key.toString() : null,
          value: m.value ? parseJson(m.value.toString()) : null,
          timestamp: Number(m.timestamp),
        }))
        if (gathering) return this.gather(all, { resolveOffset, heartbeat, isRunning, isStale })
        const max = this.max
        for (let i = 0; i < all.length; i += max) {
          if (!isRunning() || isStale()) return
          const chunk = all.slice(i, i + max)
          // kafkajs heartbeats only between batches: a handler longer than the session timeout (a slow ClickHouse
          // write) got the member dropped from its group, its commit refused and the batch delivered again, for
          // ever if every try is as slow. So keep the heartbeats going while the handler runs. A heartbeat refused
          // because the group is rebalancing is left to the commit after the handler, which then fails as it should.
          const beat = setInterval(() => void heartbeat().catch(() => {}), HEARTBEAT_INTERVAL_MS)
          try {
            await handler(chunk)
          } catch (err) {
            this.options.onError?.(err as Error, chunk)
            throw err // kafkajs seeks back to the last resolved offset and delivers again
          } finally {
            clearInterval(beat)
          }
          const last = chunk[chunk.length - 1].offset
          resolveOffset(last)
          await this.consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() }])
          await heartbeat()
        }
      },
    })
  }

  /**
   * Gathering: hold a fetched batch and let the fetch go on (kafkajs fetches from the last resolved offset; nothing is
   * committed yet). The held messages reach the handler together once a full batch is held or `gatherMs` after the
   * first of them; their offsets are committed after it resolved. A crash before that commit means the group's next
   * member fetches them again from the last commit: delivered at least once, as without gathering. At most two full
   * batches are held: past that, this fetch waits for the handler (heartbeating, so the group keeps the member).
   */
  private async gather(
    messages: StreamMessage[],
    kafka: { resolveOffset: (offset: string) => void; heartbeat: () => Promise<void>; isRunning: () => boolean; isStale: () => boolean },
  ): Promise<void> {
    if (this.stopping || !kafka.isRunning() || kafka.isStale() || messages.length === 0) return
    this.held.push(...messages)
    kafka.resolveOffset(messages[messages.length - 1].offset)
    if (this.held.length >= this.max) void this.flush()
    else this.gatherTimer ??= setTimeout(() => void this.flush(), this.options.gatherMs)
    while (this.held.length >= 2 * this.max && !this.stopping && kafka.isRunning()) {
      await Promise.race([this.flushing ?? this.flush(), new Promise((r) => setTimeout(r, HEARTBEAT_INTERVAL_MS))])
      await kafka.heartbeat().catch(() => {})
    }
  }

  /** Hand the held messages to the handler in batches of up to maxBatchSize, one batch at a time, and commit each. */
  private flush(): Promise<void> {
    this.flushing ??= (async () => {
      try {
        while (this.held.length) {
          if (this.gatherTimer) clearTimeout(this.gatherTimer)
          this.gatherTimer = null
          const batch = this.held.splice(0, this.max)
          if (!(await this.handle(batch))) {
            this.held = [] // stopping with a failing handler: nothing committed, so all of it comes again at the next start
            return
          }
          await this.commit(batch)
          // What came in meanwhile waits out its own gathering time, unless it is a full batch already.
          if (this.held.length < this.max && !this.stopping) {
            if (this.held.length) this.gatherTimer ??= setTimeout(() => void this.flush(), this.options.gatherMs)
            return
          }
        }
      } finally {
        this.flushing = null
      }
    })()
    return this.flushing
  }

  /** The handler until it succeeds (the same batch again after a pause that grows to 5 s), or false once stopping. */
  private async handle(batch: StreamMessage[]): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.handler!(batch)
        return true
      } catch (err) {
        this.options.onError?.(err as Error, batch)
        if (this.stopping) return false
        await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)))
        if (this.stopping) return false
      }
    }
  }

  /** Commit, for each partition in the batch, the offset after its last message there. */
  private async commit(batch: StreamMessage[]): Promise<void> {
    const next = new Map<string, { topic: string; partition: number; offset: bigint }>()
    for (const m of batch) {
      const key = `${m.topic}\u0000${m.partition}`
      const offset = BigInt(m.offset) + 1n
      const seen = next.get(key)
      if (!seen || seen.offset < offset) next.set(key, { topic: this.topicName(m.topic), partition: m.partition, offset })
    }
    try {
      await this.consumer.commitOffsets([...next.values()].map((o) => ({ ...o, offset: o.offset.toString() })))
    } catch (err) {
      // Refused during a rebalance: the batch is stored, and whoever holds the partition next starts from the
      // previous commit and stores it again, which the handler's dedupe turns into nothing.
      this.options.onError?.(err as Error, batch)
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    this.stopping = true
    if (this.gatherTimer) clearTimeout(this.gatherTimer)
    this.gatherTimer = null
    // Hand over and commit what is held while still a member of the group (a commit after leaving it is refused).
    while (this.held.length || this.flushing) await this.flush()
    await this.consumer.disconnect()
  }
}

/**
 * A message value, or null when it is not JSON (another producer's bytes): throwing here would fail the batch before any
 * handler saw it and deliver it again forever, stalling the partition. Typed consumers log a null as malformed and skip it.
 */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
