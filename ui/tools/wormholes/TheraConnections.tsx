import { ActivitySection } from './ActivitySection'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import type { HubRoute, TheraConnection, TheraFeed, TheraRoute } from '../../../schemas/thera'
import { SHIP_SIZE_LABEL, systemClassLabel } from '../../../schemas/thera-constants'
import { getThera, getTheraRoute } from '../../../schemas/thera-endpoints'
import { ApiError, callApi } from '../../lib/api'
import { useAsync } from '../../lib/use-async'
import { useNow } from '../../lib/use-now'
import { TableWrap } from '../../components/TableWrap'
import { NewTabLink } from '../../components/NewTabLink'
import { Section } from './Section'
import './thera.css'

const loadFeed = () => callApi(getThera, {})

/** "HH:MM UTC" (EVE time) of an ISO time. */
const utc = (iso: string) => `${iso.slice(11, 16)} UTC`
/** A span of minutes in words: "45 min", "3 h 05 min". */
function minutes(m: number): string {
  if (m < 60) return `${Math.max(0, m)} min`
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`
}
const ago = (iso: string, now: number) => minutes(Math.max(0, Math.round((now - Date.parse(iso)) / 60_000)))
const security = (s: number | null) => (s === null ? '' : s.toFixed(2))

/** How fresh the list is, and since when EVE-Scout has not answered (with the last list kept below). */
function FeedStatus({ feed, now }: { feed: TheraFeed; now: number }) {
  if (feed.unreachable_since) {
    return (
      <p className="warning-box" data-testid="thera-down" role="status">
        EVE-Scout has not answered since {utc(feed.unreachable_since)} ({ago(feed.unreachable_since, now)} ago
        {feed.last_error ? `: ${feed.last_error}` : ''}).{' '}
        {feed.list_changed_at
          ? `This is the last list known, fetched at ${utc(feed.list_changed_at)} (${ago(feed.list_changed_at, now)} ago); connections past their end of life are left out.`
          : 'No list has been fetched yet.'}
      </p>
    )
  }
  if (!feed.fetched_ok_at) return <p className="muted">No list from EVE-Scout yet: the first one arrives within 5 minutes of the server starting.</p>
  return (
    <p className="muted small" data-testid="thera-fresh">
      From <NewTabLink href="https://www.eve-scout.com/">EVE-Scout</NewTabLink>, checked {ago(feed.fetched_ok_at, now)} ago (every 5 minutes).
    </p>
  )
}

function ConnectionsTable({ rows, label }: { rows: TheraConnection[]; label: string }) {
  // A k-space exit's last 24 hours of kills and jumps (ESI counts none in wormhole space): is the exit camped, is it busy?
  const [watched, setWatched] = useState<TheraConnection | null>(null)
  return (
    <>
      <TableWrap label={label}>
        <table className="data-table thera-table">
          <thead>
            <tr>
              <th scope="col">Hub</th>
              <th scope="col">System</th>
              <th scope="col">Security</th>
              <th scope="col">Region</th>
              <th scope="col" title="The hole's type, and on which side it is; the other side is a K162">
                Hole
              </th>
              <th scope="col" title="The largest ship the hole lets through, as scouted">
                Size
              </th>
              <th scope="col" className="align-right" title="Until the estimated end of life">
                Left
              </th>
              <th scope="col" className="align-right">
                Scanned
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>{c.hub}</td>
                <td>
                  <strong>{c.system_name}</strong> <span className="muted small">{c.signature}</span>
                  {c.kspace && (
                    <>
                      {' '}
                      <button
                        type="button"
                        className="thera-activity-toggle"
                        aria-pressed={watched?.id === c.id}
                        onClick={() => setWatched(watched?.id === c.id ? null : c)}
                        aria-label={`Activity in ${c.system_name}`}
                      >
                        activity
                      </button>
                    </>
                  )}
                </td>
                <td className={c.kspace ? `thera-sec thera-${c.system_class}` : undefined}>
                  {systemClassLabel(c.system_class)} {c.kspace ? security(c.security) : ''}
                </td>
                <td>{c.region_name}</td>
                <td>
                  {c.wh_type} <span className="muted small">{c.type_side === 'hub' ? `in ${c.hub} (${c.hub_signature})` : `in ${c.system_name}`}</span>
                </td>
                <td>{SHIP_SIZE_LABEL[c.max_ship_size]}</td>
                <td className="align-right">{minutes(c.remaining_minutes)}</td>
                <td className="align-right">{utc(c.scanned_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {watched && <ActivitySection key={watched.system_id} systemId={watched.system_id} systemName={watched.system_name} />}
    </>
  )
}

/** One route in short: gate runs counted, wormholes named ("Amamake · 4 gates · Notoras ⇢ Turnur (N944) · 9 gates · Hek"). */
function PathSummary({ route }: { route: HubRoute }) {
  const parts: string[] = []
  let gates = 0
  route.path.forEach((step, i) => {
    if (step.by === 'gate') {
      gates++
      const next = route.path[i + 1]
      if (next && next.by === 'gate') return
      parts.push(`${gates} gate${gates === 1 ? '' : 's'}`, step.name)
      gates = 0
      return
    }
    if (step.by === 'wormhole') parts.push(`⇢ ${step.name} (${step.connection?.wh_type ?? ''})`)
    else parts.push(step.name)
  })
  return <span className="thera-path">{parts.join(' · ').replace(/ · ⇢/g, ' ⇢')}</span>
}

function RouteAnswer({ route }: { route: TheraRoute }) {
  return (
    <>
      <TableWrap label="Routes to the trade hubs">
        <table className="data-table thera-routes" data-testid="thera-routes">
          <thead>
            <tr>
              <th scope="col">Hub</th>
              <th scope="col" className="align-right">
                Via Thera/Turnur
              </th>
              <th scope="col" className="align-right">
                Gates only
              </th>
              <th scope="col">Way</th>
            </tr>
          </thead>
          <tbody>
            {route.hubs.map((h) => {
              const shorter = h.jumps_via_connection !== null && (h.jumps_by_gates === null || h.jumps_via_connection < h.jumps_by_gates)
              return (
                <tr key={h.hub} className={shorter ? 'thera-shorter' : undefined}>
                  <th scope="row">{h.hub}</th>
                  <td className="align-right">{h.jumps_via_connection === null ? 'no way' : `${h.jumps_via_connection} jumps`}</td>
                  <td className="align-right">{h.jumps_by_gates === null ? 'no gate route' : `${h.jumps_by_gates} jumps`}</td>
                  <td>
                    {shorter ? (
                      <>
                        <PathSummary route={h} />
                        {h.max_ship_size && <span className="muted small"> · {SHIP_SIZE_LABEL[h.max_ship_size]} ships at most</span>}
                      </>
                    ) : (
                      <span className="muted">{h.jumps_by_gates === null ? 'no connection leads there' : 'the gates are as short: no connection helps'}</span>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableWrap>
      <p className="muted small">
        Fewest jumps from {route.from.name} ({route.from.region_name}, {security(route.from.security)}) using the game&apos;s stargates and the connections
        above
        {route.connections_from ? ` (list of ${utc(route.connections_from)})` : ''}. Jumps count gates and wormholes alike; check a hole&apos;s size and life
        before you commit.
      </p>
    </>
  )
}

/** The "shortest way from here" box: a system name in, the fewest jumps to each trade hub through a connection out. */
export function TheraRouteBox() {
  const [from, setFrom] = useState('')
  const [answer, setAnswer] = useState<
    { state: 'idle' } | { state: 'loading' } | { state: 'ok'; route: TheraRoute } | { state: 'error'; message: string; close: string[] }
  >({
    state: 'idle',
  })
  const ask = async (name: string) => {
    setAnswer({ state: 'loading' })
    try {
      setAnswer({ state: 'ok', route: await callApi(getTheraRoute, { query: { from: name } }) })
    } catch (err) {
      const details = err instanceof ApiError ? (err.body as { details?: { close_matches?: unknown } } | undefined)?.details : undefined
      const close = Array.isArray(details?.close_matches) ? details.close_matches.filter((n): n is string => typeof n === 'string') : []
      setAnswer({ state: 'error', message: err instanceof Error ? err.message : String(err), close })
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void ask(from.trim())
  }
  return (
    <div className="thera-route" aria-label="Shortest way from here" role="region">
      <h3>Shortest way from here</h3>
      <form className="thera-route-form" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Your system</span>
          <input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="e.g. Amamake" autoComplete="off" spellCheck={false} maxLength={40} />
        </label>
        <button type="submit" className="button" aria-disabled={answer.state === 'loading'}>
          Find the way
        </button>
      </form>
      {answer.state === 'loading' && <p className="muted">Working out the routes…</p>}
      {answer.state === 'error' && (
        <div className="error-box" role="alert" data-testid="thera-route-error">
          <p>{answer.message}</p>
          {answer.close.length > 0 && (
            <p className="thera-close">
              {answer.close.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="chip"
                  onClick={() => {
                    setFrom(name)
                    void ask(name)
                  }}
                >
                  {name}
                </button>
              ))}
            </p>
          )}
        </div>
      )}
      {answer.state === 'ok' && <RouteAnswer route={answer.route} />}
    </div>
  )
}

/** The section on /wormholes: every current connection of Thera and Turnur, and the route box. */
export function TheraPanel() {
  const load = useAsync(loadFeed, [])
  const now = useNow(30_000)
  return (
    <section className="panel thera-panel" aria-label="Thera and Turnur connections">
      <h2>Thera and Turnur connections</h2>
      {load.state === 'loading' && <p className="muted">Loading the connections…</p>}
      {load.state === 'error' && <p className="error-box">The connections did not load: {load.message}</p>}
      {load.state === 'ok' && (
        <>
          <FeedStatus feed={load.value} now={now} />
          {load.value.connections.length === 0 ? (
            load.value.fetched_ok_at && <p className="muted">EVE-Scout lists no open connection right now.</p>
          ) : (
            <ConnectionsTable rows={load.value.connections} label="Thera and Turnur connections table" />
          )}
        </>
      )}
      <TheraRouteBox />
    </section>
  )
}

/**
 * The system dialog's note: the connections of Thera or Turnur this system is part of (`hubSystemId` for Thera's own
 * page: all of Thera's). Nothing is shown when there is none.
 */
export function TheraLinks({ systemId, hubName }: { systemId?: number; hubName?: 'Thera' | 'Turnur' }) {
  const load = useAsync(loadFeed, [])
  if (load.state !== 'ok') return null
  const rows = load.value.connections.filter((c) => (hubName ? c.hub === hubName : c.system_id === systemId))
  if (rows.length === 0) return null
  return (
    <Section name="Thera and Turnur" heading={hubName ? `${hubName}'s connections now` : 'Connected to Thera or Turnur now'}>
      {load.value.unreachable_since && (
        <p className="warning-text">EVE-Scout has not answered since {utc(load.value.unreachable_since)}: this is the last list known.</p>
      )}
      <ConnectionsTable rows={rows} label="Connections of this system" />
      <p className="muted small">
        From EVE-Scout&apos;s public list. The route box on the <Link to="/wormholes">wormhole database</Link> page finds the shortest way to a trade hub.
      </p>
    </Section>
  )
}
