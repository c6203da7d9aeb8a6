import RFB from '@novnc/novnc'
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react'

export type ScreenState = 'connecting' | 'connected' | 'disconnected'

export interface RemoteScreenHandle {
  /** Put text on the session's clipboard (for Pyfa's paste and import). */
  paste(text: string): void
  focus(): void
  fullscreen(): void
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

  useImperativeHandle(ref, () => ({
    paste: (text) => {
      lastPasted.current = text
      rfb.current?.clipboardPasteFrom(text)
    },
    focus: () => rfb.current?.focus(),
    fullscreen: () => void box.current?.requestFullscreen?.().catch(() => {}),
  }))

  useEffect(() => {
    const target = box.current
    if (!target) return
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${vncPath}`)
    ws.binaryType = 'arraybuffer'
    let closeInfo: { code: number; reason: string } | undefined
    let disconnected = false
    ws.addEventListener('close', (e) => (closeInfo = { code: e.code, reason: e.reason }))
    const client = new RFB(target, ws, { shared: true })
    client.scaleViewport = true
    client.resizeSession = false
    client.background = '#05070d'
    client.addEventListener('connect', () => callbacks.current.onState('connected'))
    client.addEventListener('disconnect', () => {
      disconnected = true
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
      if (!disconnected) client.disconnect()
    }
  }, [vncPath])

  return <div className="fitting-screen" ref={box} data-testid="fitting-screen" />
})
