import { useCallback, useEffect, useRef, useState } from 'react'
import type { IngestSchedule, StatusesResponse } from '../../../schemas/statuses'
import { getStatuses } from '../../../schemas/statuses-endpoints'
import { hubFreshness, type HubFreshness } from '../../../schemas/hubs'
import { callApi, ApiError, ApiTimeoutError } from '../../lib/api'
import { TableWrap } from '../../components/TableWrap'
import { secondsAgo } from '../../lib/kill-feed'
import { isObject } from '../../lib/is-object'
import { StaticDataStatus } from './StaticDataStatus'
import { StatusHistory } from './StatusHistory'
import './statuses.css'

type Tone = 'good' | 'warn' | 'bad' | 'neutral'

// The spec's colours: OK green, DEGRADED yellow, STALE red, anything else (STARTING, DOWN, UNKNOWN) grey.
const PIPELINE_TONE: Record<string, Tone> = { OK: 'good', DEGRADED: 'warn', STALE: 'bad' }
const REFRESH_MS = 30_000
/** The server gives up on each of its own checks after 5 s; no answer by this means the server itself is stuck. */
const ANSWER_TIMEOUT_MS = 20_000

const FRESHNESS_TONE: Record<HubFreshness, Tone> = { FRESH: 'good', AGING: 'warn', OLD: 'bad', NONE: 'neutral' }

/**
 * Price age badge by the one freshness rule the server's pipeline card uses too (schemas/hubs.ts): green up to 28
 * minutes, yellow up to 35, red beyond at the default 30-minute cadence, grey when there are no prices.
 */
export function ageTone(seconds: number | null, cadenceMinutes = 30): Tone {
  return FRESHNESS_TONE[hubFreshness(seconds, cadenceMinutes)]
}

const utcTime = (iso: string | null) => (iso ? `${iso.slice(11, 16)} UTC` : 'never')
/** A UTC time with its date when it is not today's (by the server's clock). */
const utcWhen = (iso: string, now: string) => (iso.slice(0, 10) === now.slice(0, 10) ? utcTime(iso) : `${iso.slice(0, 16).replace('T', ' ')} UTC`)

const JOB_NAMES: Record<string, string> = {
  'market-orders': 'Market order books',
  'esi-server-status': 'Tranquility status',
  'esi-industry-inputs': 'Industry prices and cost indices',
  'esi-packaged-volumes': 'Packaged volumes',
  'killmail-feed': 'Killmail live feed',
  'killmail-backfill': 'Killmail history',
  'static-data-check': 'Static data updates',
  'esi-system-activity': 'System kills and jumps',
  'eve-scout-thera': 'Thera and Turnur connections',
}
const OUTCOME_TONE: Record<string, Tone> = { fetched: 'good', unchanged: 'good', done: 'good', failed: 'bad' }

/** How a hub's last check ended, in a sentence: when it was checked and since when ESI's book is unchanged. */
function hubCheckText(p: StatusesResponse['prices'][number], now: string): string {
  if (!p.last_checked_at) return 'not checked yet'
  const when = `checked ${utcWhen(p.last_checked_at, now)}`
  if (p.last_check === 'failed' || p.last_check === 'incomplete') return `${when}: the fetch failed`
  return p.esi_unchanged_since ? `${when}; ESI unchanged since ${utcWhen(p.esi_unchanged_since, now)}` : when
}

function SchedulesTable({ schedules, now }: { schedules: IngestSchedule[]; now: string }) {
  if (!schedules.length) return <p className="muted">No scheduled run has been recorded yet.</p>
  return (
    <TableWrap label="Scheduled jobs table">
      <table className="data-table">
        <thead>
          <tr>
            <th>Job</th>
            <th>Last run</th>
            <th>Outcome</th>
            <th>Next run</th>
          </tr>
        </thead>
        <tbody>
          {schedules.map((j) => (
            <tr key={j.job} data-testid="schedule">
              <td>{JOB_NAMES[j.job] ?? j.job}</td>
              <td>{j.last_run ? `${utcWhen(j.last_run.due_at, now)}${j.last_run.trigger === 'start' ? ' (at start)' : ''}` : 'not yet'}</td>
              <td>
                {j.last_run && <Badge tone={OUTCOME_TONE[j.last_run.outcome] ?? 'neutral'}>{j.last_run.outcome.toUpperCase()}</Badge>}{' '}
                <span className={j.last_run?.outcome === 'failed' ? 'error-text' : 'muted'}>{j.last_run?.detail}</span>
              </td>
              <td>{j.next_due_at ? utcWhen(j.next_due_at, now) : 'only at start'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400)
  const h = Math.floor((seconds % 86_400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return [d && `${d}d`, (d || h) && `${h}h`, `${m}m`, !d && `${s}s`].filter(Boolean).join(' ')
}

/** As the header: a count older than 3 minutes is unknown (the status check runs every minute). Ages use the server's clock. */
const ONLINE_STALE_SECONDS = 180

function onlineText({ now, online }: StatusesResponse): string {
  if (online.players === null) return 'Online count unknown'
  const count = `${online.players.toLocaleString('en-US')} players online`
  if (online.at && (Date.parse(now) - Date.parse(online.at)) / 1000 > ONLINE_STALE_SECONDS) {
    return `Online count unknown: the last reading (${count}) is from ${online.at.slice(0, 16).replace('T', ' ')} UTC`
  }
  return count
}

/** The killmail card's badge: nothing stored while zKillboard does not answer is an outage, not a fresh start. */
function feedBadge(feed: NonNullable<StatusesResponse['killmail_feed']>): string {
  return feed.status === 'STARTING' && feed.zkill_answering === false ? 'DOWN' : feed.status
}

/** Why there is no static data (importing, or the import failed), or that a newer import failed while an older one serves. */
function StaticImportNote({ data: { static_data: sd } }: { data: StatusesResponse }) {
  const last = sd.latest_import
  if (!last || last.status === 'complete') return null
  const since = `${last.started_at.slice(0, 16)} UTC`
  if (last.status === 'running') {
    return (
      <p data-testid="static-import">
        Import running since {since}
        {sd.ready ? '; the data above serves until it completes.' : '; tools that need game data will work once it completes.'}
      </p>
    )
  }
  return (
    <p className="error-text" data-testid="static-import">
      The import started {since} failed: {last.error ?? 'no reason recorded'}.
      {sd.ready ? ' The data above keeps serving.' : ' Tools that need game data cannot work until an import succeeds.'}
    </p>
  )
}

/**
 * The answer when it has every part the page reads. A proxy's or captive portal's page with status 200, or a server
 * of another version (the replicas of a distributed deploy update one by one), would otherwise crash the page.
 */
export function asStatusReport(body: unknown): StatusesResponse {
  const d = body as Record<string, unknown>
  const deps = isObject(body) && isObject(d.deps) ? d.deps : null
  const sd = isObject(body) && isObject(d.static_data) ? d.static_data : null
  const ok =
    isObject(body) &&
    typeof d.uptime_seconds === 'number' &&
    isObject(d.db) &&
    isObject(d.build) &&
    isObject(d.pipeline) &&
    Array.isArray(d.prices) &&
    !!deps &&
    isObject(deps.esi) &&
    isObject(deps.zkill) &&
    isObject(d.online) &&
    !!sd &&
    Array.isArray(sd.datasets) &&
    (d.killmail_feed === null || isObject(d.killmail_feed))
  if (!ok) throw new Error('the answer was not a status report (a proxy or a server of another version answered)')
  // A server of an older version has no schedules to show.
  return { ...(body as StatusesResponse), schedules: Array.isArray(d.schedules) ? (d.schedules as IngestSchedule[]) : [] }
}

const Badge = ({ tone, children }: { tone: Tone; children: React.ReactNode }) => (
  <span className={`badge badge-${tone === 'neutral' ? 'neutral' : tone}`}>{children}</span>
)

export default function StatusPage() {
  const [data, setData] = useState<StatusesResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loadedAt, setLoadedAt] = useState<Date | null>(null)

  // Only the newest request may set the page: a slow answer must not overwrite a later one.
  const latest = useRef(0)
  const load = useCallback(async () => {
    const id = ++latest.current
    try {
      const d = asStatusReport(await callApi(getStatuses, {}, { timeoutMs: ANSWER_TIMEOUT_MS }))
      if (id !== latest.current) return
      setData(d)
      setError(null)
      setLoadedAt(new Date())
    } catch (err) {
      if (id !== latest.current) return
      const reason = err instanceof ApiTimeoutError ? `no answer within ${err.seconds} s` : (err as Error).message
      setError(err instanceof ApiError && err.status >= 500 ? `Server error: ${err.message}` : `Failed to load: ${reason}`)
    }
  }, [])

  // No polling from a hidden tab (each check reads the database and may ping ESI); a fresh check on coming back.
  useEffect(() => {
    void load()
    const t = setInterval(() => {
      if (!document.hidden) void load()
    }, REFRESH_MS)
    const onVisibility = () => {
      if (!document.hidden) void load()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(t)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [load])

  return (
    <div className="panel status-page">
      <h1>Infrastructure Status</h1>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {data?.error && <p className="error-box">Server error: {data.error}</p>}
      {!data && !error && <p>Loading…</p>}
      {data && (
        <>
          <div className="status-grid">
            <section className="status-card">
              <h2>Uptime</h2>
              <p className="big" data-testid="uptime">
                {duration(data.uptime_seconds)}
              </p>
              <p className="muted">
                v{data.version} · build <code>{data.build.env}</code>
                {data.build.demo && ' · demo data'}
              </p>
            </section>
            <section className="status-card">
              <h2>Database</h2>
              {data.db.ok ? (
                <p data-testid="db-status">
                  <Badge tone="good">OK</Badge> {data.db.ms} ms
                </p>
              ) : (
                <p data-testid="db-status">
                  <Badge tone="bad">DB DOWN</Badge> <span className="error-text">{data.db.error}</span>
                </p>
              )}
            </section>
            <section className="status-card">
              <h2>Market pipeline</h2>
              <p data-testid="pipeline-status">
                <Badge tone={PIPELINE_TONE[data.pipeline.status] ?? 'neutral'}>{data.pipeline.status}</Badge> {data.pipeline.detail}
              </p>
              <p className="muted">
                Every {data.cadence_minutes} minutes; next update expected{' '}
                {data.next_expected_update ? new Date(data.next_expected_update).toISOString().slice(11, 16) + ' UTC' : 'unknown'}
              </p>
            </section>
            <section className="status-card">
              <h2>Killmail feed</h2>
              <p data-testid="killmail-feed-status">
                {data.killmail_feed ? (
                  <>
                    <Badge tone={PIPELINE_TONE[feedBadge(data.killmail_feed)] ?? 'neutral'}>{feedBadge(data.killmail_feed)}</Badge> {data.killmail_feed.detail}
                  </>
                ) : (
                  <>
                    <Badge tone="neutral">UNKNOWN</Badge> The database could not say
                  </>
                )}
              </p>
              {data.killmail_feed?.newest_kill_at && (
                <p data-testid="killmail-feed-newest">
                  Newest kill stored: {data.killmail_feed.newest_kill_at.slice(0, 16).replace('T', ' ')} UTC (
                  {secondsAgo(data.killmail_feed.newest_kill_age_seconds ?? 0)})
                </p>
              )}
              <p className="muted" data-testid="killmail-feed-zkill">
                zKillboard {data.deps.zkill.ok ? <Badge tone="good">UP</Badge> : <Badge tone="bad">DOWN</Badge>}
                {data.killmail_feed && ` · STALE after ${data.killmail_feed.stale_after_minutes} minutes without a new kill`}
              </p>
            </section>
            <section className="status-card">
              <h2>Tranquility</h2>
              <p data-testid="online-status">{onlineText(data)}</p>
            </section>
          </div>

          <h2>Price freshness</h2>
          <p className="muted">
            Prices are fresh while they are as new as what ESI offers: a check that finds ESI&rsquo;s book unchanged counts as fresh as a new one.
          </p>
          <TableWrap label="Price freshness table">
            <table className="data-table narrow-table">
              <thead>
                <tr>
                  <th>Hub</th>
                  <th className="align-right">Age</th>
                  <th>
                    <span className="visually-hidden">Freshness</span>
                  </th>
                  <th>Last check</th>
                </tr>
              </thead>
              <tbody>
                {data.prices.map((p) => (
                  <tr key={p.station_id} data-testid="price-age">
                    <td>{p.label}</td>
                    <td className="align-right">{p.age_seconds === null ? 'no prices yet' : duration(p.age_seconds)}</td>
                    <td>
                      <Badge tone={FRESHNESS_TONE[p.freshness] ?? 'neutral'}>{p.freshness}</Badge>
                    </td>
                    <td data-testid="price-check" className={p.last_check === 'failed' ? 'error-text' : 'muted'}>
                      {hubCheckText(p, data.now)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>

          <h2>History</h2>
          <StatusHistory />

          <h2>Scheduled jobs</h2>
          <SchedulesTable schedules={data.schedules} now={data.now} />

          <h2>Outside services</h2>
          <table className="data-table narrow-table">
            <tbody>
              {(
                [
                  ['ESI (the game’s public API)', data.deps.esi],
                  ['zKillboard (killmail feed)', data.deps.zkill],
                ] as const
              ).map(([name, dep]) => (
                <tr key={name} data-testid="dependency">
                  <td>{name}</td>
                  <td>{dep.ok ? <Badge tone="good">UP</Badge> : <Badge tone="bad">DOWN</Badge>}</td>
                  <td className="align-right">{dep.ms !== null ? `${dep.ms} ms` : ''}</td>
                  <td>{!dep.ok && <span className="error-text">{[dep.status && `HTTP ${dep.status}`, dep.error].filter(Boolean).join(' · ')}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h2>Static data</h2>
          <StaticDataStatus />
          {data.static_data.ready ? (
            <p>
              {data.static_data.sde_version}, imported {data.static_data.imported_at} UTC.
            </p>
          ) : (
            <p className="warning-text" data-testid="static-data-missing">
              Static game data is not imported yet.
            </p>
          )}
          <StaticImportNote data={data} />
          <TableWrap label="Community data sets table">
            <table className="data-table">
              <thead>
                <tr>
                  <th>Community data set</th>
                  <th>What</th>
                  <th className="align-right">Records</th>
                  <th>State</th>
                </tr>
              </thead>
              <tbody>
                {data.static_data.datasets.map((d) => (
                  <tr key={d.name} data-testid="dataset">
                    <td>
                      <code>{d.file}</code>
                    </td>
                    <td>{d.what}</td>
                    <td className="align-right">{d.records.toLocaleString('en-US')}</td>
                    <td>
                      {d.present ? (
                        <Badge tone="good">LOADED</Badge>
                      ) : (
                        <>
                          <Badge tone="bad">MISSING</Badge> <span className="error-text">{d.error}</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {loadedAt && <p className="muted">Refreshes every 30 seconds. Last checked {loadedAt.toISOString().slice(11, 19)} UTC.</p>}
        </>
      )}
    </div>
  )
}
