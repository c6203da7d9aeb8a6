import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { useToast } from '../../components/Toast'
import { ApiError, apiDelete, apiGet } from '../../lib/api'
import { FITTING_END_MESSAGES, FittingCloseCode, type FittingEndReason } from '../../../schemas/fitting-constants'
import type { FittingSession } from '../../../schemas/fitting'
import { RemoteScreen, type RemoteScreenHandle, type ScreenState } from './RemoteScreen'
import './pyfa.css'

type View =
  | { kind: 'loading' }
  /** `resume`: the number of the automatic reconnect this screen is, while the page reconnects by itself. */
  | { kind: 'live'; session: FittingSession; attempt: number; resume?: number }
  /** The connection dropped: the page tries again by itself after a wait; `attempt` is the next try's number. */
  | { kind: 'reconnecting'; attempt: number }
  | { kind: 'ended'; message: string; canReconnect: boolean; heading?: string }

/**
 * Waits before each automatic reconnect after the connection drops (a phone changing networks, a Wi-Fi blip).
 * Together they outlast the server's one-minute disconnect grace period, after which it answers 410 and the
 * page stops; a successful connection starts the count again.
 */
const RECONNECT_DELAYS_MS = [1000, 3000, 5000, 10_000, 15_000, 15_000, 15_000]

const reasonByCode = new Map<number, FittingEndReason>(Object.entries(FittingCloseCode).map(([reason, code]) => [code, reason as FittingEndReason]))

/** /pyfa/s/{id}: one running session, its screen, clipboard help and the End session button. */
export default function PyfaSessionPage() {
  const { id = '' } = useParams()
  const [view, setView] = useState<View>({ kind: 'loading' })
  const [screenState, setScreenState] = useState<ScreenState>('connecting')
  const [remoteClip, setRemoteClip] = useState<string | null>(null)
  const [pasteOpen, setPasteOpen] = useState(false)
  const [ending, setEnding] = useState(false)
  const screen = useRef<RemoteScreenHandle>(null)
  /** Give the keyboard back to the screen once the paste dialog is gone (it hands focus back to its opener). */
  const focusScreenAfterPaste = useRef(false)
  const toast = useToast(3000)
  /** This page's random id, sent with its screen's websocket so the server can tell it from another tab. */
  const [viewerId] = useState(randomViewerId)
  /** Automatic reconnects since the screen was last connected, and the one waiting to happen. */
  const retries = useRef<{ count: number; timer?: ReturnType<typeof setTimeout> }>({ count: 0 })
  const loadRef = useRef<(resume?: number) => Promise<void>>(async () => {})
  // A touch screen has no keys for noVNC to read: such devices get a button that opens their on-screen keyboard.
  const [touch] = useState(() => window.matchMedia?.('(any-pointer: coarse)').matches ?? false)

  useEffect(() => {
    if (pasteOpen || !focusScreenAfterPaste.current) return
    focusScreenAfterPaste.current = false
    screen.current?.focus()
  }, [pasteOpen])

  /** Schedule the next automatic reconnect; false when the page has tried long enough. */
  const retryLater = useCallback((): boolean => {
    const retry = retries.current
    const wait = RECONNECT_DELAYS_MS[retry.count]
    if (wait === undefined) return false
    retry.count++
    setView({ kind: 'reconnecting', attempt: retry.count })
    clearTimeout(retry.timer)
    retry.timer = setTimeout(() => void loadRef.current(retry.count), wait)
    return true
  }, [])

  /** Look the session up and show its screen; `resume` when this is an automatic reconnect (its number). */
  const load = useCallback(
    async (resume?: number) => {
      clearTimeout(retries.current.timer)
      try {
        const session = await apiGet<FittingSession>(`/api/pyfa/sessions/${encodeURIComponent(id)}`)
        setView((v) => ({ kind: 'live', session, resume, attempt: v.kind === 'live' ? v.attempt + 1 : 0 }))
      } catch (err) {
        // Offline or a server error: an automatic reconnect tries again; a 404 or 410 means the session is gone.
        const retryable = !(err instanceof ApiError) || err.status >= 500
        if (resume && retryable && retryLater()) return
        const message = err instanceof ApiError && (err.status === 404 || err.status === 410 || err.status === 400) ? err.message : `The session could not be loaded: ${(err as Error).message}`
        setView({ kind: 'ended', message, canReconnect: retryable })
      }
    },
    [id, retryLater],
  )
  loadRef.current = load

  useEffect(() => {
    void load()
    const retry = retries.current
    return () => clearTimeout(retry.timer)
  }, [load])

  /** The Reconnect button: now, and taking the session over from any other tab. */
  const reconnectNow = () => {
    retries.current.count = 0
    void load()
  }

  const onState = useCallback((state: ScreenState, close?: { code: number; reason: string }) => {
    setScreenState(state)
    if (state === 'connected') retries.current.count = 0
    if (state !== 'disconnected' || !close) return
    const reason = reasonByCode.get(close.code)
    if (reason === 'replaced') {
      // Only this tab lost the screen: the session and everything in it go on in the other tab.
      setView({
        kind: 'ended',
        heading: 'Opened in another tab',
        message: 'This session was opened in another tab or window, which shows it now. It is still running there, with your fits; Reconnect brings it back here.',
        canReconnect: true,
      })
    } else if (reason) {
      setView({ kind: 'ended', message: `This session ended: ${FITTING_END_MESSAGES[reason]} Nothing from it was kept.`, canReconnect: false })
    } else if (!retryLater()) {
      setView({
        kind: 'ended',
        message: 'The connection to the session was lost and trying again did not bring it back. The session waits about a minute for its page, so it may have ended; Reconnect checks.',
        canReconnect: true,
      })
    }
  }, [retryLater])

  const endSession = async () => {
    setEnding(true)
    try {
      await apiDelete(`/api/pyfa/sessions/${encodeURIComponent(id)}`)
    } catch (err) {
      if (!(err instanceof ApiError && (err.status === 404 || err.status === 410))) {
        toast.show(`Could not end the session: ${(err as Error).message}`)
        setEnding(false)
        return
      }
    }
    setEnding(false)
    setView({ kind: 'ended', message: `This session ended: ${FITTING_END_MESSAGES.ended} Nothing from it was kept.`, canReconnect: false })
  }

  if (view.kind === 'loading') {
    return (
      <div className="panel narrow fitting-status" role="status">
        <h1>Opening your fitting session…</h1>
      </div>
    )
  }
  if (view.kind === 'reconnecting') {
    return (
      <div className="panel narrow fitting-status">
        <h1>Reconnecting…</h1>
        <p data-testid="fitting-reconnecting" role="status">
          The connection to the session was lost. Reconnecting… (attempt {view.attempt})
        </p>
        <p className="button-row">
          <button type="button" className="button" onClick={reconnectNow}>
            Reconnect now
          </button>
          <Link className="button secondary" to="/pyfa">
            Back to the fitting tool
          </Link>
        </p>
      </div>
    )
  }
  if (view.kind === 'ended') {
    return (
      <div className="panel narrow fitting-status">
        <h1>{view.heading ?? 'Session closed'}</h1>
        <p data-testid="fitting-ended">{view.message}</p>
        <p className="button-row">
          {view.canReconnect && (
            <button type="button" className="button" onClick={reconnectNow}>
              Reconnect
            </button>
          )}
          <Link className={view.canReconnect ? 'button secondary' : 'button'} to="/pyfa/new">
            Start a new session
          </Link>
          <Link className="button secondary" to="/pyfa">
            Back to the fitting tool
          </Link>
        </p>
      </div>
    )
  }

  const hours = view.session.idleTimeoutSeconds / 3600
  const idle = Number.isInteger(hours) ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.round(view.session.idleTimeoutSeconds / 60)} minutes`
  return (
    <div className="fitting-session">
      <div className="fitting-toolbar">
        <span className={`badge ${screenState === 'connected' ? 'badge-good' : 'badge-warn'}`} data-testid="fitting-state">
          {screenState === 'connected'
            ? 'Connected'
            : screenState === 'connecting'
              ? view.resume
                ? `Reconnecting… (attempt ${view.resume})`
                : 'Connecting…'
              : 'Disconnected'}
        </span>
        <span className="muted fitting-hint">Temporary session: nothing is saved. It ends after {idle} without input.</span>
        <span className="fitting-actions">
          {/* noVNC drops clipboard text sent before its handshake is done, so wait for the screen. */}
          <button type="button" className="button secondary" onClick={() => setPasteOpen(true)} disabled={screenState !== 'connected'}>
            Paste into session…
          </button>
          {touch && (
            <button type="button" className="button secondary" onClick={() => screen.current?.showKeyboard()} disabled={screenState !== 'connected'}>
              Keyboard
            </button>
          )}
          <button type="button" className="button secondary" onClick={() => screen.current?.fullscreen()}>
            Full screen
          </button>
          <button type="button" className="button" onClick={() => void endSession()} disabled={ending}>
            {ending ? 'Ending…' : 'End session'}
          </button>
        </span>
      </div>
      {remoteClip !== null && (
        <div className="notice fitting-clipboard" data-testid="fitting-clipboard">
          <span>
            Pyfa copied {remoteClip.length} character{remoteClip.length === 1 ? '' : 's'} to its clipboard: “{remoteClip.slice(0, 60)}
            {remoteClip.length > 60 ? '…' : ''}”
          </span>
          <CopyButton text={remoteClip} label="Copy to my clipboard" onCopied={() => toast.show('Copied to your clipboard')} />
        </div>
      )}
      <RemoteScreen
        key={view.attempt}
        ref={screen}
        vncPath={`${view.session.vncPath}?viewer=${viewerId}${view.resume ? '&resume=1' : ''}`}
        onState={onState}
        onClipboard={setRemoteClip}
      />
      <PasteDialog
        open={pasteOpen}
        onClose={() => setPasteOpen(false)}
        onPaste={(text) => {
          screen.current?.paste(text)
          focusScreenAfterPaste.current = true
          setPasteOpen(false)
          toast.show('On the session clipboard: paste it in Pyfa (Ctrl+V, or Import from Clipboard)')
        }}
      />
      {toast.element}
    </div>
  )
}

/** 128 random bits, base64url; crypto.randomUUID would need a secure context, which a plain-http server is not. */
function randomViewerId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function PasteDialog({ open, onClose, onPaste }: { open: boolean; onClose: () => void; onPaste: (text: string) => void }) {
  const [text, setText] = useState('')
  return (
    <Dialog open={open} onClose={onClose} title="Paste into the session">
      <p className="muted">
        Your browser keeps its clipboard to itself, so paste here first (a fit in EFT format, a DNA string, anything Pyfa can
        import). It goes onto the session's clipboard, where Pyfa's paste and Import from Clipboard find it.
      </p>
      <textarea className="fitting-paste" rows={10} value={text} onChange={(e) => setText(e.target.value)} aria-label="Text to send" autoFocus />
      {/[^\u0000-\u00ff]/u.test(text) && (
        <p className="notice" role="alert" data-testid="fitting-paste-charset">
          Some characters here will arrive as “?”: the session clipboard carries only Western European (Latin-1) text. Item names in
          English are fine; Cyrillic, Chinese, Japanese or Korean text, and typographic quotes, are not.
        </p>
      )}
      <p className="button-row">
        <button type="button" className="button" disabled={!text} onClick={() => onPaste(text)}>
          Send to session clipboard
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </p>
    </Dialog>
  )
}
