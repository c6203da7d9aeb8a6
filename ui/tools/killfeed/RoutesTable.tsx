import { useRef, useState } from 'react'
import { KILLFEED_TEXT, maskWebhook, splitWebhookList, type Mode } from '../../../schemas/killfeed-constants'
import type { Route, RouteListItem, WebhookHealth } from '../../../schemas/killfeed'
import { useFocusHandOff } from './focus-hand-off'
import { AdminTable, ErrorLine, MODE_LABEL, ModeSelect, TYPE_LABEL } from './parts'
import { formatUtc } from './admin-api'
import { errorText, type AdminCall } from './useAdminCall'

interface Props {
  routes: RouteListItem[]
  call: AdminCall
  onChanged: (route: Route) => void
  onDeleted: (id: string) => void
}

/** The routes, one row each; a row switches between view and edit. */
export function RoutesTable({ routes, call, onChanged, onDeleted }: Props) {
  const [editing, setEditing] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  // Keyed by route id: its Edit button (or, with none left, the empty note) takes the focus when the focused button leaves.
  const { takeFocus, handTo, handPast } = useFocusHandOff()
  const stopEditing = (id: string) => {
    handTo(id)
    setEditing(null)
  }

  const remove = async (route: Route) => {
    if (!window.confirm(KILLFEED_TEXT.confirmDelete)) return
    setError(null)
    try {
      await call('DELETE', `/api/killfeed/routes/${route.id}`)
      handPast(
        routes.map((r) => r.id),
        routes.findIndex((r) => r.id === route.id),
      )
      onDeleted(route.id)
    } catch (err) {
      setError(errorText(err))
    }
  }

  if (!routes.length)
    return (
      <p className="muted" tabIndex={-1} ref={takeFocus('')}>
        No routes yet: add one below to post kills to a Discord channel.
      </p>
    )
  return (
    <>
      <AdminTable label="Routes table" headers={['Entity', 'Mode', 'Webhooks', 'Enabled', 'Created']} className="routes-table">
        {routes.map((r) =>
          editing === r.id ? (
            <EditRow
              key={r.id}
              route={r}
              call={call}
              onCancel={() => stopEditing(r.id)}
              onSaved={(saved) => {
                onChanged(saved)
                stopEditing(r.id)
              }}
            />
          ) : (
            <tr key={r.id} data-testid="route-row">
              <td>
                <strong>{r.display_name}</strong>
                <div className="muted small">
                  {TYPE_LABEL[r.item_type]} #{r.entity_id}
                </div>
              </td>
              <td data-label="Mode">{r.item_type === 'system' ? 'Every kill in the system' : MODE_LABEL[r.mode]}</td>
              <td data-label="Webhooks">
                {splitWebhookList(r.webhook_url).map((url, i) => {
                  const problem = r.webhook_health.find((h) => h.webhook_index === i)
                  return (
                    <div key={url}>
                      <div className="mono small">{maskWebhook(url)}</div>
                      {problem && <WebhookProblem problem={problem} />}
                    </div>
                  )
                })}
              </td>
              <td data-label="Enabled">{r.enabled ? <span className="badge badge-good">On</span> : <span className="badge badge-neutral">Off</span>}</td>
              <td className="small" data-label="Created">
                {formatUtc(r.created_at)}
              </td>
              <td className="row-actions">
                <button type="button" className="button secondary" ref={takeFocus(r.id)} onClick={() => setEditing(r.id)}>
                  Edit
                </button>
                <button type="button" className="button secondary danger" onClick={() => remove(r)}>
                  Delete
                </button>
              </td>
            </tr>
          ),
        )}
      </AdminTable>
      <ErrorLine message={error} />
    </>
  )
}

/** Under a webhook Discord refuses for good: what it said, since when, and what the admin can do. */
function WebhookProblem({ problem }: { problem: WebhookHealth }) {
  return (
    <p className="error-text small webhook-problem" data-testid="webhook-problem">
      Discord: {problem.message || `answered ${problem.http_status}`} (since {formatUtc(problem.since)}). Edit the route with a new webhook URL or delete it.
    </p>
  )
}

/**
 * A saved route (PATCH answers the route alone) with what the list said about its webhooks, for the URLs it still
 * has: an edited URL is a new webhook, about which nothing is known yet.
 */
export function keepWebhookHealth(saved: Route, before: RouteListItem | undefined): RouteListItem {
  const oldUrls = before ? splitWebhookList(before.webhook_url) : []
  const urls = splitWebhookList(saved.webhook_url)
  const webhook_health = (before?.webhook_health ?? []).flatMap((h) => {
    const index = urls.indexOf(oldUrls[h.webhook_index])
    return index < 0 ? [] : [{ ...h, webhook_index: index }]
  })
  return { ...saved, webhook_health }
}

function EditRow({ route, call, onCancel, onSaved }: { route: Route; call: AdminCall; onCancel: () => void; onSaved: (r: Route) => void }) {
  const [displayName, setDisplayName] = useState(route.display_name)
  const [mode, setMode] = useState<Mode>(route.mode)
  const [webhooks, setWebhooks] = useState(route.webhook_url)
  const [enabled, setEnabled] = useState(route.enabled)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // A ref, not the busy state: a second Enter can arrive before React has re-rendered with busy set.
  const sending = useRef(false)

  const save = async () => {
    if (sending.current) return
    if (splitWebhookList(webhooks).length === 0) {
      window.alert(KILLFEED_TEXT.needWebhook)
      return
    }
    // Only what changed goes to the server (never id or created_at).
    const edited: Partial<Route> = {}
    if (displayName !== route.display_name) edited.display_name = displayName
    if (mode !== route.mode) edited.mode = mode
    if (webhooks !== route.webhook_url) edited.webhook_url = webhooks
    if (enabled !== route.enabled) edited.enabled = enabled
    if (!Object.keys(edited).length) return onCancel()
    sending.current = true
    setBusy(true)
    setError(null)
    try {
      onSaved(await call<Route>('PATCH', `/api/killfeed/routes/${route.id}`, edited))
    } catch (err) {
      setError(errorText(err))
      setBusy(false)
    } finally {
      sending.current = false
    }
  }

  return (
    <tr
      className="editing"
      data-testid="route-row-editing"
      onKeyDown={(e) => {
        // As in any form: Enter in a one-line box saves (the webhook box takes Enter as a new line), Escape cancels.
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') {
          e.preventDefault()
          void save()
        } else if (e.key === 'Escape' && !busy) onCancel()
      }}
    >
      <td>
        <label className="field">
          <span className="field-label">Display name</span>
          <input value={displayName} maxLength={100} autoFocus onChange={(e) => setDisplayName(e.target.value)} />
        </label>
        <div className="muted small">
          {TYPE_LABEL[route.item_type]} #{route.entity_id}
        </div>
      </td>
      <td>
        <ModeSelect value={mode} onChange={setMode} itemType={route.item_type} />
      </td>
      <td>
        <label className="field">
          <span className="field-label">Webhook URLs</span>
          <textarea rows={3} value={webhooks} onChange={(e) => setWebhooks(e.target.value)} />
        </label>
      </td>
      <td>
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
        </label>
      </td>
      <td colSpan={2} className="row-actions">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of the page. */}
        <button type="button" className="button" aria-disabled={busy} onClick={save}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
        <ErrorLine message={error} />
      </td>
    </tr>
  )
}
