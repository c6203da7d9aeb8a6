import type { IngestSchedule } from '../../../schemas/statuses.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'

interface RunRow {
  job: string
  schedule: string
  trigger: 'start' | 'schedule'
  due_ms: string | number
  finished_ms: string | number
  outcome: IngestSchedule['last_run'] extends infer R ? (R extends { outcome: infer O } ? O : never) : never
  detail: string
  next_ms: string | number | null
}

const iso = (ms: string | number) => new Date(Number(ms)).toISOString()

/** Each ingest job's latest recorded run (`ingest_runs`, written by the ingest runner) and when its next run is due. */
export async function ingestSchedules(ch: ClickHouseClient): Promise<IngestSchedule[]> {
  const rows = await queryRows<RunRow>(
    ch,
    `SELECT job, schedule, trigger, toUnixTimestamp64Milli(due_at) AS due_ms, toUnixTimestamp64Milli(finished_at) AS finished_ms,
            outcome, detail, toUnixTimestamp64Milli(next_due_at) AS next_ms
     FROM ingest_runs ORDER BY job, due_at DESC, finished_at DESC LIMIT 1 BY job`,
  )
  return rows.map((r) => ({
    job: r.job,
    schedule: r.schedule,
    last_run: { trigger: r.trigger, due_at: iso(r.due_ms), finished_at: iso(r.finished_ms), outcome: r.outcome, detail: r.detail },
    next_due_at: r.next_ms === null ? null : iso(r.next_ms),
  }))
}
