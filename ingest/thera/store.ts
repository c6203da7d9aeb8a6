import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import type { StoredConnection } from '../../schemas/thera.js'

/** ClickHouse DateTime64(3) from epoch milliseconds, in UTC. */
export const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '')
/** ISO 8601 UTC from a ClickHouse DateTime64 read back as text. */
const isoTime = (ch: string) => new Date(ch.replace(' ', 'T') + 'Z').toISOString()

export interface TheraPoll {
  at: number
  outcome: 'fetched' | 'unchanged' | 'failed'
  status: number
  etag?: string
  lastModified?: string
  error?: string
  connections?: StoredConnection[]
}

export async function recordPoll(ch: ClickHouseClient, poll: TheraPoll): Promise<void> {
  await ch.insert({
    table: 'thera_polls',
    format: 'JSONEachRow',
    values: [
      {
        at: chTime(poll.at),
        outcome: poll.outcome,
        status: poll.status,
        etag: poll.etag ?? '',
        last_modified: poll.lastModified ?? '',
        error: poll.error ?? '',
        connections: poll.connections ? JSON.stringify(poll.connections) : '',
      },
    ],
  })
}

/** What is kept of the feed: the newest list, when EVE-Scout last answered, and since when it has not. */
export interface TheraState {
  connections: StoredConnection[]
  /** When the list kept was fetched (ISO), null before the first list. */
  listAt: string | null
  etag: string
  lastModified: string
  /** When EVE-Scout last answered, with a list or a 304 (ISO). */
  okAt: string | null
  /** The first failure after the last answer (ISO), null while it answers. */
  failingSince: string | null
  lastError: string | null
}

export async function readTheraState(ch: ClickHouseClient): Promise<TheraState> {
  const [list] = await queryRows<{ at: string; connections: string; etag: string; last_modified: string }>(
    ch,
    `SELECT at, connections, etag, last_modified FROM thera_polls WHERE outcome = 'fetched' ORDER BY at DESC LIMIT 1`,
  )
  const [ok] = await queryRows<{ n: string | number; at: string }>(ch, `SELECT count() AS n, max(at) AS at FROM thera_polls WHERE outcome != 'failed'`)
  const okAt = Number(ok?.n ?? 0) > 0 ? ok.at : null
  const [failing] = await queryRows<{ n: string | number; since: string; error: string }>(
    ch,
    `SELECT count() AS n, min(at) AS since, argMax(error, at) AS error FROM thera_polls
     WHERE outcome = 'failed' AND at > {after:DateTime64(3)}`,
    { after: okAt ?? '1970-01-01 00:00:00.000' },
  )
  const failed = Number(failing?.n ?? 0) > 0
  let connections: StoredConnection[] = []
  try {
    connections = list ? (JSON.parse(list.connections) as StoredConnection[]) : []
  } catch {
    connections = []
  }
  return {
    connections,
    listAt: list ? isoTime(list.at) : null,
    etag: list?.etag ?? '',
    lastModified: list?.last_modified ?? '',
    okAt: okAt ? isoTime(okAt) : null,
    failingSince: failed ? isoTime(failing.since) : null,
    lastError: failed ? failing.error : null,
  }
}
