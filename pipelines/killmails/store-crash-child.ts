/**
 * Test helper for `store-crash.int.test.ts`: a killmail store over Kafka (the real pipeline, chDB in DATA_DIR) that
 * "crashes" right after its first insert into `killmails`: it tells its parent over IPC, then never goes on (so it
 * never commits), and the parent SIGKILLs it. Run with `node --import tsx`, env DATA_DIR, KAFKA_BROKERS (comma
 * separated) and KAFKA_TOPIC_PREFIX.
 */
import { createClickHouse } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { createLogger } from '../../platform/log.js'
import { KafkaStream } from '../../platform/stream/kafka.js'
import { startKillmailStore } from './pipeline.js'

const env = process.env
const ch = await createClickHouse({ DATA_DIR: env.DATA_DIR!, CLICKHOUSE_USER: 'default', CLICKHOUSE_PASSWORD: '', CLICKHOUSE_DATABASE: 'default' })
await migrate(ch)
const insert = ch.insert.bind(ch)
ch.insert = (async (params: Parameters<typeof insert>[0]) => {
  const result = await insert(params)
  if (params.table === 'killmails') {
    process.send!({ inserted: (params.values as unknown[]).length })
    await new Promise(() => {}) // the crash: the insert is done, the commit never comes
  }
  return result
}) as typeof ch.insert
const stream = new KafkaStream({ brokers: env.KAFKA_BROKERS!.split(','), clientId: 'crash-child', topicPrefix: env.KAFKA_TOPIC_PREFIX })
await startKillmailStore({ ch, stream, log: createLogger('silent') })
process.send!({ started: true })
