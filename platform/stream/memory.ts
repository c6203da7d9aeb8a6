import { EventEmitter } from 'node:events'
import { sleep } from '../sleep.js'
import {
  DEFAULT_MAX_BATCH_SIZE,
  type BatchHandler,
  type Consumer,
  type ConsumerOptions,
  type OutgoingMessage,
  type Producer,
  type Stream,
  type StreamMessage,
} from './types.js'

interface TopicLog {
  /** Offset of messages[0]; messages below it were trimmed once every group had consumed them. */
  base: number
  messages: StreamMessage[]
}

const RETRY_DELAY_MS = 500
/** Already-consumed messages kept per topic for a consumer group that joins later (Kafka keeps them by time). */
const RETAIN_CONSUMED = 10
/**
 * Backpressure: a producer waits (up to BACKLOG_WAIT_MS) while a consumer group of the topic is more than this
 * many messages behind, or more than its own batch size when that is larger, so a fast fetch cannot pile a whole
 * market region up in memory ahead of its writer, and a writer that gathers big batches (the killmail store
 * lingers to fill one) still gets them.
 */
const MAX_BACKLOG = 32
const BACKLOG_WAIT_MS = 30_000

/**
 * In-process topics for embedded mode: one partition per topic, committed offsets per consumer group,
 * redelivery of a batch whose handler failed. Messages every known group has committed are trimmed,
 * except the last RETAIN_CONSUMED of them.
 */
export class MemoryStream implements Stream {
  readonly kind = 'memory' as const
  private topics = new Map<string, TopicLog>()
  private committed = new Map<string, Map<string, number>>()
  private events = new EventEmitter()
  private commits = new EventEmitter()
  private consumers = new Set<MemoryConsumer>()

  constructor() {
    this.events.setMaxListeners(0)
    this.commits.setMaxListeners(0)
  }

  private log(topic: string): TopicLog {
    let log = this.topics.get(topic)
    if (!log) this.topics.set(topic, (log = { base: 0, messages: [] }))
    return log
  }

  async producer(): Promise<Producer> {
    return {
      // SendOptions.compressed is for the wire; values here are handed over as copies, never encoded, so there is
      // nothing to compress, and no size limit either (types.ts, Producer).
      send: async (topic: string, messages: OutgoingMessage[]) => {
        const log = this.log(topic)
        for (const m of messages) {
          const offset = log.base + log.messages.length
          // Round-trip through JSON so consumers get the same plain data they would get from Kafka.
          log.messages.push({
            topic,
            partition: 0,
            offset: String(offset),
            key: m.key ?? null,
            value: JSON.parse(JSON.stringify(m.value)),
            timestamp: Date.now(),
          })
        }
        this.events.emit(topic)
        await this.drain(topic)
      },
    }
  }

  async consumer(options: ConsumerOptions): Promise<Consumer> {
    const consumer = new MemoryConsumer(this, options)
    this.consumers.add(consumer)
    return consumer
  }

  /** Whether an active group of the topic is further behind its end than it may be (see MAX_BACKLOG). */
  private overfull(topic: string): boolean {
    const log = this.log(topic)
    const end = log.base + log.messages.length
    for (const c of this.consumers) {
      if (!c.reads(topic)) continue
      const pos = this.committed.get(c.groupId)?.get(topic)
      if (pos !== undefined && end - pos > Math.max(MAX_BACKLOG, c.batchSize)) return true
    }
    return false
  }

  private async drain(topic: string): Promise<void> {
    const deadline = Date.now() + BACKLOG_WAIT_MS
    while (this.overfull(topic) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, 200)
        const commits = this.commits
        // Both ways out remove the other: a `once` listener left behind by each timed-out poll piled up for as long
        // as the group stayed stuck (a writer whose ClickHouse is down), five a second per held producer.
        function done() {
          clearTimeout(t)
          commits.off(topic, done)
          resolve()
        }
        commits.once(topic, done)
      })
    }
  }

  /** @internal */
  position(groupId: string, topic: string, fromBeginning: boolean): number {
    let group = this.committed.get(groupId)
    if (!group) this.committed.set(groupId, (group = new Map()))
    if (!group.has(topic)) {
      const log = this.log(topic)
      group.set(topic, fromBeginning ? log.base : log.base + log.messages.length)
    }
    return group.get(topic)!
  }

  /** @internal */
  read(topic: string, from: number, max: number): StreamMessage[] {
    const log = this.log(topic)
    const start = Math.max(0, from - log.base)
    return log.messages.slice(start, start + max)
  }

  /** @internal */
  commit(groupId: string, topic: string, next: number): void {
    this.committed.get(groupId)!.set(topic, next)
    this.trim(topic)
    this.commits.emit(topic)
  }

  private trim(topic: string): void {
    const log = this.log(topic)
    let min = Infinity
    for (const group of this.committed.values()) {
      const pos = group.get(topic)
      if (pos !== undefined) min = Math.min(min, pos)
    }
    const cut = min - RETAIN_CONSUMED
    if (Number.isFinite(cut) && cut > log.base) {
      log.messages.splice(0, cut - log.base)
      log.base = cut
    }
  }

  /** @internal */
  waitFor(topics: string[], signal: AbortSignal, timeoutMs?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = timeoutMs === undefined ? null : setTimeout(() => done(), timeoutMs)
      const done = () => {
        if (timer) clearTimeout(timer)
        for (const t of topics) this.events.off(t, done)
        signal.removeEventListener('abort', done)
        resolve()
      }
      for (const t of topics) this.events.on(t, done)
      signal.addEventListener('abort', done)
    })
  }

  /** @internal */
  forget(consumer: MemoryConsumer): void {
    this.consumers.delete(consumer)
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()))
  }
}

class MemoryConsumer implements Consumer {
  private abort = new AbortController()
  private loop: Promise<void> | null = null
  private running = false

  constructor(
    private stream: MemoryStream,
    private options: ConsumerOptions,
  ) {}

  get groupId(): string {
    return this.options.groupId
  }

  get batchSize(): number {
    return this.options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE
  }

  /** Whether this consumer is running on the topic (only running consumers hold producers back). */
  reads(topic: string): boolean {
    return this.running && this.options.topics.includes(topic)
  }

  async run(handler: BatchHandler): Promise<void> {
    const { groupId, topics, fromBeginning = false } = this.options
    const maxBatchSize = this.batchSize
    for (const t of topics) this.stream.position(groupId, t, fromBeginning)
    this.running = true
    this.loop = (async () => {
      while (!this.abort.signal.aborted) {
        let delivered = false
        for (const topic of topics) {
          const from = this.stream.position(groupId, topic, fromBeginning)
          const batch = this.stream.read(topic, from, maxBatchSize)
          if (batch.length === 0) continue
          delivered = true
          // Gathering: a batch short of the largest waits for more until `gatherMs` after its first message arrived.
          // Messages are handed over the moment they are published, so without it a steady trickle becomes one
          // handler call per message.
          const gatherUntil = batch[0].timestamp + (this.options.gatherMs ?? 0)
          if (batch.length < maxBatchSize && Date.now() < gatherUntil) {
            await this.stream.waitFor([topic], this.abort.signal, gatherUntil - Date.now())
            continue
          }
          try {
            await handler(batch)
            this.stream.commit(groupId, topic, Number(batch[batch.length - 1].offset) + 1)
          } catch (err) {
            this.options.onError?.(err as Error, batch)
            // The shared sleep removes its abort listener when the time is up: one added per retry and never removed
            // piled up for as long as the handler kept failing (every half second, per consumer).
            await sleep(RETRY_DELAY_MS, this.abort.signal)
          }
        }
        if (!delivered) await this.stream.waitFor(topics, this.abort.signal)
      }
    })()
  }

  async stop(): Promise<void> {
    this.running = false
    this.abort.abort()
    await this.loop
    this.stream.forget(this)
  }
}
