import { SystemActivityTopic, type SystemActivityMessage } from '../../schemas/system-activity.js'
import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { subscribe } from '../../platform/stream/typed.js'
import type { Pipeline } from '../index.js'

/** ClickHouse DateTime (seconds, UTC) from an ISO time. */
const chSeconds = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ')
const chMillis = (iso: string) => new Date(iso).toISOString().replace('T', ' ').replace('Z', '')

function rows(m: SystemActivityMessage): Array<Record<string, unknown>> {
  const head = { source: m.source, last_modified: chSeconds(m.last_modified) }
  if (m.source === 'kills')
    return m.rows.map((r) => ({
      ...head,
      solar_system_id: r.system_id,
      npc_kills: r.npc_kills,
      ship_kills: r.ship_kills,
      pod_kills: r.pod_kills,
      ship_jumps: 0,
    }))
  return m.rows.map((r) => ({ ...head, solar_system_id: r.system_id, npc_kills: 0, ship_kills: 0, pod_kills: 0, ship_jumps: r.ship_jumps }))
}

/**
 * Writes one part of an ESI activity answer; its last part records the answer in system_activity_answers. Parts come
 * in order (one key per source), and a part delivered again only writes the same maxima again.
 */
export async function writeSystemActivity(ch: ClickHouseClient, messages: SystemActivityMessage[]): Promise<void> {
  const values = messages.flatMap(rows)
  if (values.length) await ch.insert({ table: 'system_activity_esi', values, format: 'JSONEachRow' })
  const answers = messages
    .filter((m) => m.part === m.parts)
    .map((m) => ({ source: m.source, last_modified: chSeconds(m.last_modified), systems: m.total_rows, fetched_at: chMillis(m.fetched_at) }))
  if (answers.length) await ch.insert({ table: 'system_activity_answers', values: answers, format: 'JSONEachRow' })
}

/** ESI's hourly kills and jumps per system, from the topic into ClickHouse. */
export const systemActivityPipeline: Pipeline = {
  name: 'system-activity',
  async start(ctx) {
    const log = ctx.log.child({ component: 'system-activity-pipeline' })
    const consumer = await subscribe(
      ctx.stream,
      SystemActivityTopic,
      { groupId: 'system-activity-writer', fromBeginning: true, maxBatchSize: 20, log },
      async (messages) => {
        await writeSystemActivity(ctx.ch, messages)
        for (const m of messages.filter((x) => x.part === x.parts))
          log.info({ source: m.source, lastModified: m.last_modified, systems: m.total_rows }, 'system activity answer stored')
      },
    )
    return [consumer]
  },
}
