import { useCallback, useEffect, useRef, useState } from 'react'
import { GameImage } from '../../components/GameImage'
import { ApiError, callApi } from '../../lib/api'
import { getLiveKills, getLiveKillsPlaces } from '../../../schemas/killfeed-endpoints'
import { filtersFromQuery, filtersToQuery, type RouteFiltersShape } from '../../../schemas/killfeed-constants'
import { filterFromWire, killPasses, liveKillFacts, type CompiledFilter } from '../../../schemas/killfeed-match'
import { useStateInAddress } from '../../lib/use-state-in-address'
import { describeFilters, FilterFields, type FindPlaces, type PlaceNames } from './RouteFiltersEditor'
import { formatIskCompact } from '../../../schemas/format'
import { liveSocket } from '../../lib/socket'
import { useNow } from '../../lib/use-now'
import type { LiveKill } from '../../../schemas/live-kill'
import './killfeed.css'
import { NewTabLink } from '../../components/NewTabLink'

/** Kills the page holds (docs/tools/killfeed.md: up to 100); the first read asks the API for as many. */
const KEEP = 100
const SIDE_TEXT: Record<LiveKill['matched'][number]['side'], string> = { kill: 'kill', loss: 'loss', system: 'in system' }

/** Newest first, one entry per kill. */
function merge(current: LiveKill[], incoming: LiveKill[]): LiveKill[] {
  const byId = new Map(current.map((k) => [k.killmail_id, k]))
  for (const k of incoming) byId.set(k.killmail_id, k)
  return [...byId.values()].sort((a, b) => b.killmail_time.localeCompare(a.killmail_time) || b.killmail_id - a.killmail_id).slice(0, KEEP)
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

function ago(iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (s < 60) return `${s} s ago`
  if (s < 3600) return `${Math.floor(s / 60)} min ago`
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`
  return `${Math.floor(s / 86_400)} d ago`
}

const name = (e: { id: number; name: string | null } | null) => (e ? (e.name ?? `#${e.id}`) : null)
const victimName = (kill: LiveKill) => name(kill.victim.character) ?? name(kill.victim.corporation) ?? 'Unknown'
/** Ship, victim, system and value: what a screen reader hears of a kill. */
const inWords = (kill: LiveKill) =>
  [kill.ship.name ?? 'Unknown', victimName(kill), kill.system.name ?? `System #${kill.system.id}`, `${formatIskCompact(kill.value)} ISK`].join(', ')

function KillRow({ kill, now, fresh }: { kill: LiveKill; now: number; fresh: boolean }) {
  const victim = victimName(kill)
  const group = [name(kill.victim.corporation), name(kill.victim.alliance)].filter(Boolean).join(' / ')
  const where = [kill.system.class_label, kill.system.region].filter(Boolean).join(', ')
  return (
    <li className={`live-kill${fresh ? ' fresh' : ''}`} data-testid="live-kill">
      <GameImage src={kill.ship_image} alt={kill.ship.name ?? 'Unknown ship'} size={64} className="live-kill-ship" />
      <div className="live-kill-main">
        <div>
          <strong>{kill.ship.name ?? 'Unknown'}</strong> · {victim}
        </div>
        {group && <div className="muted small">{group}</div>}
        <div className="small">
          {kill.system.name ?? `System #${kill.system.id}`}
          {where && <span className="muted"> ({where})</span>} ·{' '}
          <time dateTime={kill.killmail_time} title={utc(kill.killmail_time)}>
            {ago(kill.killmail_time, now)}
          </time>
        </div>
        <div className="live-kill-tags">
          {kill.matched.map((m) => (
            <span
              key={`${m.item_type}:${m.entity_id}`}
              className={`badge ${m.side === 'kill' ? 'badge-good' : m.side === 'loss' ? 'badge-bad' : 'badge-minor'}`}
            >
              {m.display_name}: {SIDE_TEXT[m.side]}
            </span>
          ))}
        </div>
      </div>
      <div className="live-kill-side">
        <div className="live-kill-value">{formatIskCompact(kill.value)} ISK</div>
        {/* Named after its kill: a screen reader's list of links would otherwise read "zKill" up to a hundred times. */}
        <NewTabLink href={kill.url} label={`zKill: ${inWords(kill)}, ${utc(kill.killmail_time)}`}>
          zKill
        </NewTabLink>
      </div>
    </li>
  )
}

/** The filters as the address keeps them (the same names as a route's filters); values that do not read are dropped. */
const filtersFromAddress = (params: URLSearchParams) => filtersFromQuery((k) => params.get(k), { dropInvalid: true }) as RouteFiltersShape
const filtersToAddress = (f: RouteFiltersShape) => new URLSearchParams(filtersToQuery(f))
const findPlaces: FindPlaces = (kind, q) => callApi(getLiveKillsPlaces, { query: { kind, q } })

/** How long the filters must stay unchanged (typing a value) before the list is read again. */
const FILTER_PAUSE_MS = 400

/**
 * /killfeed/live: the public live killfeed, kills of the entities the site tracks, pushed over the websocket. The
 * filters a route has narrow it (kept in the address, so a filtered feed can be shared): the API applies them with the
 * route matcher and answers the filter compiled, and the page checks each pushed kill against that same filter.
 */
export default function LiveKillsPage() {
  const [filters, setFilters] = useStateInAddress(filtersFromAddress, filtersToAddress)
  const [names, setNames] = useState<PlaceNames>({})
  const [kills, setKills] = useState<LiveKill[]>([])
  const [tracking, setTracking] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [filterError, setFilterError] = useState<string | null>(null)
  const [fresh, setFresh] = useState<Set<number>>(new Set())
  const [announced, setAnnounced] = useState('')
  const now = useNow(30_000)
  const query = filtersToQuery(filters)
  const queryKey = JSON.stringify(query)
  const filtered = Object.keys(query).length > 0
  // Open at first when the address brings filters; then as the reader leaves it.
  const [filtersOpen, setFiltersOpen] = useState(filtered)
  // The filter the API compiled for the list shown; null while unfiltered. `undefined`: the list is being read.
  const match = useRef<CompiledFilter | null | undefined>(undefined)
  const load = useRef<() => Promise<void>>(async () => {})
  // The filters of the list shown (as their query's JSON); null before the first answer.
  const shownKey = useRef<string | null>(null)
  // Bumped by Clear filters, so the typed minimum value goes too.
  const [resets, setResets] = useState(0)

  const readList = useCallback(async (key: string, active: () => boolean) => {
    const q = JSON.parse(key) as ReturnType<typeof filtersToQuery>
    try {
      const list = await callApi(getLiveKills, { query: { limit: KEEP, ...q } })
      if (!active()) return
      match.current = list.filter ? filterFromWire(list.filter) : null
      setKills((current) => merge(key === shownKey.current ? current : [], list.kills))
      shownKey.current = key
      setNames((n) => ({ ...n, ...list.place_names }))
      setTracking(list.tracking)
      setError(null)
      setFilterError(null)
    } catch (err) {
      if (!active()) return
      // A filter that can never match: the API's sentence, by the filters; the list stays as it was.
      if (err instanceof ApiError && err.status === 400) setFilterError(err.message)
      else setError(err instanceof ApiError ? err.message : 'Network error')
    }
  }, [])

  useEffect(() => {
    let active = true
    const isActive = () => active
    load.current = () => readList(queryKey, isActive)
    // The first read goes at once; a change of the filters waits for a pause in typing.
    const timer = setTimeout(() => void load.current(), shownKey.current === null ? 0 : FILTER_PAUSE_MS)
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [queryKey, readList])

  useEffect(() => {
    const unsubscribe = liveSocket.subscribe((message) => {
      // Every (re)connection starts with 'hello': kills pushed while the socket was down never reach this page, so
      // the list is read again (the merge drops the ones already shown), which also retries a failed first load.
      if (message.type === 'hello') void load.current()
      if (message.type !== 'kill') return
      // The route matcher, with the filter the API compiled; while that is being read, the list read brings the kill.
      const filter = match.current
      if (filter === undefined || (filter !== null && !killPasses(filter, liveKillFacts(message.kill)))) return
      setKills((current) => merge(current, [message.kill]))
      setFresh((f) => new Set(f).add(message.kill.killmail_id))
      setAnnounced(`New kill: ${inWords(message.kill)}`)
    })
    return unsubscribe
  }, [])

  const change = (f: RouteFiltersShape) => {
    match.current = undefined
    setFilters(f)
  }

  return (
    <div className="panel live-killfeed">
      <h1>Live killfeed</h1>
      <p className="muted">
        Kills involving the alliances, corporations, characters and systems this site follows, as zKillboard reports them. New kills appear at the top without
        reloading.
      </p>
      <details className="route-filters live-filters" open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
        <summary>Filters ({filtered ? describeFilters(filters, names) : 'none: every kill'})</summary>
        <p className="muted small">
          The filters a killfeed route has, combined with AND; the address keeps them, so a filtered feed can be bookmarked or shared.
        </p>
        <FilterFields key={resets} value={filters} onChange={change} names={names} onNames={setNames} find={findPlaces} />
        {filtered && (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              change({})
              setResets((n) => n + 1)
            }}
          >
            Clear filters
          </button>
        )}
        {filterError && (
          <p className="error-box" role="alert" data-testid="live-filter-error">
            {filterError}
          </p>
        )}
      </details>
      {error && (
        <p className="error-box" role="alert">
          Could not load the latest kills: {error}. New kills still appear here as they happen.
        </p>
      )}
      {/* New kills are announced here, not by making the list live: its "3 min ago" times change every 30 s, and a
          live list would read every changed row aloud each time. */}
      <p className="visually-hidden" role="status" data-testid="live-announce">
        {announced}
      </p>
      {!kills.length && tracking === null && !error && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {kills.length ? (
        <ul className="live-kills" aria-label="Kills">
          {kills.map((k) => (
            <KillRow key={k.killmail_id} kill={k} now={now} fresh={fresh.has(k.killmail_id)} />
          ))}
        </ul>
      ) : (
        tracking !== null && (
          <p className="empty" data-testid="live-empty">
            {tracking === 0
              ? 'The site follows no one yet: kills appear here once the admin tracks an entity.'
              : filtered
                ? 'No kill matches these filters yet: new ones appear here as they happen.'
                : 'No kills yet: new ones appear here as they happen.'}
          </p>
        )
      )}
    </div>
  )
}
