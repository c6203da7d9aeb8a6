import { Fragment, useEffect, useRef, useState } from 'react'
import { deleteKillfeedRoutesById, getKillfeedRoutesByIdLog, patchKillfeedRoutesById, postKillfeedRoutesByIdTest } from '../../../schemas/killfeed-endpoints'
import type { RouteLog, TestPostResult, Route, RouteListItem, WebhookHealth } from '../../../schemas/killfeed'
import { describeFilters, RouteFiltersEditor, useAdminPlaces, type PlaceNames, type PostSettings } from './RouteFiltersEditor'
import { KILLFEED_TEXT, maskWebhook, splitWebhookList, type Mode, type RouteFiltersShape } from '../../../schemas/killfeed-constants'
import { useFocusHandOff } from './focus-hand-off'
import { AdminTable, ErrorLine, MODE_LABEL, ModeSelect, TYPE_LABEL } from './parts'
import { formatUtc } from './admin-api'
import { formatIskCompact } from '../../../schemas/format'
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
  const [open, setOpen] = useState<string | null>(null)
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
      await call(deleteKillfeedRoutesById, { params: { id: route.id } })
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
      <AdminTable label="Routes table" headers={['Entity', 'Mode', 'Filters', 'Webhooks', 'Enabled', 'Created']} className="routes-table">
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
            <Fragment key={r.id}>
              <tr data-testid="route-row">
                <td>
                  <strong>{r.display_name}</strong>
                  <div className="muted small">
                    {TYPE_LABEL[r.item_type]} #{r.entity_id}
                  </div>
                </td>
                <td data-label="Mode">{r.item_type === 'system' ? 'Every kill in the system' : MODE_LABEL[r.mode]}</td>
                <td data-label="Filters" className="small" data-testid="route-filters">
                  {describeFilters(r.filters)}
                  <div className="muted">
                    {r.embed_style === 'compact' ? 'Compact embeds' : 'Full embeds'}
                    {r.mention
                      ? ` · mentions ${r.mention === 'here' ? '@here' : `role ${r.mention}`}${r.mention_min_isk ? ` from ${formatIskCompact(r.mention_min_isk)} ISK` : ''}`
                      : ''}
                  </div>
                </td>
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
                <td data-label="Enabled">
                  {r.enabled ? <span className="badge badge-good">On</span> : <span className="badge badge-neutral">Off</span>}
                  {r.disabled_reason && (
                    <p className="error-text small" data-testid="disabled-reason">
                      {r.disabled_reason}
                    </p>
                  )}
                </td>
                <td className="small" data-label="Created">
                  {formatUtc(r.created_at)}
                </td>
                <td className="row-actions">
                  <button type="button" className="button secondary" ref={takeFocus(r.id)} onClick={() => setEditing(r.id)}>
                    Edit
                  </button>
                  <button type="button" className="button secondary" aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}>
                    Test and log
                  </button>
                  <button type="button" className="button secondary danger" onClick={() => remove(r)}>
                    Delete
                  </button>
                </td>
              </tr>
              {open === r.id && (
                <tr className="route-tools-row">
                  <td colSpan={7}>
                    <RouteTools route={r} call={call} />
                  </td>
                </tr>
              )}
            </Fragment>
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
  const [filters, setFilters] = useState<RouteFiltersShape>(route.filters)
  const [settings, setSettings] = useState<PostSettings>({ embed_style: route.embed_style, mention: route.mention, mention_min_isk: route.mention_min_isk })
  const [placeNames, setPlaceNames] = useState<PlaceNames>({})
  const findPlaces = useAdminPlaces(call)
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
    if (JSON.stringify(filters) !== JSON.stringify(route.filters)) edited.filters = filters
    if (settings.embed_style !== route.embed_style) edited.embed_style = settings.embed_style
    if (settings.mention !== route.mention) edited.mention = settings.mention
    if (settings.mention_min_isk !== route.mention_min_isk) edited.mention_min_isk = settings.mention_min_isk
    if (!Object.keys(edited).length) return onCancel()
    sending.current = true
    setBusy(true)
    setError(null)
    try {
      onSaved(await call(patchKillfeedRoutesById, { params: { id: route.id }, body: edited }))
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
      <td data-label="Filters">
        <RouteFiltersEditor
          value={filters}
          onChange={setFilters}
          names={placeNames}
          onNames={setPlaceNames}
          settings={settings}
          onSettings={setSettings}
          find={findPlaces}
        />
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
      <td className="row-actions">
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

/** A route's test post button and its delivery log: latest posts, failures with Discord's answer, the current wait. */
function RouteTools({ route, call }: { route: RouteListItem; call: AdminCall }) {
  const [log, setLog] = useState<RouteLog | null>(null)
  const [test, setTest] = useState<TestPostResult | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const loadLog = async () => {
    try {
      setError(null)
      setLog(await call(getKillfeedRoutesByIdLog, { params: { id: route.id } }))
      setError(null)
    } catch (err) {
      setError(errorText(err))
    }
  }
  const sendTest = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      setTest(await call(postKillfeedRoutesByIdTest, { params: { id: route.id } }))
      await loadLog()
    } catch (err) {
      setError(errorText(err))
    } finally {
      setBusy(false)
    }
  }
  useEffect(() => {
    let live = true
    call(getKillfeedRoutesByIdLog, { params: { id: route.id } })
      .then((l) => live && setLog(l))
      .catch((err: unknown) => live && setError(errorText(err)))
    return () => {
      live = false
    }
  }, [call, route.id])
  return (
    <div className="route-tools" data-testid="route-tools">
      <div className="button-row">
        <button type="button" className="button secondary" aria-disabled={busy} onClick={() => void sendTest()}>
          {busy ? 'Posting…' : 'Send a test post'}
        </button>
        <button type="button" className="button secondary" onClick={() => void loadLog()}>
          Reload log
        </button>
      </div>
      {test && (
        <ul className="small" role="status" data-testid="test-post-result">
          {test.webhooks.map((w) => (
            <li key={w.webhook} className={w.ok ? '' : 'error-text'}>
              <span className="mono">{w.webhook}</span>: {w.message}
            </li>
          ))}
        </ul>
      )}
      {log && (
        <div data-testid="route-log">
          <p className="small">
            {log.rate_limit_wait_seconds > 0
              ? `Discord asked this route's webhooks to wait ${log.rate_limit_wait_seconds.toFixed(1)} s before posting again.`
              : 'No rate-limit wait now.'}
          </p>
          {log.posts.length === 0 ? (
            <p className="muted small">Nothing posted yet.</p>
          ) : (
            <ul className="route-log small">
              {log.posts.map((p) => (
                <li key={`${p.killmail_id}|${p.webhook}`}>
                  <span className={p.status === 'failed' ? 'badge badge-bad' : p.status === 'posted' ? 'badge badge-good' : 'badge badge-neutral'}>
                    {p.status}
                  </span>{' '}
                  {p.killmail_id === 0 ? 'Test post' : `Kill ${p.killmail_id}`} · {formatUtc(p.posted_at ?? p.queued_at)} ·{' '}
                  <span className="mono">{p.webhook}</span>
                  {p.error && <div className="error-text">{p.error}</div>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ErrorLine message={error} />
    </div>
  )
}
