import { useState } from 'react'
import { formatIskCompact } from '../../../schemas/format'
import { NewTabLink } from '../../components/NewTabLink'
import { useNow } from '../../lib/use-now'
import { relativeTime, utcDateTime, type TrackerRow } from './format'

/** A visible placeholder where no picture loads (or the answer names none). */
function NoPicture({ name }: { name: string | null }) {
  return (
    <span className="kt-ship-fallback" role="img" aria-label={`No picture of ${name ?? 'this ship'}`} title="Picture unavailable">
      ?
    </span>
  )
}

/**
 * A 32 px ship picture from the game image server: the 3D render, then the flat icon (structures and deployables have
 * no render), then a visible placeholder when neither loads or the answer gives no picture.
 */
function ShipIcon({ ship }: { ship: TrackerRow['ship'] }) {
  const [attempt, setAttempt] = useState(0)
  if (!ship.icon) return <NoPicture name={ship.name} />
  const sources = ship.icon.includes('/render?') ? [ship.icon, ship.icon.replace('/render?', '/icon?')] : [ship.icon]
  if (attempt >= sources.length) return <NoPicture name={ship.name} />
  return <img className="kt-ship-icon" src={sources[attempt]} width={32} height={32} alt="" loading="lazy" onError={() => setAttempt((a) => a + 1)} />
}

/** 'J123456 (C5)', 'Jita (High-sec)': the system and its class, or a dash when the answer names neither. */
export function systemText(system: TrackerRow['system']): string {
  if (!system) return '—'
  if (system.name && system.classLabel) return `${system.name} (${system.classLabel})`
  return system.name ?? system.classLabel ?? '—'
}

/** The kill's time in UTC, its age on hover (and to screen readers through the title); a dash when there is none. */
function KillTime({ iso, now }: { iso: string | null; now: number }) {
  const ago = iso ? relativeTime(iso, now) : null
  if (!iso || !ago) return <span className="kt-time">—</span>
  const utc = new Date(Date.parse(iso)).toISOString()
  return (
    <time className="kt-time" dateTime={utc} title={ago}>
      {utcDateTime(utc)} UTC
    </time>
  )
}

/** `total`: how many there were in the window; the API lists only the newest few hundred, so the list says when it is cut. */
export function KillList({ title, entries, total, empty, testId }: { title: string; entries: TrackerRow[]; total: number; empty: string; testId: string }) {
  // The ages on hover are re-read every minute, so a page left open does not say '2 minutes ago' for an hour.
  const now = useNow(60_000)
  return (
    <section className="kt-list-section" data-testid={testId}>
      <h2>{title}</h2>
      {total > entries.length && entries.length > 0 && (
        <p className="muted small" data-testid={`${testId}-cut`}>
          Showing the latest {entries.length} of {total}.
        </p>
      )}
      {entries.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="kt-list">
          {entries.map((e) => {
            const ship = e.ship.name ?? 'Unknown'
            const value = e.value === null ? '—' : `${formatIskCompact(e.value)} ISK`
            const where = systemText(e.system)
            return (
              <li key={e.key} className="kt-row">
                <ShipIcon ship={e.ship} />
                <span className="kt-row-main">
                  <span className="kt-ship-name">{ship}</span>
                  <span className="kt-row-meta muted">
                    <span className="kt-system">{where}</span>
                    {' · '}
                    <KillTime iso={e.time} now={now} />
                  </span>
                </span>
                <span className="kt-value">{value}</span>
                {/* Named after its kill: a screen reader's list of links would otherwise read "zKill" hundreds of times. */}
                {e.url ? (
                  <NewTabLink
                    href={e.url}
                    label={`zKill: ${ship}, ${value}, ${where}, ${e.time && relativeTime(e.time, now) ? `${utcDateTime(new Date(Date.parse(e.time)).toISOString())} UTC` : 'time unknown'}`}
                  >
                    zKill
                  </NewTabLink>
                ) : (
                  <span className="muted">—</span>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
