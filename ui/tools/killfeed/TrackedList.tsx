import { useState } from 'react'
import type { TrackedItem } from '../../../schemas/killfeed'
import { ErrorLine, MODE_LABEL, TYPE_LABEL } from './parts'
import { errorText, type AdminCall } from './useAdminCall'

/** Entities the site's public live killfeed follows (added with 'Global only'). */
export function TrackedList({ tracked, call, onRemoved }: { tracked: TrackedItem[]; call: AdminCall; onRemoved: (t: TrackedItem) => void }) {
  const [error, setError] = useState<string | null>(null)
  const remove = async (t: TrackedItem) => {
    if (!window.confirm(`Stop tracking ${t.display_name}?`)) return
    setError(null)
    try {
      await call('DELETE', `/api/killfeed/tracked/${t.item_type}/${t.entity_id}`)
      onRemoved(t)
    } catch (err) {
      setError(errorText(err))
    }
  }
  return (
    <>
      {tracked.length ? (
        <ul className="plain-list" aria-label="Tracked entities">
          {tracked.map((t) => (
            <li key={`${t.item_type}:${t.entity_id}`} data-testid="tracked-item">
              <span>
                <strong>{t.display_name}</strong> <span className="muted small">{TYPE_LABEL[t.item_type]} #{t.entity_id} · {MODE_LABEL[t.mode]}</span>
              </span>
              <button type="button" className="button secondary danger" onClick={() => remove(t)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing tracked. Add a route with 'Global only' to show an entity's kills on the public live killfeed.</p>
      )}
      <ErrorLine message={error} />
    </>
  )
}
