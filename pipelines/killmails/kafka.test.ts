import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../api/testing/in-process-app.js'
import { makeKillmail } from '../../ingest/fakes/zkillboard/killmails.js'
import type { FakeZkill } from '../../ingest/fakes/zkillboard/server.js'
import { startKillmailFakes, type KillmailFakes } from '../../ingest/fakes/zkillboard/with-esi.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { queryRows } from '../clickhouse/client.js'
import { startMockKafka, type MockKafka } from '../stream/testing/kafka-mock.js'
import { publish } from '../stream/typed.js'
import { countStored, killMessage, waitForStored } from './testing.js'

// The whole path over Kafka: the feed job reads the fake zKillboard and publishes to Kafka, the pipeline consumes with
// a consumer group and writes ClickHouse. Same code as the in-process transport; only the stream differs.
let kafka: MockKafka
let fakes: KillmailFakes
let zkill: FakeZkill
let app: TestApp

const kill = (id: number) =>
  makeKillmail({ id, time: new Date(Date.now() - 600_000), systemId: 31_000_321, victim: { characterId: 91_000_001, corporationId: 98_000_010, shipTypeId: 587 }, attackers: [{ characterId: 91_000_002, corporationId: 98_000_011 }] })

beforeAll(async () => {
  kafka = await startMockKafka()
  fakes = await startKillmailFakes()
  zkill = fakes.zkill
  zkill.push(kill(300_001)) // the newest kill when the feed starts: where it begins
  app = await startTestApp({
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC_PREFIX: `km-${Date.now()}.`,
    ZKILL_FEED_ENABLED: true,
    ...fakes.config,
  })
})
afterAll(async () => {
  await app?.close()
  await fakes?.close()
  await kafka?.stop()
})

describe('killmails over Kafka', () => {
  it('runs the feed job through Kafka into ClickHouse', async () => {
    expect(app.ctx.stream.kind).toBe('kafka')
    await waitForStored(app.ctx.ch, [300_001], 60_000)
    zkill.push(kill(300_002))
    zkill.push(kill(300_003), { withoutEsiBody: true })
    await waitForStored(app.ctx.ch, [300_002, 300_003], 60_000)
  })

  it('stores a kill delivered twice once', async () => {
    const m = killMessage({ id: 300_010, time: new Date(Date.now() - 60_000), systemId: 31_000_321, victim: { characterId: 91_000_005, shipTypeId: 670 }, attackers: [{ characterId: 91_000_006 }] })
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '300010', value: m }, { key: '300010', value: m }])
    await waitForStored(app.ctx.ch, [300_010], 60_000)
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '300010', value: { ...m, source: 'backfill' } }, { key: 'next', value: killMessage({ id: 300_011, time: new Date(), systemId: 1, victim: { shipTypeId: 670 }, attackers: [] }) }])
    await waitForStored(app.ctx.ch, [300_011], 60_000)
    expect(await countStored(app.ctx.ch, [300_010])).toBe(1)
    const [row] = await queryRows<{ n: number }>(app.ctx.ch, "SELECT count() AS n FROM killmail_character_activity WHERE killmail_id = 300010 AND role = 'loss'")
    expect(Number(row.n)).toBe(1)
  })
})
