import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Kafka, logLevel } from 'kafkajs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClickHouse, queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { createLogger } from '../../platform/log.js'
import { KafkaStream } from '../../platform/stream/kafka.js'
import { startMockKafka, type MockKafka } from '../../platform/stream/testing/kafka-mock.js'
import { publish } from '../../platform/stream/typed.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { startKillmailStore } from './pipeline.js'
import { countStored, killMessage, waitFor } from './testing.js'

// The store gathers kills over several Kafka fetches and commits only after their insert. Here a store process is
// killed (SIGKILL) after its insert and before its commit; the next start must store every kill, and none twice:
// the aggregates that sum (kills per day, per system) would count a kill stored twice twice.
let kafka: MockKafka
let dataDir: string
let ch: ClickHouseClient | null = null
const prefix = `crash-${Date.now()}.`

const kill = (id: number) =>
  killMessage({
    id,
    time: new Date(Date.UTC(2026, 10, 20, 10, id % 60)),
    systemId: 31_000_001 + (id % 7),
    victim: { characterId: 91_000_000 + id, corporationId: 98_000_010, shipTypeId: 587 },
    attackers: [{ characterId: 92_000_000 + id, corporationId: 98_000_011 }],
  })
const send = (ids: number[]) =>
  publish(
    new KafkaStream({ brokers: kafka.brokers, clientId: 'crash-test-producer', topicPrefix: prefix }),
    KillmailsTopic,
    ids.map((id) => ({ key: String(id), value: kill(id) })),
  )
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

async function committedOffsets(): Promise<string[]> {
  const admin = new Kafka({ clientId: 'crash-test-admin', brokers: kafka.brokers, logLevel: logLevel.NOTHING }).admin()
  await admin.connect()
  try {
    const [topic] = await admin.fetchOffsets({ groupId: `${prefix}killmails-store`, topics: [`${prefix}${KillmailsTopic.name}`] })
    return topic.partitions.map((p) => p.offset)
  } finally {
    await admin.disconnect()
  }
}

beforeAll(async () => {
  kafka = await startMockKafka()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-crash-'))
})
afterAll(async () => {
  await ch?.close()
  await kafka?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('killmail store over Kafka, killed between insert and commit', () => {
  it('stores every kill once after the restart: nothing lost, nothing counted twice', async () => {
    // Published in ten sends, so the kills arrive over several fetches and partitions.
    for (let i = 0; i < 10; i++) await send(range(1_000 + i * 60, 60))

    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('pipelines/killmails/store-crash-child.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, KAFKA_BROKERS: kafka.brokers.join(','), KAFKA_TOPIC_PREFIX: prefix },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    const inserted = await new Promise<number>((resolve, reject) => {
      child.on('message', (m: { inserted?: number }) => m.inserted && resolve(m.inserted))
      child.once('exit', (code) => reject(new Error(`the store process exited (${code}) before it inserted`)))
    })
    child.kill('SIGKILL')
    await exited
    // It gathered more than one fetch into its insert, and committed nothing before it died.
    expect(inserted).toBeGreaterThan(60)
    expect((await committedOffsets()).every((o) => o === '-1')).toBe(true)

    ch = await createClickHouse({ DATA_DIR: dataDir, CLICKHOUSE_USER: 'default', CLICKHOUSE_PASSWORD: '', CLICKHOUSE_DATABASE: 'default' })
    await migrate(ch)
    expect(await countStored(ch)).toBe(inserted)

    // The restart: the same consumer group starts from the last commit, so the inserted kills come again.
    const stream = new KafkaStream({ brokers: kafka.brokers, clientId: 'crash-test-store', topicPrefix: prefix })
    const store = await startKillmailStore({ ch, stream, log: createLogger('silent') })
    const db = ch
    await waitFor(async () => (await countStored(db)) === 600, 60_000, 'the 600 kills to be stored')
    // New kills and a few old ones again (a backfill bringing kills the feed brought).
    await send([...range(2_000, 100), ...range(1_000, 20)])
    await waitFor(async () => (await countStored(db)) === 700, 60_000, 'the 100 new kills to be stored')
    await waitFor(async () => (await committedOffsets()).every((o) => o !== '-1'), 30_000, 'the commits')
    await store.stop()
    await stream.close()

    const [row] = await queryRows<{ days: string; latest: string; losses: string; ids: string }>(
      ch,
      `SELECT (SELECT sum(kills) FROM killmail_days) AS days, (SELECT sum(kills) FROM killboard_system_latest) AS latest,
        (SELECT count() FROM killmail_character_activity WHERE role = 'loss') AS losses, (SELECT uniqExact(killmail_id) FROM killmails) AS ids`,
    )
    expect(Number(row.ids)).toBe(700)
    expect(Number(row.days)).toBe(700)
    expect(Number(row.latest)).toBe(700)
    expect(Number(row.losses)).toBe(700)
  }, 180_000)
})
