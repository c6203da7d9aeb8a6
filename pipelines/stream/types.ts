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

export interface Producer {
  send(topic: string, messages: OutgoingMessage[]): Promise<void>
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
  /** Told about a failed batch before it is retried (for logs and the DEGRADED status). */
  onError?: (error: Error, messages: StreamMessage[]) => void
}

/**
 * Called with a batch of messages from one topic partition. Offsets are committed only after it resolves,
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
