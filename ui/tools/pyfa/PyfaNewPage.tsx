import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ApiError, callApi } from '../../lib/api'
import { deletePyfaSessionsById, postPyfaSessions } from '../../../schemas/pyfa-endpoints'
import { useNow } from '../../lib/use-now'
import type { FittingLimitDetails } from '../../../schemas/fitting'
import { NOT_AVAILABLE_SENTENCE } from './PyfaPage'
import './pyfa.css'

type Attempt =
  | { kind: 'starting' }
  | { kind: 'full'; heading: string; message: string; retryAt: number }
  | { kind: 'unavailable'; message: string }
  | { kind: 'failed'; message: string }

/**
 * /pyfa/new: starts a session (POST, so that link prefetchers and crawlers never start one) and replaces
 * itself with /pyfa/s/{id}. When a limit is reached it says so and tries again by itself when the server
 * said to.
 */
export default function PyfaNewPage() {
  const navigate = useNavigate()
  const [attempt, setAttempt] = useState<Attempt>({ kind: 'starting' })
  const started = useRef(false)
  /** The visitor went elsewhere while a start was on its way. */
  const left = useRef(false)
  useEffect(() => {
    left.current = false
    return () => {
      left.current = true
    }
  }, [])

  const start = useCallback(async () => {
    setAttempt({ kind: 'starting' })
    try {
      const session = await callApi(postPyfaSessions, {})
      if (left.current) {
        // Do not pull the visitor back into it; end it so it does not hold one of their places for a minute.
        void callApi(deletePyfaSessionsById, { params: { id: session.id } }).catch(() => {})
        return
      }
      navigate(`/pyfa/s/${session.id}`, { replace: true })
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        // Two limits answer 429: sessions open (details.limit says which) and sessions started per address in a
        // window (the shared rate limiter). Both put the wait in details.retryAfterSeconds.
        const details = (err.body as { details?: Partial<FittingLimitDetails> } | undefined)?.details
        const seconds = details?.retryAfterSeconds ?? 30
        const heading = details?.limit ? 'No session free right now' : 'Too many sessions started'
        setAttempt({ kind: 'full', heading, message: err.message, retryAt: Date.now() + seconds * 1000 })
      } else if (err instanceof ApiError && err.status === 503 && !(err.body as { details?: { retry?: boolean } } | undefined)?.details?.retry) {
        // The server's reason is for whoever runs it (it may name a setting); the visitor hears what it means for them.
        setAttempt({ kind: 'unavailable', message: NOT_AVAILABLE_SENTENCE })
      } else {
        setAttempt({ kind: 'failed', message: err instanceof Error ? err.message : String(err) })
      }
    }
  }, [navigate])

  useEffect(() => {
    // Once per visit (React's development mode runs effects twice).
    if (started.current) return
    started.current = true
    void start()
  }, [start])

  if (attempt.kind === 'starting') {
    return (
      <div className="panel narrow fitting-status" role="status">
        <h1>Starting your fitting session…</h1>
        <p className="muted">Preparing a private screen and starting Pyfa. This takes a few seconds.</p>
      </div>
    )
  }
  if (attempt.kind === 'full') return <LimitReached heading={attempt.heading} message={attempt.message} retryAt={attempt.retryAt} onRetry={start} />
  return (
    <div className="panel narrow fitting-status">
      <h1>{attempt.kind === 'unavailable' ? 'Not available on this server' : 'The session could not be started'}</h1>
      <p className="error-box" data-testid="fitting-error">
        {attempt.message}
      </p>
      <Actions retry={attempt.kind === 'failed' ? { label: 'Try again', onClick: () => void start() } : undefined} />
    </div>
  )
}

/** A retry button when retrying can help, and the way back. */
function Actions({ retry }: { retry?: { label: string; onClick: () => void } }) {
  return (
    <p className="button-row">
      {retry && (
        <button type="button" className="button" onClick={retry.onClick}>
          {retry.label}
        </button>
      )}
      <Link className="button secondary" to="/pyfa">
        Back to the fitting tool
      </Link>
    </p>
  )
}

function LimitReached({ heading, message, retryAt, onRetry }: { heading: string; message: string; retryAt: number; onRetry: () => void }) {
  const now = useNow(1000)
  const secondsLeft = Math.max(0, Math.ceil((retryAt - now) / 1000))
  useEffect(() => {
    if (secondsLeft === 0) onRetry()
  }, [secondsLeft, onRetry])
  return (
    <div className="panel narrow fitting-status">
      <h1>{heading}</h1>
      <p className="notice" role="status" data-testid="fitting-limit">
        {message}
      </p>
      {/* A timer, not a live region: a screen reader would read the count out every second. */}
      <p role="timer" data-testid="fitting-retry">
        Trying again in {secondsLeft} s (at {new Date(retryAt).toLocaleTimeString()}).
      </p>
      <Actions retry={{ label: 'Try again now', onClick: onRetry }} />
    </div>
  )
}
