import { queryRows, type ClickHouseClient } from '../clickhouse/client.js'
import type { ImportSummary } from '../../schemas/static-data.js'

/** The static-data import record (`static_imports`) as readers see it; the import itself is ingest/static/import.ts. */

export interface CompletedImport {
  import_id: number
  source_version: string
  finished_at: string
  summary: ImportSummary
}

/** The import readers use: the newest one that completed. */
export async function latestCompleteImport(ch: ClickHouseClient): Promise<CompletedImport | null> {
  const rows = await queryRows<{ import_id: number; source_version: string; finished_at: string; summary: string }>(
    ch,
    // toString without a zone renders in the server's zone; pages label this time UTC
    `SELECT import_id, source_version, toString(finished_at, 'UTC') AS finished_at, summary
     FROM static_imports FINAL WHERE status = 'complete' ORDER BY import_id DESC LIMIT 1`,
  )
  if (!rows.length) return null
  return { ...rows[0], summary: JSON.parse(rows[0].summary) as ImportSummary }
}

/**
 * A running import rewrites its `running` row (its `updated_at`) every `heartbeatMs`. A process killed mid-import
 * (SIGKILL, a crash, the machine going down) cannot say so, so a `running` row whose heartbeat is older than
 * `staleAfterMs` is an interrupted import: readers report it as failed, and the next import marks it so and removes
 * its rows. The margin is wide because parsing a large SDE file can hold the event loop for a while.
 */
export interface ImportTiming {
  heartbeatMs: number
  staleAfterMs: number
}
export const IMPORT_TIMING: ImportTiming = { heartbeatMs: 15_000, staleAfterMs: 5 * 60_000 }

export const interruptedError = (lastHeartbeat: Date) =>
  `interrupted: the importing process stopped without finishing (no progress since ${lastHeartbeat.toISOString().slice(0, 16).replace('T', ' ')} UTC)`

export interface ImportAttempt {
  status: string
  started_at: string
  error: string | null
}

/** The newest import attempt, whatever its outcome; a `running` one whose heartbeat stopped is reported as failed. */
export async function latestImportAttempt(ch: ClickHouseClient, now = Date.now(), timing: ImportTiming = IMPORT_TIMING): Promise<ImportAttempt | null> {
  const [row] = await queryRows<{ status: string; started_at: string; error: string; updated_ms: string | number }>(
    ch,
    `SELECT status, toString(started_at, 'UTC') AS started_at, error, toUnixTimestamp64Milli(updated_at) AS updated_ms
     FROM static_imports FINAL ORDER BY import_id DESC LIMIT 1`,
  )
  if (!row) return null
  const heartbeat = new Date(Number(row.updated_ms))
  if (row.status === 'running' && now - heartbeat.getTime() > timing.staleAfterMs)
    return { status: 'failed', started_at: row.started_at, error: interruptedError(heartbeat) }
  return { status: row.status, started_at: row.started_at, error: row.error || null }
}

/** What the daily static data check last saw (ingest/static/check.ts writes it; the status endpoint reads it). */
export interface SdeCheckState {
  url: string
  etag: string
  last_modified: string
  build: number | null
  release_date: string
  last_check_at: string
  outcome: string
  last_error: string
}

export async function readSdeCheckState(ch: ClickHouseClient): Promise<SdeCheckState | null> {
  const [row] = await queryRows<SdeCheckState>(
    ch,
    `SELECT url, etag, last_modified, build, release_date, formatDateTime(last_check_at, '%Y-%m-%dT%H:%i:%SZ', 'UTC') AS last_check_at, outcome, last_error
     FROM sde_check_state FINAL ORDER BY updated_at DESC LIMIT 1`,
  )
  return row ?? null
}

/** The next time a daily check set to `atUtc` (HH:MM) runs after `now`, or null when the check is off. */
export function nextCheckAt(atUtc: string, now: Date): string | null {
  const m = /^(\d\d):(\d\d)$/.exec(atUtc)
  if (!m) return null
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Number(m[1]), Number(m[2])))
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString()
}
