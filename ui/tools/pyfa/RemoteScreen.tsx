import RFB from '@novnc/novnc'
import { forwardRef, useEffect, useImperativeHandle, useRef, type KeyboardEvent } from 'react'

export type ScreenState = 'connecting' | 'connected' | 'disconnected'

export interface RemoteScreenHandle {
  /** Put text on the session's clipboard (for Pyfa's paste and import). */
  paste(text: string): void
  focus(): void
  fullscreen(): void
  /** Bring up the device's on-screen keyboard and send what is typed on it to the session. */
  showKeyboard(): void
}

interface Props {
  /** Websocket path of the session's screen. */
  vncPath: string
  onState(state: ScreenState, close?: { code: number; reason: string }): void
  /** Text the application put on its clipboard. */
  onClipboard(text: string): void
}

/**
 * The session's screen, drawn by noVNC on a canvas and scaled to fit. The websocket is opened here and
 * handed to noVNC so the page learns the close code the server sends when a session ends.
 */
export const RemoteScreen = forwardRef<RemoteScreenHandle, Props>(function RemoteScreen({ vncPath, onState, onClipboard }, ref) {
  const box = useRef<HTMLDivElement>(null)
  const rfb = useRef<RFB | null>(null)
  /** x11vnc hands text it was given back to the viewer a while later; that echo is not news to the visitor. */
  const lastPasted = useRef<string | null>(null)
  const callbacks = useRef({ onState, onClipboard })
  callbacks.current = { onState, onClipboard }

  const keyboard = useRef<HTMLTextAreaElement>(null)
  /** What the keyboard field held after the last input event: the next one is compared with it. */
  const typed = useRef(KEYBOARD_FILL)
  const composing = useRef(false)

  useImperativeHandle(ref, () => ({
    paste: (text) => {
      lastPasted.current = text
      rfb.current?.clipboardPasteFrom(text)
    },
    focus: () => rfb.current?.focus(),
    fullscreen: () => void box.current?.requestFullscreen?.().catch(() => {}),
    showKeyboard: () => {
      const field = keyboard.current
      if (!field) return
      field.value = typed.current = KEYBOARD_FILL
      field.focus({ preventScroll: true })
      field.setSelectionRange(KEYBOARD_FILL.length, KEYBOARD_FILL.length)
    },
  }))

  const sendKey = (keysym: number) => rfb.current?.sendKey(keysym, null)

  // Phones and tablets type through an input method that rarely reports real key presses (Android says
  // "Unidentified"), so what was typed is read from how the field's text changed, as noVNC's own app does:
  // characters that went away are Backspaces, new ones are typed. The field starts full of filler, so a
  // Backspace on an "empty" field still has something to delete.
  const onKeyboardInput = () => {
    const field = keyboard.current
    if (!field) return
    const now = field.value
    const before = typed.current
    let same = 0
    while (same < now.length && same < before.length && now[same] === before[same]) same++
    for (let i = before.length; i > same; i--) sendKey(KEYSYM.BackSpace)
    for (const ch of now.slice(same)) sendKey(keysymOf(ch))
    typed.current = now
    // Refill between words, never in the middle of one the input method is still composing.
    if (!composing.current && (now.length < KEYBOARD_FILL.length / 2 || now.length > KEYBOARD_FILL.length * 4)) {
      field.value = typed.current = KEYBOARD_FILL
      field.setSelectionRange(KEYBOARD_FILL.length, KEYBOARD_FILL.length)
    }
  }

  /** Keys that change no text: sent as they are, and kept from moving the caret in the field. */
  const onKeyboardKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const keysym = NON_TEXT_KEYS[e.key]
    if (keysym === undefined || e.nativeEvent.isComposing) return
    e.preventDefault()
    sendKey(keysym)
  }

  useEffect(() => {
    const target = box.current
    if (!target) return
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${vncPath}`)
    ws.binaryType = 'arraybuffer'
    let closeInfo: { code: number; reason: string } | undefined
    let disconnected = false
    /** The page took the screen away (it ended, or the visitor left): its closing is no drop to report. */
    let unmounted = false
    ws.addEventListener('close', (e) => (closeInfo = { code: e.code, reason: e.reason }))
    const client = new RFB(target, ws, { shared: true })
    client.scaleViewport = true
    client.resizeSession = false
    client.background = '#05070d'
    client.addEventListener('connect', () => callbacks.current.onState('connected'))
    client.addEventListener('disconnect', () => {
      disconnected = true
      if (unmounted) return
      // noVNC reports the disconnect from inside the socket's close handler, after ours has run.
      callbacks.current.onState('disconnected', closeInfo ?? { code: 1006, reason: '' })
    })
    client.addEventListener('clipboard', (e) => {
      const text = (e as CustomEvent<{ text: string }>).detail.text
      // x11vnc announces an empty clipboard when a viewer connects: nothing to offer.
      if (text && text !== lastPasted.current) callbacks.current.onClipboard(text)
    })
    rfb.current = client
    callbacks.current.onState('connecting')
    return () => {
      rfb.current = null
      unmounted = true
      if (!disconnected) client.disconnect()
    }
  }, [vncPath])

  return (
    <>
      <div className="fitting-screen" ref={box} role="region" aria-label="Pyfa's screen" data-testid="fitting-screen" />
      <textarea
        ref={keyboard}
        className="fitting-keyboard-input"
        aria-label="Type into the session"
        tabIndex={-1}
        defaultValue={KEYBOARD_FILL}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        onInput={onKeyboardInput}
        onKeyDown={onKeyboardKeyDown}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
        // While the on-screen keyboard is up, a tap on the screen must not take the focus (and the keyboard) away.
        onFocus={() => rfb.current && (rfb.current.focusOnClick = false)}
        onBlur={() => rfb.current && (rfb.current.focusOnClick = true)}
      />
    </>
  )
})

const KEYBOARD_FILL = '_'.repeat(32)

/** X keysyms (X11 keysymdef.h) of the keys this page sends by name. */
const KEYSYM = {
  BackSpace: 0xff08,
  Tab: 0xff09,
  Return: 0xff0d,
  Escape: 0xff1b,
  Home: 0xff50,
  Left: 0xff51,
  Up: 0xff52,
  Right: 0xff53,
  Down: 0xff54,
  End: 0xff57,
  Delete: 0xffff,
}

const NON_TEXT_KEYS: Record<string, number> = {
  Enter: KEYSYM.Return,
  Tab: KEYSYM.Tab,
  Escape: KEYSYM.Escape,
  Home: KEYSYM.Home,
  End: KEYSYM.End,
  ArrowLeft: KEYSYM.Left,
  ArrowUp: KEYSYM.Up,
  ArrowRight: KEYSYM.Right,
  ArrowDown: KEYSYM.Down,
  Delete: KEYSYM.Delete,
}

/** The keysym of a typed character: Latin-1 ones are their own code, others X's Unicode keysym. */
export function keysymOf(ch: string): number {
  if (ch === '\n') return KEYSYM.Return
  if (ch === '\t') return KEYSYM.Tab
  const code = ch.codePointAt(0)!
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code
  return 0x01000000 | code
}
