import { useEffect, useState } from 'react'
import type { ServerMessage, ServerMessageOf, ServerMessageType } from '../../schemas/ws'
import { HEARTBEAT_INTERVAL_MS } from '../../schemas/ws-constants'

type Listener = (message: ServerMessage) => void

/**
 * One websocket per page to `/ws`. It reconnects with exponential backoff (1 s doubling to 30 s, with jitter),
 * and treats a socket that has been silent for two heartbeat intervals as dead. The latest message of each
 * kind is kept so components that mount later see current state.
 */
class LiveSocket {
  private ws: WebSocket | null = null
  private listeners = new Set<Listener>()
  private latest = new Map<ServerMessageType, ServerMessage>()
  private attempt = 0
  private watchdog: ReturnType<typeof setTimeout> | null = null
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null
  private started = false

  start(): void {
    if (this.started || typeof window === 'undefined') return
    this.started = true
    this.connect()
  }

  private connect(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
    let ws: WebSocket
    try {
      ws = new WebSocket(url)
    } catch {
      return this.scheduleReconnect()
    }
    this.ws = ws
    ws.onopen = () => {
      this.attempt = 0
      this.feedWatchdog()
    }
    ws.onmessage = (event) => {
      this.feedWatchdog()
      // The server validates what it sends against schemas/ws.ts; here a cheap shape check keeps zod out of the initial bundle.
      let message: ServerMessage
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      if (!message || typeof message !== 'object' || typeof message.type !== 'string') return
      this.latest.set(message.type, message)
      for (const l of this.listeners) l(message)
    }
    ws.onclose = () => {
      if (this.ws !== ws) return
      this.ws = null
      // Without a connection the online count is unknown.
      this.latest.delete('online')
      for (const l of this.listeners) l({ type: 'online', players: null, at: new Date().toISOString() })
      this.scheduleReconnect()
    }
    ws.onerror = () => ws.close()
  }

  private feedWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog)
    this.watchdog = setTimeout(() => this.ws?.close(), HEARTBEAT_INTERVAL_MS * 2)
  }

  private scheduleReconnect(): void {
    if (this.watchdog) clearTimeout(this.watchdog)
    if (this.reconnectTimer) return
    const base = Math.min(30_000, 1000 * 2 ** this.attempt++)
    const delay = base / 2 + Math.random() * (base / 2)
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      this.connect()
    }, delay)
  }

  subscribe(listener: Listener): () => void {
    this.start()
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  latestOf<T extends ServerMessageType>(type: T): ServerMessageOf<T> | undefined {
    return this.latest.get(type) as ServerMessageOf<T> | undefined
  }
}

export const liveSocket = new LiveSocket()

/** The latest server message of one kind, updated live. */
export function useServerMessage<T extends ServerMessageType>(type: T): ServerMessageOf<T> | undefined {
  const [message, setMessage] = useState(() => liveSocket.latestOf(type))
  useEffect(() => {
    const unsubscribe = liveSocket.subscribe((m) => {
      if (m.type === type) setMessage(m as ServerMessageOf<T>)
    })
    // The socket opens before the first render, so a message can land between this component's render and this
    // effect (the demo banner's one 'hello' per connection did): it is only in `latest` then.
    setMessage(liveSocket.latestOf(type))
    return unsubscribe
  }, [type])
  return message
}

/** How old an online count may be before the header calls it unknown (the status ingest runs every 60 s). */
const ONLINE_STALE_MS = 3 * 60_000

/**
 * The online count, or null when unknown. Its age is measured on the server's clock (the latest heartbeat's time, every
 * 25 s), not this computer's: a PC clock a few minutes fast would otherwise hide a live count for good. A socket gone
 * quiet is already reported as unknown by the connection itself.
 */
export function useOnlineCount(): number | null {
  const message = useServerMessage('online')
  const heartbeat = useServerMessage('heartbeat')
  // A push whose count is no number (a server of another version, a proxy's rewrite) is an unknown count, not 'NaN'.
  if (!message || typeof message.players !== 'number' || !Number.isFinite(message.players) || message.players < 0) return null
  if (heartbeat && Date.parse(heartbeat.at) - Date.parse(message.at) > ONLINE_STALE_MS) return null
  return message.players
}
