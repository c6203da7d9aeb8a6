import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { ClientMessage, HEARTBEAT_INTERVAL_MS, type ServerMessage, type ServerMessageType } from '../../schemas/ws.js'
import type { Logger } from '../../platform/log.js'

interface Options {
  version: string
  demo: boolean
  log: Logger
  heartbeatMs?: number
}

/**
 * The websocket hub at `/ws`, on the api's own HTTP server. It broadcasts typed messages to every open page,
 * remembers the latest message of "state" kinds (such as the online count) for pages that connect later,
 * pings every client and drops the ones that stop answering.
 */
export class WsHub {
  private wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  private alive = new WeakMap<WebSocket, boolean>()
  private latest_ = new Map<ServerMessageType, ServerMessage>()
  private timer: NodeJS.Timeout
  private upgradeListeners = new Map<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>()

  constructor(private options: Options) {
    this.wss.on('connection', (ws) => this.onConnection(ws))
    this.timer = setInterval(() => this.heartbeat(), options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS)
    this.timer.unref()
  }

  /** Route HTTP upgrades: `/ws` here, other paths to handlers registered with `onUpgrade`. */
  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
      if (pathname === '/ws') {
        this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req))
        return
      }
      for (const [prefix, listener] of this.upgradeListeners) {
        if (pathname.startsWith(prefix)) return listener(req, socket, head)
      }
      socket.destroy()
    })
  }

  /** Let another feature (the fitting tool's VNC proxy) take websocket upgrades under a path prefix. */
  onUpgrade(prefix: string, listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): void {
    this.upgradeListeners.set(prefix, listener)
  }

  /** Send to every open page. With `retain`, pages that connect later get it too. */
  broadcast(message: ServerMessage, { retain = false } = {}): void {
    if (retain) this.latest_.set(message.type, message)
    const data = JSON.stringify(message)
    for (const ws of this.wss.clients) if (ws.readyState === ws.OPEN) ws.send(data)
  }

  /** Keep a state message for pages that connect from now on, without sending it (it is not news to open pages). */
  remember(message: ServerMessage): void {
    this.latest_.set(message.type, message)
  }

  /** The latest retained message of a kind (e.g. the online count), if any. */
  latest<T extends ServerMessageType>(type: T): Extract<ServerMessage, { type: T }> | undefined {
    return this.latest_.get(type) as Extract<ServerMessage, { type: T }> | undefined
  }

  get clientCount(): number {
    return this.wss.clients.size
  }

  private onConnection(ws: WebSocket): void {
    this.alive.set(ws, true)
    ws.on('pong', () => this.alive.set(ws, true))
    ws.on('message', (raw) => {
      this.alive.set(ws, true)
      let parsed: ReturnType<typeof ClientMessage.safeParse>
      try {
        parsed = ClientMessage.safeParse(JSON.parse(raw.toString()))
      } catch {
        return
      }
      if (parsed.success && parsed.data.type === 'ping') this.send(ws, { type: 'heartbeat', at: new Date().toISOString() })
    })
    ws.on('error', (err) => this.options.log.debug({ err }, 'websocket error'))
    this.send(ws, { type: 'hello', version: this.options.version, demo: this.options.demo })
    for (const message of this.latest_.values()) this.send(ws, message)
  }

  private send(ws: WebSocket, message: ServerMessage): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }

  private heartbeat(): void {
    const beat = JSON.stringify({ type: 'heartbeat', at: new Date().toISOString() } satisfies ServerMessage)
    for (const ws of this.wss.clients) {
      if (this.alive.get(ws) === false) {
        ws.terminate()
        continue
      }
      this.alive.set(ws, false)
      ws.ping()
      if (ws.readyState === ws.OPEN) ws.send(beat)
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    for (const ws of this.wss.clients) ws.terminate()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }
}
