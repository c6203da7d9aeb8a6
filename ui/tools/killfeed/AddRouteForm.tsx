import { useRef, useState, type FormEvent } from 'react'
import { postKillfeedRoutes, postKillfeedRoutesPreview, postKillfeedTracked } from '../../../schemas/killfeed-endpoints'
import { ITEM_TYPES, KILLFEED_TEXT, splitWebhookList } from '../../../schemas/killfeed-constants'
import type { Route, RoutePreview, TrackedItem } from '../../../schemas/killfeed'
import type { RouteFiltersShape, ItemType, Mode } from '../../../schemas/killfeed-constants'
import { formatIskCompact } from '../../../schemas/format'
import { RouteFiltersEditor, useAdminPlaces, type PlaceNames, type PostSettings } from './RouteFiltersEditor'
import { formatUtc } from './admin-api'
import { EntitySearch } from './EntitySearch'
import { ErrorLine, ModeSelect, TYPE_LABEL } from './parts'
import { errorText, type AdminCall } from './useAdminCall'

/**
 * Add a route: an entity found by search, Discord webhook URLs (comma or newline separated), a mode and whether it
 * is enabled. With 'Global only' the entity feeds only the site's live killfeed (a tracked entity) and no webhook
 * is needed.
 */
export function AddRouteForm({ call, onRoute, onTracked }: { call: AdminCall; onRoute: (r: Route) => void; onTracked: (t: TrackedItem) => void }) {
  const [type, setType] = useState<ItemType>('alliance')
  const [entity, setEntity] = useState<{ id: number; name: string } | null>(null)
  const [displayName, setDisplayName] = useState('')
  const [webhooks, setWebhooks] = useState('')
  const [mode, setMode] = useState<Mode>('both')
  const [globalOnly, setGlobalOnly] = useState(false)
  const [enabled, setEnabled] = useState(true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The form empties itself after an add: this says so to a screen reader.
  const [done, setDone] = useState('')
  const searchBox = useRef<HTMLInputElement>(null)
  const sending = useRef(false)
  const [filters, setFilters] = useState<RouteFiltersShape>({})
  const findPlaces = useAdminPlaces(call)
  const [placeNames, setPlaceNames] = useState<PlaceNames>({})
  const [settings, setSettings] = useState<PostSettings>({ embed_style: 'full', mention: '', mention_min_isk: 0 })
  const [preview, setPreview] = useState<RoutePreview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [previewing, setPreviewing] = useState(false)

  const runPreview = async () => {
    setPreviewError(null)
    setPreview(null)
    if (!entity) return setPreviewError('Pick an entity from the search results first.')
    setPreviewing(true)
    try {
      setPreview(await call(postKillfeedRoutesPreview, { body: { item_type: type, entity_id: entity.id, mode: type === 'system' ? 'both' : mode, filters } }))
    } catch (err) {
      setPreviewError(errorText(err))
    } finally {
      setPreviewing(false)
    }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    // A ref, not the busy state: a second Enter can arrive before React has re-rendered with busy set.
    if (sending.current) return
    setError(null)
    setDone('')
    if (!entity) return setError('Pick an entity from the search results first.')
    if (!globalOnly && splitWebhookList(webhooks).length === 0) {
      window.alert(KILLFEED_TEXT.needWebhook)
      return
    }
    sending.current = true
    setBusy(true)
    const display_name = displayName.trim() || entity.name
    // A system route takes every kill in the system: kills and losses mean nothing there.
    const sentMode = type === 'system' ? 'both' : mode
    try {
      if (globalOnly) onTracked(await call(postKillfeedTracked, { body: { item_type: type, entity_id: entity.id, mode: sentMode, display_name } }))
      else
        onRoute(
          await call(postKillfeedRoutes, {
            body: { item_type: type, entity_id: entity.id, display_name, mode: sentMode, webhook_url: webhooks, enabled, filters, ...settings },
          }),
        )
      setEntity(null)
      setDisplayName('')
      setWebhooks('')
      setFilters({})
      setPreview(null)
      setDone(globalOnly ? 'Entity tracked' : 'Route added')
    } catch (err) {
      setError(errorText(err))
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  return (
    <form className="add-route" onSubmit={submit} aria-label="Add route">
      <h3>Add route</h3>
      <div className="add-route-grid">
        <label className="field">
          <span className="field-label">Type</span>
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as ItemType)
              setEntity(null)
            }}
          >
            {ITEM_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </label>
        <EntitySearch
          type={type}
          call={call}
          inputRef={searchBox}
          onPick={(picked) => {
            setEntity(picked)
            setDisplayName(picked.name)
            setError(null)
          }}
        />
      </div>
      <p className="picked" data-testid="picked-entity">
        {entity ? (
          <>
            {TYPE_LABEL[type]}: <strong>{entity.name}</strong> <span className="muted">#{entity.id}</span>{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setEntity(null)
                // This link goes with the entity it clears: the caret goes where the next one is picked.
                searchBox.current?.focus()
              }}
            >
              clear
            </button>
          </>
        ) : (
          <span className="muted">No entity picked yet.</span>
        )}
      </p>
      <label className="field wide">
        <span className="field-label">Display name</span>
        <input value={displayName} maxLength={100} onChange={(e) => setDisplayName(e.target.value)} />
      </label>
      <label className="field wide">
        <span className="field-label">Webhook URLs</span>
        <textarea
          rows={3}
          value={webhooks}
          disabled={globalOnly}
          placeholder="https://discord.com/api/webhooks/…  (comma or newline separated)"
          onChange={(e) => setWebhooks(e.target.value)}
        />
      </label>
      <div className="add-route-grid">
        <ModeSelect value={mode} onChange={setMode} itemType={type} />
        <label className="check">
          <input type="checkbox" checked={globalOnly} onChange={(e) => setGlobalOnly(e.target.checked)} /> Global only
        </label>
        <label className="check">
          <input type="checkbox" checked={enabled} disabled={globalOnly} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
        </label>
      </div>
      {!globalOnly && (
        <RouteFiltersEditor
          value={filters}
          onChange={(f) => {
            setFilters(f)
            setPreview(null)
          }}
          names={placeNames}
          onNames={setPlaceNames}
          settings={settings}
          onSettings={setSettings}
          find={findPlaces}
        />
      )}
      {!globalOnly && (
        <div className="route-preview" aria-live="polite">
          <button type="button" className="button secondary" aria-disabled={previewing} onClick={() => void runPreview()}>
            {previewing ? 'Counting…' : 'Preview'}
          </button>
          {preview && (
            <div data-testid="route-preview">
              <p>
                This route would have posted <strong>{preview.matched}</strong> of the {preview.stored} stored kills of the last {preview.days} days.
              </p>
              {preview.examples.length > 0 && (
                <ul className="preview-examples">
                  {preview.examples.map((k) => (
                    <li key={k.killmail_id}>
                      <a href={k.url} target="_blank" rel="noreferrer">
                        {k.ship.name ?? `Ship #${k.ship.id}`}
                      </a>{' '}
                      ({k.victim?.name ?? 'unknown victim'}) in {k.system.name ?? `#${k.system.id}`}
                      {k.system.class_label ? ` ${k.system.class_label}` : ''}, {formatIskCompact(k.value)} ISK,{' '}
                      <span className="muted">{formatUtc(k.killmail_time)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <ErrorLine message={previewError} />
        </div>
      )}
      {globalOnly && <p className="muted small">Global only: the entity's kills show on the site's public live killfeed; nothing is posted to Discord.</p>}
      <div className="button-row">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of the page. */}
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? 'Adding…' : globalOnly ? 'Track entity' : 'Add route'}
        </button>
      </div>
      <p className="visually-hidden" role="status" data-testid="add-route-status">
        {done}
      </p>
      <ErrorLine message={error} />
    </form>
  )
}
