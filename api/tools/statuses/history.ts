import { STATUS_COMPONENTS, type StatusesResponse, type StatusHistoryResponse } from '../../../schemas/statuses.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'

type Component = (typeof STATUS_COMPONENTS)[number]
type State = 'up' | 'degraded' | 'stale' | 'down'
export interface ComponentCheck {
  component: Component
  state: State
  detail: string
}

/** Seconds between two recorded checks (each api process records its own; uptime is a share, so replicas agree). */
export const HISTORY_CHECK_SECONDS = 60

const PIPELINE_STATE: Record<string, State> = { OK: 'up', STARTING: 'up', DEGRADED: 'degraded', STALE: 'stale', DOWN: 'down', UNKNOWN: 'down' }

/** One status report as the six components' states, with the error or detail that explains a state other than up. */
export function componentChecks(s: StatusesResponse): ComponentCheck[] {
  const dep = (ok: boolean, d: { status: number | null; error: string | null }) =>
    ok ? '' : [d.status && `HTTP ${d.status}`, d.error].filter(Boolean).join(' · ')
  const feed = s.killmail_feed
  return [
    { component: 'site', state: 'up', detail: '' },
    { component: 'database', state: s.db.ok ? 'up' : 'down', detail: s.db.error ?? '' },
    { component: 'market_pipeline', state: PIPELINE_STATE[s.pipeline.status] ?? 'down', detail: s.pipeline.status === 'OK' ? '' : s.pipeline.detail },
    {
      component: 'killmail_feed',
      state: !feed ? 'down' : feed.status === 'OK' || feed.status === 'STARTING' ? 'up' : feed.status === 'STALE' ? 'stale' : 'down',
      detail: !feed ? 'The database could not say' : feed.status === 'OK' ? '' : feed.detail,
    },
    { component: 'esi', state: s.deps.esi.ok ? 'up' : 'down', detail: dep(s.deps.esi.ok, s.deps.esi) },
    { component: 'zkillboard', state: s.deps.zkill.ok ? 'up' : 'down', detail: dep(s.deps.zkill.ok, s.deps.zkill) },
  ]
}

const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '')

export async function recordChecks(ch: ClickHouseClient, at: number, checks: ComponentCheck[]): Promise<void> {
  await ch.insert({ table: 'status_checks', values: checks.map((c) => ({ at: chTime(at), ...c })), format: 'JSONEachRow' })
}

const WINDOWS = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const

/**
 * Uptime per component over 24 h, 7 d, 30 d and 90 d, and the incidents: each stretch of checks that were not up,
 * from the first such check to the next check that was up (ongoing when there is none yet), with its first error.
 */
export async function statusHistory(ch: ClickHouseClient, now = Date.now()): Promise<StatusHistoryResponse> {
  const since = (days: number) => chTime(now - days * 86_400_000)
  const shares = await queryRows<{ component: Component; w: string; up: string; total: string; minutes: string; first_ms: string }>(
    ch,
    `SELECT component, w, countIf(state = 'up') AS up, count() AS total, uniqExact(toStartOfMinute(at)) AS minutes,
            toUnixTimestamp64Milli(min(at)) AS first_ms
     FROM status_checks
     ARRAY JOIN [1, 7, 30, 90] AS w
     WHERE at > {now:DateTime64(3)} - toIntervalDay(w) AND at <= {now:DateTime64(3)}
     GROUP BY component, w`,
    { now: chTime(now) },
  )
  const latest = await queryRows<{ component: Component; state: State }>(
    ch,
    `SELECT component, argMax(state, at) AS state FROM status_checks WHERE at > {since:DateTime64(3)} GROUP BY component`,
    { since: since(90) },
  )
  // Only the checks where a component's state changed: an incident starts at a change away from up.
  const changes = await queryRows<{ component: Component; at_ms: string; state: State; detail: string }>(
    ch,
    `SELECT component, toUnixTimestamp64Milli(at) AS at_ms, state, detail FROM (
       SELECT component, at, state, detail,
              lagInFrame(state, 1, '') OVER (PARTITION BY component ORDER BY at ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS previous
       FROM status_checks WHERE at > {since:DateTime64(3)} AND at <= {now:DateTime64(3)}
     ) WHERE state != previous ORDER BY component, at`,
    { since: since(90), now: chTime(now) },
  )
  const share = (c: Component, w: number) => {
    const row = shares.find((r) => r.component === c && Number(r.w) === w)
    if (!row || !Number(row.total)) return null
    if (c === 'site') {
      // The site records its own checks: minutes without one are minutes it was down.
      const minutes = Math.max(1, Math.ceil((now - Number(row.first_ms)) / 60_000))
      return Math.min(1, Number(row.minutes) / minutes)
    }
    return Number(row.up) / Number(row.total)
  }
  const incidents: StatusHistoryResponse['incidents'] = []
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]
    if (c.state === 'up') continue
    const next = changes.slice(i + 1).find((n) => n.component === c.component && n.state === 'up')
    const start = Number(c.at_ms)
    const end = next ? Number(next.at_ms) : null
    // A change from one fault to another (stale, then down) is the same incident going on; it is counted once.
    const prev = changes[i - 1]
    if (prev && prev.component === c.component && prev.state !== 'up') continue
    incidents.push({
      component: c.component,
      state: c.state as Exclude<State, 'up'>,
      started_at: new Date(start).toISOString(),
      ended_at: end === null ? null : new Date(end).toISOString(),
      seconds: Math.round(((end ?? now) - start) / 1000),
      error: c.detail,
    })
  }
  incidents.sort((a, b) => b.started_at.localeCompare(a.started_at))
  return {
    now: new Date(now).toISOString(),
    components: STATUS_COMPONENTS.map((component) => ({
      component,
      uptime: {
        '24h': share(component, WINDOWS['24h']),
        '7d': share(component, WINDOWS['7d']),
        '30d': share(component, WINDOWS['30d']),
        '90d': share(component, WINDOWS['90d']),
      },
      state: latest.find((l) => l.component === component)?.state ?? null,
    })),
    incidents: incidents.slice(0, 100),
  }
}
