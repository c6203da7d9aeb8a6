import type { Config } from '../../schemas/config.js'
import { KafkaStream } from './kafka.js'
import { MemoryStream } from './memory.js'
import type { Stream } from './types.js'

export type * from './types.js'
export { KafkaStream, MemoryStream }

/** Kafka when KAFKA_BROKERS is set, otherwise in-process topics. */
export function createStream(config: Pick<Config, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_TOPIC_PREFIX'>): Stream {
  if (config.KAFKA_BROKERS?.length) {
    return new KafkaStream({ brokers: config.KAFKA_BROKERS, clientId: config.KAFKA_CLIENT_ID, topicPrefix: config.KAFKA_TOPIC_PREFIX })
  }
  return new MemoryStream()
}
