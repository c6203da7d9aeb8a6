import { useCallback, useEffect, useState } from 'react'
import { getAdminTrackedPlayers, getKillfeedRecent, getKillfeedRoutes, getKillfeedTracked } from '../../../schemas/killfeed-endpoints'
import { Link } from 'react-router-dom'
import type { AuthUser } from '../../../schemas/auth'
import type { RecentPost, RouteListItem, TrackedItem, TrackedPlayer } from '../../../schemas/killfeed'
import { AddRouteForm } from './AddRouteForm'
import { adminCall, NotSignedIn } from './admin-api'
import { ContactMessages } from './ContactMessages'
import { LoginForm } from './LoginForm'
import { PlayersPanel } from './PlayersPanel'
import { RecentPosts } from './RecentPosts'
import { keepWebhookHealth, RoutesTable } from './RoutesTable'
import { TrackedList } from './TrackedList'
import { errorText, useAdminCall } from './useAdminCall'
import './killfeed.css'

/** `expired`: a call got a 401 while signed in; the admin view stays mounted (hidden) so nothing typed is lost. */
type Auth =
  { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'signed-in'; user: AuthUser } | { kind: 'expired'; user: AuthUser } | { kind: 'error'; message: string }

/** /killfeed: sign in, then manage Discord routes, tracked entities, kill tracker pages, and read contact messages. */
export default function KillfeedAdminPage() {
  const [auth, setAuth] = useState<Auth>({ kind: 'loading' })

  const check = useCallback(async () => {
    setAuth({ kind: 'loading' })
    try {
      setAuth({ kind: 'signed-in', user: await adminCall<AuthUser>('GET', '/auth/me') })
    } catch (err) {
      setAuth(err instanceof NotSignedIn ? { kind: 'anonymous' } : { kind: 'error', message: errorText(err) ?? 'Failed' })
    }
  }, [])
  useEffect(() => void check(), [check])
  const onSessionEnded = useCallback(() => setAuth((a) => (a.kind === 'signed-in' ? { kind: 'expired', user: a.user } : a)), [])

  if (auth.kind === 'loading') {
    return (
      <div className="panel narrow">
        <p className="muted" role="status">
          Checking sign-in…
        </p>
      </div>
    )
  }
  if (auth.kind === 'error') {
    return (
      <div className="panel narrow">
        <h1>Killfeed admin</h1>
        <p className="error-box" role="alert">
          Could not check the sign-in: {auth.message}
        </p>
        <button type="button" className="button" onClick={check}>
          Try again
        </button>
      </div>
    )
  }
  if (auth.kind === 'anonymous') return <LoginForm onSignedIn={(user) => setAuth({ kind: 'signed-in', user })} />
  return (
    <>
      {auth.kind === 'expired' && <LoginForm sessionEnded onSignedIn={(user) => setAuth({ kind: 'signed-in', user })} />}
      <div hidden={auth.kind === 'expired'}>
        <AdminView user={auth.user} onSignedOut={onSessionEnded} />
      </div>
    </>
  )
}

function AdminView({ user, onSignedOut }: { user: AuthUser; onSignedOut: () => void }) {
  const call = useAdminCall(onSignedOut)
  const [routes, setRoutes] = useState<RouteListItem[] | null>(null)
  const [tracked, setTracked] = useState<TrackedItem[] | null>(null)
  const [recent, setRecent] = useState<RecentPost[] | null>(null)
  const [players, setPlayers] = useState<TrackedPlayer[] | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  /** What a Refresh found, for screen readers (sighted admins see the table change); a failure is the section's alert. */
  const [refreshed, setRefreshed] = useState('')

  /** Reads one list into its state; the value read, or null when it failed (the error is shown in its section). */
  const load = useCallback(async <T,>(key: string, read: () => Promise<T>, set: (v: T) => void): Promise<T | null> => {
    try {
      const value = await read()
      set(value)
      setErrors(({ [key]: _gone, ...rest }) => rest)
      return value
    } catch (err) {
      const message = errorText(err)
      if (message) setErrors((e) => ({ ...e, [key]: message }))
      return null
    }
  }, [])
  const loadRecent = useCallback(() => load<RecentPost[]>('recent', () => call(getKillfeedRecent, {}), setRecent), [load, call])
  // The routes list carries what Discord last said about each webhook, so it is read again with the posts.
  const loadRoutes = useCallback(() => load<RouteListItem[]>('routes', () => call(getKillfeedRoutes, {}), setRoutes), [load, call])
  const refresh = useCallback(async () => {
    setRefreshed('')
    const [posts] = await Promise.all([loadRecent(), loadRoutes()])
    if (posts) setRefreshed(`Refreshed at ${new Date().toISOString().slice(11, 19)} EVE time: ${posts.length} recent ${posts.length === 1 ? 'post' : 'posts'}.`)
  }, [loadRecent, loadRoutes])
  useEffect(() => {
    void loadRoutes()
    void load<TrackedItem[]>('tracked', () => call(getKillfeedTracked, {}), setTracked)
    void loadRecent()
    void load<TrackedPlayer[]>('players', () => call(getAdminTrackedPlayers, {}), setPlayers)
  }, [load, loadRecent, loadRoutes, call])

  const failure = (key: string) =>
    errors[key] ? (
      <p className="error-box" role="alert">
        {errors[key]}
      </p>
    ) : null
  const loading = <p className="muted">Loading…</p>
  const sameEntity = (a: TrackedItem, b: TrackedItem) => a.item_type === b.item_type && a.entity_id === b.entity_id

  return (
    <div className="killfeed-admin">
      <header className="panel admin-head">
        <div>
          <h1>Killfeed admin</h1>
          <p className="muted">
            Signed in as <strong>{user.username}</strong>. The public live killfeed is at <Link to="/killfeed/live">/killfeed/live</Link>.
          </p>
        </div>
        <form method="post" action="/auth/logout">
          <button type="submit" className="button secondary">
            Log out
          </button>
        </form>
      </header>

      <section className="panel" aria-labelledby="routes-heading">
        <h2 id="routes-heading">Routes</h2>
        <p className="muted small">
          Kills of each route's entity are posted to its Discord webhooks: its kills, its losses, or both; a system route posts every kill in the system.
        </p>
        {failure('routes')}
        {routes ? (
          <RoutesTable
            routes={routes}
            call={call}
            onChanged={(r) => setRoutes((all) => all?.map((x) => (x.id === r.id ? keepWebhookHealth(r, x) : x)) ?? null)}
            onDeleted={(id) => setRoutes((all) => all?.filter((x) => x.id !== id) ?? null)}
          />
        ) : (
          !errors.routes && loading
        )}
        <AddRouteForm
          call={call}
          onRoute={(r) => setRoutes((all) => [...(all ?? []), { ...r, webhook_health: [] }])}
          onTracked={(t) =>
            setTracked((all) => [...(all ?? []).filter((x) => !sameEntity(x, t)), t].sort((a, b) => a.display_name.localeCompare(b.display_name)))
          }
        />
      </section>

      <div className="admin-columns">
        <section className="panel" aria-labelledby="tracked-heading">
          <h2 id="tracked-heading">Tracked</h2>
          {failure('tracked')}
          {tracked ? (
            <TrackedList tracked={tracked} call={call} onRemoved={(t) => setTracked((all) => all?.filter((x) => !sameEntity(x, t)) ?? null)} />
          ) : (
            !errors.tracked && loading
          )}
        </section>
        <section className="panel" aria-labelledby="recent-heading">
          <div className="section-head">
            <h2 id="recent-heading">Recent posts</h2>
            <button type="button" className="button secondary" onClick={refresh}>
              Refresh
            </button>
          </div>
          <p className="muted small" role="status" data-testid="recent-refreshed">
            {refreshed}
          </p>
          {failure('recent')}
          {recent ? <RecentPosts posts={recent} /> : !errors.recent && loading}
        </section>
      </div>

      <section className="panel" aria-labelledby="players-heading">
        <h2 id="players-heading">Kill tracker pages</h2>
        <p className="muted small">Each player gets a public page at /{'{path}'} with the last 7 days of kills and losses of their characters.</p>
        {failure('players')}
        {players ? (
          <PlayersPanel
            players={players}
            call={call}
            onSaved={(p) => setPlayers((all) => [...(all ?? []).filter((x) => x.path !== p.path), p].sort((a, b) => a.path.localeCompare(b.path)))}
            onDeleted={(path) => setPlayers((all) => all?.filter((x) => x.path !== path) ?? null)}
          />
        ) : (
          !errors.players && loading
        )}
      </section>

      <section className="panel" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact messages</h2>
        <ContactMessages call={call} />
      </section>
    </div>
  )
}
