import os from 'node:os'
import type { z } from 'zod'
import type { TopicDef } from '../../schemas/topics.js'
import type { Logger } from '../log.js'
import type { Consumer, Stream, StreamMessage } from './types.js'

/** Publish values to a typed topic; each value is checked against the topic's schema first, and sent compressed when the topic is. */
export async function publish<T extends z.ZodType>(stream: Stream, topic: TopicDef<T>, values: Array<{ key?: string; value: z.input<T> }>): Promise<void> {
  const producer = await stream.producer()
  await producer.send(
    topic.name,
    values.map((v) => ({ key: v.key, value: topic.schema.parse(v.value) })),
    { compressed: topic.compressed },
  )
}

export interface SubscribeOptions {
  groupId: string
  fromBeginning?: boolean
  maxBatchSize?: number
  partitionConcurrency?: number
  gatherMs?: number
  log: Logger
}

/**
 * Consume a typed topic. Values that do not match the schema are logged and skipped (a poison message
 * must not stall the pipeline); the rest reach the handler in batches, committed after it resolves.
 */
export async function subscribe<T extends z.ZodType>(
  stream: Stream,
  topic: TopicDef<T>,
  options: SubscribeOptions,
  handler: (values: Array<z.output<T>>, messages: StreamMessage[]) => Promise<void>,
): Promise<Consumer> {
  const consumer = await stream.consumer({
    groupId: options.groupId,
    topics: [topic.name],
    fromBeginning: options.fromBeginning,
    maxBatchSize: options.maxBatchSize,
    partitionConcurrency: options.partitionConcurrency,
    gatherMs: options.gatherMs,
    onError: (err, batch) => options.log.warn({ err, topic: topic.name, messages: batch.length }, 'batch failed; it will be delivered again'),
  })
  await consumer.run(async (messages) => {
    const values: Array<z.output<T>> = []
    const kept: StreamMessage[] = []
    for (const m of messages) {
      const parsed = topic.schema.safeParse(m.value)
      if (parsed.success) {
        values.push(parsed.data)
        kept.push(m)
      } else {
        options.log.error({ topic: topic.name, offset: m.offset, issues: parsed.error.issues.slice(0, 3) }, 'skipping malformed message')
      }
    }
    if (values.length) await handler(values, kept)
  })
  return consumer
}

/**
 * Keep a process's in-memory copy current: `refresh` runs now, whenever `topic` announces new data (each process
 * joins with a consumer group of its own, so every api replica hears every announcement), and every minute in
 * case an announcement was missed. A failed refresh is logged and the copy already held keeps serving.
 */
export async function followAnnouncements<T extends z.ZodType>(
  stream: Stream,
  topic: TopicDef<T>,
  options: { groupPrefix: string; what: string; log: Logger; intervalMs?: number },
  refresh: () => Promise<void>,
): Promise<{ stop: () => Promise<void> }> {
  const { log, what } = options
  await refresh().catch((err) => log.error({ err }, `could not load ${what}`))
  const consumer = await subscribe(stream, topic, { groupId: `${options.groupPrefix}-${os.hostname()}-${process.pid}-${Date.now()}`, log }, () => refresh())
  const timer = setInterval(
    () => void refresh().catch((err) => log.error({ err }, `${what} refresh failed; the data held keeps serving`)),
    options.intervalMs ?? 60_000,
  )
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await consumer.stop()
    },
  }
}
