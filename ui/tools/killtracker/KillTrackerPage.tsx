import { useCallback, useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router-dom'
import { TRACKER_WINDOW_DAYS, ZKILL_SITE, zkillCharacterUrl } from '../../../schemas/killmail-constants'
import { endpointUrl, fetchAnswer } from '../../lib/api'
import { getByName } from '../../../schemas/killtracker-endpoints'
import { NotFound } from '../../pages/NotFound'
import { KILL_TRACKER_NAME, toolTitle } from '../registry'
import { KillFeedNote } from '../../components/KillFeedNote'
import { noKillData, readFeed } from '../../lib/kill-feed'
import { deathHeadline, formatKd, isTrackerAnswer, readTrackerAnswer, utcDateTime, utcTime, type TrackerView } from './format'
import { formatIskCompact } from '../../../schemas/format'
import { KillDonut } from './KillDonut'
import { KillList } from './KillList'
import './killtracker.css'
import { NewTabLink } from '../../components/NewTabLink'

type View = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'error'; message: string } | { kind: 'loaded'; data: TrackerView }

/** Links to each tracked character's zKillboard page: by name when the API knows it, else by id. */
function SourceLine({ data }: { data: TrackerView }) {
  const named = new Map(data.charactersDetailed.map((c) => [c.id, c]))
  const links = data.characters.map((id) => named.get(id) ?? { id, name: `Character ${id}`, url: zkillCharacterUrl(ZKILL_SITE, id) })
  return (
    <p className="kt-source muted" data-testid="kt-source">
      Source: zKillboard, {links.length === 1 ? 'character' : 'characters'}{' '}
      {links.map((c, i) => (
        <span key={c.id}>
          {i > 0 && ', '}
          <NewTabLink href={c.url}>{c.name}</NewTabLink>
        </span>
      ))}
    </p>
  )
}

/** One term and its value in the tiles' description list, so a screen reader pairs each label with its figure. */
function Tile({ label, value, tone, testId }: { label: string; value: string; tone?: 'good' | 'bad'; testId: string }) {
  return (
    <div className={`kt-tile${tone ? ` kt-tile-${tone}` : ''}`} data-testid={testId}>
      <dt className="kt-tile-label">{label}</dt>
      <dd className="kt-tile-value">{value}</dd>
    </div>
  )
}

function Loaded({ data }: { data: TrackerView }) {
  const { last7d, lastDeath } = data
  const feed = readFeed(data.feed)
  // Nothing stored at all (e.g. zKillboard unreachable since the start): the zeros would be no data, not no kills.
  const noData = noKillData(feed)
  const isk = (value: number | null) => (noData || value === null ? '—' : `${formatIskCompact(value)} ISK`)
  // The spec: POSITIVE is a green tile with an up arrow, any other status (NEUTRAL too) a red one with a down arrow.
  const net = last7d.status === 'POSITIVE' ? { arrow: '▲ ', tone: 'good' as const } : { arrow: '▼ ', tone: 'bad' as const }
  const noDataYet = 'No kill data yet.'
  return (
    <>
      <KillFeedNote feed={feed} />
      <p className="kt-headline" data-testid="kt-headline">
        {deathHeadline(data.name, lastDeath.daysSince)}
      </p>
      {lastDeath.iso && (
        <p className="kt-rip" data-testid="kt-rip">
          Last RIP: <time dateTime={lastDeath.iso}>{utcDateTime(lastDeath.iso)} UTC</time>
        </p>
      )}
      <dl className="kt-tiles">
        <Tile label="Destroyed (7d)" value={isk(last7d.destroyedISK)} testId="kt-destroyed" />
        <Tile label="Lost (7d)" value={isk(last7d.lostISK)} testId="kt-lost" />
        <Tile
          label="Net (7d)"
          value={noData || last7d.netISK === null ? '—' : `${net.arrow}${isk(last7d.netISK)}`}
          tone={noData || last7d.netISK === null ? undefined : net.tone}
          testId="kt-net"
        />
        <Tile label="K/D (7d)" value={noData ? '—' : formatKd(last7d.kd)} testId="kt-kd" />
      </dl>
      <div className="kt-body">
        <KillDonut kills={last7d.kills} losses={last7d.losses} />
        <KillList
          title={`Kills (${TRACKER_WINDOW_DAYS}d)`}
          entries={data.lists.kills}
          total={last7d.kills}
          empty={noData ? noDataYet : `No kills in the last ${TRACKER_WINDOW_DAYS} days.`}
          testId="kt-kills"
        />
        <KillList
          title={`Losses (${TRACKER_WINDOW_DAYS}d)`}
          entries={data.lists.losses}
          total={last7d.losses}
          empty={noData ? noDataYet : `No losses in the last ${TRACKER_WINDOW_DAYS} days.`}
          testId="kt-losses"
        />
      </div>
      <p className="kt-footer muted" data-testid="kt-footer">
        Cached for ~2 minutes.{data.fetchedAt && ` Updated: ${utcTime(data.fetchedAt)} UTC`}
      </p>
    </>
  )
}

/**
 * The kill tracker at `/{name}`: a tracked player's last death and last 7 days. The route is a catch-all for
 * single-segment paths, so a name that is no tracked player (the API answers 404) shows the site's 404 page.
 */
export default function KillTrackerPage() {
  const { name = '' } = useParams()
  const [view, setView] = useState<View>({ kind: 'loading' })
  const [known, setKnown] = useState<TrackerView | null>(null)
  const inFlight = useRef<AbortController | null>(null)

  const load = useCallback(async () => {
    inFlight.current?.abort()
    const abort = new AbortController()
    inFlight.current = abort
    setView({ kind: 'loading' })
    try {
      const { res, text } = await fetchAnswer(endpointUrl(getByName, { params: { name } }), {
        headers: { Accept: 'application/json' },
        cache: 'no-cache',
        signal: abort.signal,
      })
      if (res.status === 404) return setView({ kind: 'not-found' })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      // Another endpoint's answer (the page at /health or /docs): this name is no tracked player.
      const body: unknown = /json/i.test(res.headers.get('Content-Type') ?? '') ? JSON.parse(text) : null
      if (!isTrackerAnswer(body)) return setView({ kind: 'not-found' })
      const data = readTrackerAnswer(body as Record<string, unknown>, name)
      setKnown(data)
      setView({ kind: 'loaded', data })
    } catch (err) {
      if (abort.signal.aborted) return
      setView({ kind: 'error', message: (err as Error)?.message || 'Failed to load' })
    }
  }, [name])

  useEffect(() => {
    setKnown(null)
    void load()
    return () => inFlight.current?.abort()
  }, [load])

  // The layout titles the tab from the address ('/bob'); once the API answers, use the name as tracked ('Bob').
  useEffect(() => {
    if (known) document.title = toolTitle(KILL_TRACKER_NAME, known.name)
  }, [known])

  if (view.kind === 'not-found') return <NotFound />
  return (
    <div className="panel kill-tracker">
      <div className="kt-head">
        <h1>{known?.name ?? name}</h1>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of the page. */}
        <button type="button" className="button" aria-disabled={view.kind === 'loading'} onClick={() => view.kind !== 'loading' && void load()}>
          Refresh
        </button>
      </div>
      {known && <SourceLine data={known} />}
      {view.kind === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {view.kind === 'error' && (
        <p className="error-box" role="alert" data-testid="kt-error">
          {view.message}
        </p>
      )}
      {view.kind === 'loaded' && <Loaded data={view.data} />}
    </div>
  )
}
