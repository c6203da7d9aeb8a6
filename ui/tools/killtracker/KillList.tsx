import { useState } from 'react'
import type { TrackerEntry } from '../../../schemas/kill-tracker'
import { formatIskCompact } from '../../../schemas/format'
import { NewTabLink } from '../../components/NewTabLink'

/**
 * A 32 px ship picture from the game image server: the 3D render, then the flat icon (structures and deployables have
 * no render), then a visible placeholder when neither loads.
 */
function ShipIcon({ ship }: { ship: TrackerEntry['ship'] }) {
  const sources = [ship.icon, ship.icon.replace('/render?', '/icon?')]
  const [attempt, setAttempt] = useState(0)
  if (attempt >= sources.length) {
    return (
      <span className="kt-ship-fallback" role="img" aria-label={`No picture of ${ship.name ?? 'this ship'}`} title="Picture unavailable">
        ?
      </span>
    )
  }
  return <img className="kt-ship-icon" src={sources[attempt]} width={32} height={32} alt="" loading="lazy" onError={() => setAttempt((a) => a + 1)} />
}

/** `total`: how many there were in the window; the API lists only the newest few hundred, so the list says when it is cut. */
export function KillList({ title, entries, total, empty, testId }: { title: string; entries: TrackerEntry[]; total: number; empty: string; testId: string }) {
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
          {entries.map((e) => (
            <li key={e.id} className="kt-row">
              <ShipIcon ship={e.ship} />
              <span className="kt-ship-name">{e.ship.name ?? 'Unknown'}</span>
              <span className="kt-value">{formatIskCompact(e.value)} ISK</span>
              {/* Named after its kill: a screen reader's list of links would otherwise read "zKill" hundreds of times. */}
              <NewTabLink
                href={e.url}
                label={`zKill: ${e.ship.name ?? 'Unknown'}, ${formatIskCompact(e.value)} ISK, ${e.time.slice(0, 16).replace('T', ' ')} UTC`}
              >
                zKill
              </NewTabLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
