import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { makeKillmail } from '../../platform/fakes/zkillboard/killmails.js'
import type { FakeZkill } from '../../platform/fakes/zkillboard/server.js'
import { startKillmailFakes, type KillmailFakes } from '../../platform/fakes/zkillboard/with-esi.js'
import { KillmailsTopic, type KillmailMessage } from '../../schemas/killmails.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { startMockKafka, type MockKafka } from '../../platform/stream/testing/kafka-mock.js'
import { recordProduceRequests } from '../../platform/stream/testing/produce-requests.js'
import { publish } from '../../platform/stream/typed.js'
import { battleKill, countStored, killMessage, waitFor, waitForStored } from './testing.js'

// The whole path over Kafka: the feed job reads the fake zKillboard and publishes to Kafka, the pipeline consumes with
// a consumer group and writes ClickHouse. Same code as the in-process transport; only the stream differs.
let kafka: MockKafka
let fakes: KillmailFakes
let zkill: FakeZkill
let app: TestApp

const kill = (id: number) =>
  makeKillmail({
    id,
    time: new Date(Date.now() - 600_000),
    systemId: 31_000_321,
    victim: { characterId: 91_000_001, corporationId: 98_000_010, shipTypeId: 587 },
    attackers: [{ characterId: 91_000_002, corporationId: 98_000_011 }],
  })

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
    const m = killMessage({
      id: 300_010,
      time: new Date(Date.now() - 60_000),
      systemId: 31_000_321,
      victim: { characterId: 91_000_005, shipTypeId: 670 },
      attackers: [{ characterId: 91_000_006 }],
    })
    await publish(app.ctx.stream, KillmailsTopic, [
      { key: '300010', value: m },
      { key: '300010', value: m },
    ])
    await waitForStored(app.ctx.ch, [300_010], 60_000)
    await publish(app.ctx.stream, KillmailsTopic, [
      { key: '300010', value: { ...m, source: 'backfill' } },
      { key: 'next', value: killMessage({ id: 300_011, time: new Date(), systemId: 1, victim: { shipTypeId: 670 }, attackers: [] }) },
    ])
    await waitForStored(app.ctx.ch, [300_011], 60_000)
    expect(await countStored(app.ctx.ch, [300_010])).toBe(1)
    const [row] = await queryRows<{ n: number }>(
      app.ctx.ch,
      "SELECT count() AS n FROM killmail_character_activity WHERE killmail_id = 300010 AND role = 'loss'",
    )
    expect(Number(row.n)).toBe(1)
  })

  it('carries a battle of 20,000 attackers whole from the live feed through Kafka into the store (the old size check skipped it)', async () => {
    const { esi, zkb } = battleKill(300_100, 20_000, new Date(Date.now() - 600_000))
    expect(Buffer.byteLength(JSON.stringify(esi))).toBeGreaterThan(3_000_000)
    // What the topic holds: another consumer group reads it beside the store.
    const onTopic: KillmailMessage[] = []
    const watcher = await app.ctx.stream.consumer({ groupId: 'big-kill-watcher', topics: [KillmailsTopic.name], fromBeginning: true })
    await watcher.run(async (batch) => {
      for (const m of batch) if ((m.value as KillmailMessage | null)?.killmail_id === 300_100) onTopic.push(m.value as KillmailMessage)
    })
    const requests = recordProduceRequests()
    try {
      zkill.push(esi, { zkb })
      await waitForStored(app.ctx.ch, [300_100], 90_000)
      await waitFor(() => onTopic.length > 0, 30_000, 'the kill on the topic')
    } finally {
      requests.stop()
      await watcher.stop()
    }

    // Published whole: every attacker with weapon and security status, and the victim's 18 items.
    expect(onTopic[0].esi).toEqual(esi)
    expect(onTopic[0].zkb.totalValue).toBe(zkb.totalValue)
    // In a produce request a real broker takes (its default message.max.bytes is 1,048,588): it went gzipped.
    expect(Math.max(...requests.sizes)).toBeLessThan(1_048_588)
    expect(Math.max(...requests.sizes)).toBeGreaterThan(100_000)

    // Stored with every attacker, in ESI's order, and counted by the aggregates for each attacking character.
    const [row] = await queryRows<{ characters: number[]; ships: number[]; final_blow: number; value: number }>(
      app.ctx.ch,
      'SELECT attacker_character_ids AS characters, attacker_ship_type_ids AS ships, final_blow_character_id AS final_blow, total_value AS value FROM killmails WHERE killmail_id = 300100',
    )
    expect(row.characters.map(Number)).toEqual(esi.attackers.map((a) => a.character_id))
    expect(row.ships.map(Number)).toEqual(esi.attackers.map((a) => a.ship_type_id))
    expect(Number(row.final_blow)).toBe(esi.attackers[0].character_id)
    expect(row.value).toBe(zkb.totalValue)
    const [kills] = await queryRows<{ n: number }>(
      app.ctx.ch,
      "SELECT count() AS n FROM killmail_character_activity WHERE killmail_id = 300100 AND role = 'kill'",
    )
    expect(Number(kills.n)).toBe(new Set(esi.attackers.map((a) => a.character_id)).size)
  }, 150_000)
})
