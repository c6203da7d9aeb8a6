/** A message as a consumer sees it. Values travel as JSON. */
export interface StreamMessage<T = unknown> {
  topic: string
  partition: number
  offset: string
  key: string | null
  value: T
  timestamp: number
}

export interface OutgoingMessage {
  key?: string
  value: unknown
}

export interface SendOptions {
  /**
   * Kafka sends the messages as one gzip-compressed record batch per partition (kafkajs's own codec, no extra
   * dependency), and consumers get them back decompressed. The broker's size limit then applies to the compressed
   * batch. The in-process stream hands values over without encoding them, so it has nothing to compress.
   */
  compressed?: boolean
}

/**
 * Sends messages; resolves once the transport holds them. Sizes: a Kafka broker refuses a record batch over its
 * `message.max.bytes` (1 MiB by default; the compressed batch when `compressed`) with an error whose `type` is
 * MESSAGE_TOO_LARGE, at every retry again. The in-process stream takes any size. So a producer whose messages can
 * grow that big sizes them against the Kafka limit first (`messageSize`, `MAX_MESSAGE_BYTES` in `size.ts`), and a
 * message treated that way is treated alike on both transports.
 */
export interface Producer {
  send(topic: string, messages: OutgoingMessage[], options?: SendOptions): Promise<void>
}

/** A consumer's largest batch when its options do not say. */
export const DEFAULT_MAX_BATCH_SIZE = 1000

export interface ConsumerOptions {
  groupId: string
  topics: string[]
  /** Where a group with no committed offset starts: the oldest retained message (true) or only new ones. */
  fromBeginning?: boolean
  /** Largest batch handed to the handler at once (DEFAULT_MAX_BATCH_SIZE when not given). */
  maxBatchSize?: number
  /**
   * Partitions handled at once (Kafka; the in-process stream has one partition). Messages of one partition are
   * always handled in order, one batch at a time; raise this only when the handler copes with batches of other
   * partitions running alongside (e.g. messages keyed so that one key is only ever in one partition).
   */
  partitionConcurrency?: number
  /**
   * Gather messages over several fetches into one batch: the handler is called once `maxBatchSize` messages are held,
   * or `gatherMs` after the first of them arrived, whichever comes first. The fetch goes on while a batch gathers,
   * but offsets are committed only after the handler resolved for the batch, so at-least-once holds as without it.
   * On Kafka one gathered batch can hold messages of several partitions (each partition's messages in order); its
   * handler must cope with that, as with `partitionConcurrency`. Off (0) by default: each fetch is handed over as it
   * comes.
   */
  gatherMs?: number
  /** Told about a failed batch before it is retried (for logs and the DEGRADED status). */
  onError?: (error: Error, messages: StreamMessage[]) => void
}

/**
 * Called with a batch of messages from one topic partition (several, in order, when the consumer gathers). Offsets are committed only after it resolves,
 * so a crash or a thrown error means the batch is delivered again (at-least-once): handlers must be idempotent.
 */
export type BatchHandler = (messages: StreamMessage[]) => Promise<void>

export interface Consumer {
  run(handler: BatchHandler): Promise<void>
  stop(): Promise<void>
}

/** The producer/consumer interface every ingest job and pipeline uses; two implementations, same semantics. */
export interface Stream {
  readonly kind: 'memory' | 'kafka'
  producer(): Promise<Producer>
  consumer(options: ConsumerOptions): Promise<Consumer>
  close(): Promise<void>
}
