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
  | { kind: 'live'; session: FittingSession; attempt: number }
  | { kind: 'ended'; message: string; canReconnect: boolean; heading?: string }

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
  // A touch screen has no keys for noVNC to read: such devices get a button that opens their on-screen keyboard.
  const [touch] = useState(() => window.matchMedia?.('(any-pointer: coarse)').matches ?? false)

  useEffect(() => {
    if (pasteOpen || !focusScreenAfterPaste.current) return
    focusScreenAfterPaste.current = false
    screen.current?.focus()
  }, [pasteOpen])

  const load = useCallback(async () => {
    try {
      const session = await apiGet<FittingSession>(`/api/pyfa/sessions/${encodeURIComponent(id)}`)
      setView((v) => ({ kind: 'live', session, attempt: v.kind === 'live' ? v.attempt + 1 : 0 }))
    } catch (err) {
      const message = err instanceof ApiError && (err.status === 404 || err.status === 410 || err.status === 400) ? err.message : `The session could not be loaded: ${(err as Error).message}`
      setView({ kind: 'ended', message, canReconnect: !(err instanceof ApiError) || err.status >= 500 })
    }
  }, [id])

  useEffect(() => {
    void load()
  }, [load])

  const onState = useCallback((state: ScreenState, close?: { code: number; reason: string }) => {
    setScreenState(state)
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
    } else {
      setView({ kind: 'ended', message: 'The connection to the session was lost. It stays open for about a minute, so you can reconnect.', canReconnect: true })
    }
  }, [])

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
  if (view.kind === 'ended') {
    return (
      <div className="panel narrow fitting-status">
        <h1>{view.heading ?? 'Session closed'}</h1>
        <p data-testid="fitting-ended">{view.message}</p>
        <p className="button-row">
          {view.canReconnect && (
            <button type="button" className="button" onClick={() => void load()}>
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
          {screenState === 'connected' ? 'Connected' : screenState === 'connecting' ? 'Connecting…' : 'Disconnected'}
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
      <RemoteScreen key={view.attempt} ref={screen} vncPath={view.session.vncPath} onState={onState} onClipboard={setRemoteClip} />
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
