import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { useToast } from '../../components/Toast'
import { ApiError, callApi } from '../../lib/api'
import { deletePyfaSessionsById, getPyfaSessionsById } from '../../../schemas/pyfa-endpoints'
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

/**
 * /pyfa/s/{id}: one running session, its screen, clipboard help and the End session button. Each id gets a page
 * of its own: going back or forward to another session's address must not keep this one's screen, clipboard or
 * End session button (which would end the session in the address, not the one on screen).
 */
export default function PyfaSessionPage() {
  const { id = '' } = useParams()
  return <SessionPage key={id} id={id} />
}

function SessionPage({ id }: { id: string }) {
  const [view, setView] = useState<View>({ kind: 'loading' })
  const [screenState, setScreenState] = useState<ScreenState>('connecting')
  const [remoteClip, setRemoteClip] = useState<string | null>(null)
  const [pasteOpen, setPasteOpen] = useState(false)
  /** The paste dialog's text, kept here so a dropped connection (which takes the dialog away) does not lose it. */
  const [pasteText, setPasteText] = useState('')
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
  // iPhone Safari has no full screen for anything but video: no button that would do nothing there.
  const [canFullscreen] = useState(() => document.fullscreenEnabled === true && typeof Element.prototype.requestFullscreen === 'function')
  /** False once the visitor has left: a look-up still on its way must then neither show anything nor try again. */
  const active = useRef(true)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    active.current = true
    return () => {
      active.current = false
    }
  }, [])

  // The screen (or the button pressed) that had the focus is gone when the page turns into a notice: give the focus
  // to the notice's heading, so keyboard and screen-reader users learn what happened and go on from there.
  useEffect(() => {
    // An open paste dialog waits through a reconnect (with its text); a session that ended has nowhere to paste.
    if (view.kind === 'ended') setPasteOpen(false)
    if (view.kind !== 'ended' && view.kind !== 'reconnecting') return
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus()
  }, [view.kind])

  useEffect(() => {
    if (pasteOpen || !focusScreenAfterPaste.current) return
    focusScreenAfterPaste.current = false
    screen.current?.focus()
  }, [pasteOpen])

  /** Schedule the next automatic reconnect; false when the page has tried long enough. */
  const retryLater = useCallback((): boolean => {
    if (!active.current) return true
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
        const session = await callApi(getPyfaSessionsById, { params: { id } })
        if (!active.current) return
        setView((v) => ({ kind: 'live', session, resume, attempt: v.kind === 'live' ? v.attempt + 1 : 0 }))
      } catch (err) {
        if (!active.current) return
        // Offline or a server error: an automatic reconnect tries again; a 404 or 410 means the session is gone.
        const retryable = !(err instanceof ApiError) || err.status >= 500
        if (resume && retryable && retryLater()) return
        if (err instanceof ApiError && err.status === 400) {
          // The id in the address is malformed (a link cut short or mistyped): the server's wording is for programs.
          setView({
            kind: 'ended',
            heading: 'No such session',
            message: 'This is not the address of a fitting session: the link may be cut short or mistyped.',
            canReconnect: false,
          })
          return
        }
        const message =
          err instanceof ApiError && (err.status === 404 || err.status === 410) ? err.message : `The session could not be loaded: ${(err as Error).message}`
        // Not reached is not ended: the session may well be running still, and Reconnect tries again.
        setView({ kind: 'ended', message, canReconnect: retryable, heading: retryable ? 'Could not reach the session' : undefined })
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

  const onState = useCallback(
    (state: ScreenState, close?: { code: number; reason: string }) => {
      setScreenState(state)
      if (state === 'connected') retries.current.count = 0
      if (state !== 'disconnected' || !close) return
      const reason = reasonByCode.get(close.code)
      if (reason === 'replaced') {
        // Only this tab lost the screen: the session and everything in it go on in the other tab.
        setView({
          kind: 'ended',
          heading: 'Opened in another tab',
          message:
            'This session was opened in another tab or window, which shows it now. It is still running there, with your fits; Reconnect brings it back here.',
          canReconnect: true,
        })
      } else if (reason) {
        setView({ kind: 'ended', message: `This session ended: ${FITTING_END_MESSAGES[reason]} Nothing from it was kept.`, canReconnect: false })
      } else if (!retryLater()) {
        setView({
          kind: 'ended',
          message:
            'The connection to the session was lost and trying again did not bring it back. The session waits about a minute for its page, so it may have ended; Reconnect checks.',
          canReconnect: true,
        })
      }
    },
    [retryLater],
  )

  const endSession = async () => {
    setEnding(true)
    try {
      await callApi(deletePyfaSessionsById, { params: { id } })
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
        <h1 ref={heading} tabIndex={-1}>
          Reconnecting…
        </h1>
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
        <h1 ref={heading} tabIndex={-1}>
          {view.heading ?? 'Session closed'}
        </h1>
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
      <h1 className="visually-hidden">Fitting session</h1>
      <div className="fitting-toolbar">
        <span className={`badge ${screenState === 'connected' ? 'badge-good' : 'badge-warn'}`} role="status" data-testid="fitting-state">
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
          {canFullscreen && (
            <button type="button" className="button secondary" onClick={() => screen.current?.fullscreen()}>
              Full screen
            </button>
          )}
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
        text={pasteText}
        onChange={setPasteText}
        ready={screenState === 'connected'}
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
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

interface PasteDialogProps {
  open: boolean
  text: string
  onChange: (text: string) => void
  /** The screen is connected: text sent before noVNC's handshake would be dropped. */
  ready: boolean
  onClose: () => void
  onPaste: (text: string) => void
}

function PasteDialog({ open, text, onChange, ready, onClose, onPaste }: PasteDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Paste into the session">
      <p className="muted">
        Your browser keeps its clipboard to itself, so paste here first (a fit in EFT format, a DNA string, anything Pyfa can import). It goes onto the
        session's clipboard, where Pyfa's paste and Import from Clipboard find it.
      </p>
      <textarea className="fitting-paste" rows={10} value={text} onChange={(e) => onChange(e.target.value)} aria-label="Text to send" autoFocus />
      {/* eslint-disable-next-line no-control-regex -- Latin-1 is the clipboard's range, NUL included */}
      {/[^\u0000-\u00ff]/u.test(text) && (
        <p className="notice" role="alert" data-testid="fitting-paste-charset">
          Some characters here will arrive as “?”: the session clipboard carries only Western European (Latin-1) text. Item names in English are fine; Cyrillic,
          Chinese, Japanese or Korean text, and typographic quotes, are not.
        </p>
      )}
      {!ready && (
        <p className="muted" role="status" data-testid="fitting-paste-waiting">
          Waiting for the screen to connect; the text can be sent once it is.
        </p>
      )}
      <p className="button-row">
        <button type="button" className="button" disabled={!text || !ready} onClick={() => onPaste(text)}>
          Send to session clipboard
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </p>
    </Dialog>
  )
}
