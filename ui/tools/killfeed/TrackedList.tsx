import { useState } from 'react'
import { deleteKillfeedTrackedByItemTypeByEntityId } from '../../../schemas/killfeed-endpoints'
import type { TrackedItem } from '../../../schemas/killfeed'
import { useFocusHandOff } from './focus-hand-off'
import { ErrorLine, MODE_LABEL, TYPE_LABEL } from './parts'
import { errorText, type AdminCall } from './useAdminCall'

/** Entities the site's public live killfeed follows (added with 'Global only'). */
export function TrackedList({ tracked, call, onRemoved }: { tracked: TrackedItem[]; call: AdminCall; onRemoved: (t: TrackedItem) => void }) {
  const [error, setError] = useState<string | null>(null)
  // The Remove button that had the focus leaves with its entity: the next one's (or, with none left, the empty
  // note) takes the focus instead of the top of the page.
  const { takeFocus, handPast } = useFocusHandOff()
  const keyOf = (t: TrackedItem) => `${t.item_type}:${t.entity_id}`
  const remove = async (t: TrackedItem) => {
    if (!window.confirm(`Stop tracking ${t.display_name}?`)) return
    setError(null)
    try {
      await call(deleteKillfeedTrackedByItemTypeByEntityId, { params: { item_type: t.item_type, entity_id: t.entity_id } })
      const keys = tracked.map(keyOf)
      handPast(keys, keys.indexOf(keyOf(t)))
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
            <li key={keyOf(t)} data-testid="tracked-item">
              <span>
                <strong>{t.display_name}</strong>{' '}
                <span className="muted small">
                  {TYPE_LABEL[t.item_type]} #{t.entity_id} · {MODE_LABEL[t.mode]}
                </span>
              </span>
              <button type="button" className="button secondary danger" ref={takeFocus(keyOf(t))} onClick={() => remove(t)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" tabIndex={-1} ref={takeFocus('')}>
          Nothing tracked. Add a route with 'Global only' to show an entity's kills on the public live killfeed.
        </p>
      )}
      <ErrorLine message={error} />
    </>
  )
}
