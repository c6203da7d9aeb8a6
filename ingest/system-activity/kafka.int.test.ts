import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addSystemActivityRoutes, createSystemActivityState } from '../../platform/fakes/esi/system-activity.js'
import { startMockKafka, type MockKafka } from '../../platform/stream/testing/kafka-mock.js'
import { SystemActivity } from '../../schemas/system-activity.js'
import { systemActivityJob } from './job.js'

const esi = new FakeEsi()
let kafka: MockKafka
let app: TestApp

beforeAll(async () => {
  addSystemActivityRoutes(esi, createSystemActivityState())
  await esi.start()
  kafka = await startMockKafka()
  // distributed mode's transport: the job publishes to a Kafka-protocol broker on loopback, the pipeline consumes there
  app = await startTestApp({ ESI_BASE_URL: esi.url, KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: `t${Date.now()}.`, ROLES: ['api', 'pipelines'] })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await kafka?.stop()
  await esi.close()
})

describe('system activity over Kafka (loopback broker)', () => {
  it("takes the same path: ESI's recorded answers through Kafka into ClickHouse, served by the endpoint", async () => {
    expect(app.ctx.stream.kind).toBe('kafka')
    expect(await systemActivityJob.run(app.ctx, new AbortController().signal)).toMatchObject({ outcome: 'fetched' })
    const jita = async () => SystemActivity.parse(await (await fetch(`${app.url}/api/system-activity/30000142`)).json())
    // kills and jumps are published at different minutes past the hour, so they may sit in different hours
    await expect
      .poll(
        async () => {
          const h = (await jita()).hours
          return [h.find((x) => x.jumps !== null)?.jumps, h.find((x) => x.npc_kills !== null)?.npc_kills]
        },
        { timeout: 60_000, interval: 250 },
      )
      .toSatisfy(([jumps, npc]) => jumps === 2979 && (npc === 100 || npc === 118)) // the recorded answers: 2019 (100 NPC kills) or 2025 (118)
  }, 120_000)
})
