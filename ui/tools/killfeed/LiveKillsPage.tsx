import { useEffect, useState } from 'react'
import { GameImage } from '../../components/GameImage'
import { ApiError, callApi } from '../../lib/api'
import { getLiveKills } from '../../../schemas/killfeed-endpoints'
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

/** /killfeed/live: the public live killfeed, kills of the entities the site tracks, pushed over the websocket. */
export default function LiveKillsPage() {
  const [kills, setKills] = useState<LiveKill[]>([])
  const [tracking, setTracking] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fresh, setFresh] = useState<Set<number>>(new Set())
  const [announced, setAnnounced] = useState('')
  const now = useNow(30_000)

  useEffect(() => {
    let active = true
    const loadList = () =>
      callApi(getLiveKills, { query: { limit: KEEP } })
        .then((list) => {
          if (!active) return
          setKills((current) => merge(current, list.kills))
          setTracking(list.tracking)
          setError(null)
        })
        .catch((err) => active && setError(err instanceof ApiError ? err.message : 'Network error'))
    const unsubscribe = liveSocket.subscribe((message) => {
      // Every (re)connection starts with 'hello': kills pushed while the socket was down never reach this page, so
      // the list is read again (the merge drops the ones already shown), which also retries a failed first load.
      if (message.type === 'hello') void loadList()
      if (message.type !== 'kill') return
      setKills((current) => merge(current, [message.kill]))
      setFresh((f) => new Set(f).add(message.kill.killmail_id))
      setAnnounced(`New kill: ${inWords(message.kill)}`)
    })
    void loadList()
    return () => {
      active = false
      unsubscribe()
    }
  }, [])

  return (
    <div className="panel live-killfeed">
      <h1>Live killfeed</h1>
      <p className="muted">
        Kills involving the alliances, corporations, characters and systems this site follows, as zKillboard reports them. New kills appear at the top without
        reloading.
      </p>
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
              : 'No kills yet: new ones appear here as they happen.'}
          </p>
        )
      )}
    </div>
  )
}
