import { IndustryInputsTopic, IndustryInputsUpdatedTopic, type IndustryDataset, type IndustryInputsMessage } from '../../schemas/industry.js'
import type { AppContext } from '../../platform/context.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Pipeline } from '../index.js'
import { publish, subscribe } from '../../platform/stream/typed.js'

const TABLES: Record<IndustryDataset, { table: string; key: string }> = {
  adjusted_prices: { table: 'industry_adjusted_prices', key: 'type_id' },
  cost_indices: { table: 'industry_cost_indices', key: 'solar_system_id, activity' },
}

/** Complete snapshots kept per dataset; older partitions are dropped. */
const KEEP_SNAPSHOTS = 2

function tableRows(m: IndustryInputsMessage): Array<Record<string, unknown>> {
  if (m.dataset === 'adjusted_prices') {
    return m.rows.map((r) => ({
      snapshot_id: m.snapshot_id,
      type_id: r.type_id,
      adjusted_price: r.adjusted_price ?? null,
      average_price: r.average_price ?? null,
    }))
  }
  return m.rows.flatMap((s) =>
    s.cost_indices.map((c) => ({ snapshot_id: m.snapshot_id, solar_system_id: s.solar_system_id, activity: c.activity, cost_index: c.cost_index })),
  )
}

const chTime = (iso: string) => iso.replace('T', ' ').replace(/Z$/, '')

async function record(ch: ClickHouseClient, m: IndustryInputsMessage, status: 'complete' | 'incomplete', detail: string) {
  await ch.insert({
    table: 'industry_snapshots',
    values: [
      {
        dataset: m.dataset,
        snapshot_id: m.snapshot_id,
        status,
        rows: m.total_rows,
        esi_last_modified: m.last_modified ?? '',
        fetched_at: chTime(m.fetched_at),
        detail,
      },
    ],
    format: 'JSONEachRow',
  })
}

/** Drop the partitions of snapshots older than the newest KEEP_SNAPSHOTS complete ones (incomplete ones included). */
async function dropOldSnapshots(ch: ClickHouseClient, dataset: IndustryDataset) {
  const { table } = TABLES[dataset]
  const complete = await queryRows<{ snapshot_id: string }>(
    ch,
    `SELECT snapshot_id FROM industry_snapshots FINAL WHERE dataset = {d:String} AND status = 'complete' ORDER BY snapshot_id DESC LIMIT {n:UInt32}`,
    { d: dataset, n: KEEP_SNAPSHOTS },
  )
  if (complete.length < KEEP_SNAPSHOTS) return
  const oldestKept = Number(complete[complete.length - 1].snapshot_id)
  const stale = await queryRows<{ partition: string }>(
    ch,
    `SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = {t:String} AND active AND toUInt64OrZero(partition) < {k:UInt64}`,
    { t: table, k: oldestKept },
  )
  for (const { partition } of stale) {
    // The partition value is a snapshot id read back from ClickHouse itself; check it is a plain number anyway.
    if (!/^\d+$/.test(partition)) continue
    await ch.command({ query: `ALTER TABLE ${table} DROP PARTITION ${partition}` })
  }
}

/**
 * A snapshot's last part arrived: check every row it announced is stored, then mark it complete and tell the api
 * processes. Delivered again (at-least-once), a complete snapshot is left as it is.
 */
export async function finalizeIndustrySnapshot(ctx: AppContext, m: IndustryInputsMessage): Promise<'complete' | 'incomplete' | 'duplicate'> {
  const { ch } = ctx
  const [done] = await queryRows<{ n: string }>(
    ch,
    `SELECT count() AS n FROM industry_snapshots FINAL WHERE dataset = {d:String} AND snapshot_id = {s:UInt64} AND status = 'complete'`,
    {
      d: m.dataset,
      s: m.snapshot_id,
    },
  )
  if (Number(done.n) > 0) return 'duplicate'
  const { table, key } = TABLES[m.dataset]
  const [stored] = await queryRows<{ n: string }>(ch, `SELECT uniqExact(${key}) AS n FROM ${table} WHERE snapshot_id = {s:UInt64}`, { s: m.snapshot_id })
  if (Number(stored.n) !== m.total_rows) {
    await record(ch, m, 'incomplete', `stored ${stored.n} of ${m.total_rows} rows`)
    return 'incomplete'
  }
  await record(ch, m, 'complete', `${m.total_rows} rows`)
  await dropOldSnapshots(ch, m.dataset)
  await publish(ctx.stream, IndustryInputsUpdatedTopic, [
    { key: m.dataset, value: { dataset: m.dataset, snapshot_id: m.snapshot_id, at: new Date().toISOString() } },
  ])
  return 'complete'
}

/** Writes ESI adjusted prices and cost indices to ClickHouse, one snapshot at a time. */
export const industryInputsPipeline: Pipeline = {
  name: 'industry-inputs',
  async start(ctx) {
    const log = ctx.log.child({ component: 'industry-pipeline' })
    const consumer = await subscribe(
      ctx.stream,
      IndustryInputsTopic,
      { groupId: 'industry-inputs-writer', fromBeginning: true, maxBatchSize: 10, log },
      async (messages) => {
        for (const m of messages) {
          const rows = tableRows(m)
          if (rows.length) await ctx.ch.insert({ table: TABLES[m.dataset].table, values: rows, format: 'JSONEachRow' })
          if (m.part !== m.parts) continue
          const outcome = await finalizeIndustrySnapshot(ctx, m)
          log.info({ dataset: m.dataset, snapshotId: m.snapshot_id, rows: m.total_rows, outcome }, 'industry snapshot finalised')
        }
      },
    )
    return [consumer]
  },
}
