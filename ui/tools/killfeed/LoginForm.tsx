import { useRef, useState, type FormEvent } from 'react'
import type { AuthUser } from '../../../schemas/auth'
import { KILLFEED_TEXT } from '../../../schemas/killfeed-constants'
import { adminCall } from './admin-api'

/**
 * Username and password; a failure raises the 'Login failed' alert and says why under the form. `sessionEnded`: shown
 * over the admin page after a 401, so it says so and takes the focus (the control in use was just hidden).
 */
export function LoginForm({ onSignedIn, sessionEnded = false }: { onSignedIn: (user: AuthUser) => void; sessionEnded?: boolean }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [reason, setReason] = useState<string | null>(null)
  // A ref, not the busy state: a second Enter can arrive before React has re-rendered with busy set.
  const sending = useRef(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (sending.current) return
    sending.current = true
    setBusy(true)
    setReason(null)
    try {
      const user = await adminCall<AuthUser>('POST', '/auth/login', { username, password })
      setPassword('')
      onSignedIn(user)
    } catch (err) {
      setReason(err instanceof Error ? err.message : null)
      window.alert(KILLFEED_TEXT.loginFailed)
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  return (
    <div className="panel narrow killfeed-login">
      <h1>Killfeed admin</h1>
      <p className="muted">Sign in to manage the killfeed: Discord routes, tracked entities and kill tracker pages.</p>
      {/* A fresh install has no account, and nothing on the page could make one: say where they come from. */}
      {sessionEnded && (
        <p className="error-box" role="alert" data-testid="session-ended">
          Your session ended. Sign in again to carry on: what you typed is still there.
        </p>
      )}
      <p className="muted" data-testid="account-hint">
        Accounts are created on the server with <code>npm run admin:create</code> (see docs/operations.md); there is no sign-up.
      </p>
      <form onSubmit={submit} aria-busy={busy}>
        <label className="field">
          <span className="field-label">Username</span>
          <input name="username" autoComplete="username" autoFocus={sessionEnded} value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label className="field">
          <span className="field-label">Password</span>
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <div className="button-row">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of the page. */}
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
        {reason && (
          <p className="error-text" role="alert" data-testid="login-error">
            {reason}
          </p>
        )}
      </form>
    </div>
  )
}
