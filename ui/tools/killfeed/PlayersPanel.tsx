import { useState, type FormEvent } from 'react'
import { deleteAdminTrackedPlayersByPath, postAdminTrackedPlayers, putAdminTrackedPlayersByPath } from '../../../schemas/killfeed-endpoints'
import { Link } from 'react-router-dom'
import { TRACKED_PLAYER_PATH } from '../../../schemas/killfeed-constants'
import type { TrackedPlayer } from '../../../schemas/killfeed'
import { EntitySearch } from './EntitySearch'
import { useFocusHandOff } from './focus-hand-off'
import { AdminTable, ErrorLine } from './parts'
import { errorText, type AdminCall } from './useAdminCall'

/** '123, 456\n789' → [123, 456, 789], or the first entry that is not an id. */
function parseIds(text: string): number[] | string {
  const parts = text.split(/[\s,]+/).filter(Boolean)
  const bad = parts.find((p) => !/^\d{1,19}$/.test(p))
  return bad ?? [...new Set(parts.map(Number))]
}

interface Draft {
  path: string
  display_name: string
  ids: string
}

/** Character ids by hand or by looking a character up by name. */
function PlayerFields({ draft, set, call, pathEditable }: { draft: Draft; set: (d: Draft) => void; call: AdminCall; pathEditable: boolean }) {
  // Editing a row (no path field) starts in its first field, where the Edit button that had the focus was.
  return (
    <>
      {pathEditable && (
        <label className="field">
          <span className="field-label">Path</span>
          <input value={draft.path} maxLength={40} placeholder="e.g. frat-main" onChange={(e) => set({ ...draft, path: e.target.value.toLowerCase() })} />
        </label>
      )}
      <label className="field">
        <span className="field-label">Display name</span>
        <input value={draft.display_name} maxLength={100} autoFocus={!pathEditable} onChange={(e) => set({ ...draft, display_name: e.target.value })} />
      </label>
      <label className="field wide">
        <span className="field-label">Character ids</span>
        <textarea rows={2} value={draft.ids} placeholder="comma, space or newline separated" onChange={(e) => set({ ...draft, ids: e.target.value })} />
      </label>
      <EntitySearch
        type="character"
        call={call}
        label="Add a character by name"
        onPick={(c) => set({ ...draft, ids: [draft.ids.trim(), String(c.id)].filter(Boolean).join(', ') })}
      />
    </>
  )
}

/**
 * Players with a kill tracker page at /{path}. The path is one lowercase URL segment that no page or API route of
 * the site uses (the server refuses the rest with a reason).
 */
export function PlayersPanel({
  players,
  call,
  onSaved,
  onDeleted,
}: {
  players: TrackedPlayer[]
  call: AdminCall
  onSaved: (p: TrackedPlayer) => void
  onDeleted: (path: string) => void
}) {
  const empty: Draft = { path: '', display_name: '', ids: '' }
  const [draft, setDraft] = useState<Draft>(empty)
  const [editing, setEditing] = useState<{ path: string; draft: Draft } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  // The form empties itself after an add: this says so to a screen reader.
  const [added, setAdded] = useState('')
  // Keyed by page path: its Edit button (or, with none left, the empty note) takes the focus when the focused button leaves.
  const { takeFocus, handTo, handPast } = useFocusHandOff()
  const stopEditing = (path: string) => {
    handTo(path)
    setEditing(null)
  }

  const send = async (method: 'POST' | 'PUT', d: Draft) => {
    setError(null)
    const ids = parseIds(d.ids)
    if (typeof ids === 'string') return setError(`'${ids}' is not a character id.`)
    if (method === 'POST' && !TRACKED_PLAYER_PATH.test(d.path))
      return setError('The path must be 2-40 lowercase letters, digits, - or _, starting and ending with a letter or digit.')
    try {
      const body = { display_name: d.display_name, character_ids: ids }
      const saved =
        method === 'POST'
          ? await call(postAdminTrackedPlayers, { body: { path: d.path, ...body } })
          : await call(putAdminTrackedPlayersByPath, { params: { path: d.path }, body })
      onSaved(saved)
      return true
    } catch (err) {
      setError(errorText(err))
    }
  }

  const add = async (e: FormEvent) => {
    e.preventDefault()
    if (adding) return
    setAdded('')
    setAdding(true)
    try {
      if (await send('POST', draft)) {
        setDraft(empty)
        setAdded('Kill tracker added')
      }
    } finally {
      setAdding(false)
    }
  }

  const remove = async (p: TrackedPlayer) => {
    if (!window.confirm(`Remove the kill tracker at /${p.path}?`)) return
    setError(null)
    try {
      await call(deleteAdminTrackedPlayersByPath, { params: { path: p.path } })
      handPast(
        players.map((x) => x.path),
        players.findIndex((x) => x.path === p.path),
      )
      onDeleted(p.path)
    } catch (err) {
      setError(errorText(err))
    }
  }

  return (
    <>
      {players.length ? (
        <AdminTable label="Player pages table" headers={['Page', 'Name', 'Characters']}>
          {players.map((p) =>
            editing?.path === p.path ? (
              <tr key={p.path} className="editing">
                <td>/{p.path}</td>
                <td colSpan={2}>
                  <PlayerFields draft={editing.draft} set={(d) => setEditing({ path: p.path, draft: d })} call={call} pathEditable={false} />
                </td>
                <td className="row-actions">
                  <button type="button" className="button" onClick={async () => (await send('PUT', editing.draft)) && stopEditing(p.path)}>
                    Save
                  </button>
                  <button type="button" className="button secondary" onClick={() => stopEditing(p.path)}>
                    Cancel
                  </button>
                </td>
              </tr>
            ) : (
              <tr key={p.path} data-testid="player-row">
                <td>
                  <Link to={`/${p.path}`}>/{p.path}</Link>
                </td>
                <td data-label="Name">{p.display_name}</td>
                <td className="mono small" data-label="Characters">
                  {p.character_ids.join(', ')}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button secondary"
                    ref={takeFocus(p.path)}
                    onClick={() => setEditing({ path: p.path, draft: { path: p.path, display_name: p.display_name, ids: p.character_ids.join(', ') } })}
                  >
                    Edit
                  </button>
                  <button type="button" className="button secondary danger" onClick={() => remove(p)}>
                    Delete
                  </button>
                </td>
              </tr>
            ),
          )}
        </AdminTable>
      ) : (
        <p className="muted" tabIndex={-1} ref={takeFocus('')}>
          No kill tracker pages yet.
        </p>
      )}
      <form className="add-player" onSubmit={add} aria-label="Add kill tracker">
        <h3>Add kill tracker</h3>
        <PlayerFields draft={draft} set={setDraft} call={call} pathEditable />
        <div className="button-row">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of the page. */}
          <button type="submit" className="button" aria-disabled={adding}>
            {adding ? 'Adding…' : 'Add kill tracker'}
          </button>
        </div>
        <p className="visually-hidden" role="status" data-testid="add-player-status">
          {added}
        </p>
      </form>
      <ErrorLine message={error} />
    </>
  )
}
