import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { ClientMessage, HEARTBEAT_INTERVAL_MS, type ServerMessage, type ServerMessageType } from '../../schemas/ws.js'
import { WsCloseCode } from '../../schemas/ws-constants.js'
import type { Logger } from '../../platform/log.js'
import { clientGroup, clientIp } from '../http/client-ip.js'

/** What one socket, one client and the whole hub may hold. */
export interface WsLimits {
  /** Open sockets per client (an IPv4 address or an IPv6 /64). A page holds one; a few tabs a few. */
  perClient: number
  /** Open sockets overall (derived from the process's file-descriptor budget: api/http/connection-limits.ts). */
  total: number
  /** Bytes waiting to go out to one socket before it counts as not reading and is closed. */
  maxBufferedBytes: number
  /** The largest message a page may send (pages send only `{"type":"ping"}`). */
  maxMessageBytes: number
}

export const DEFAULT_WS_LIMITS: WsLimits = { perClient: 16, total: 10_000, maxBufferedBytes: 256 * 1024, maxMessageBytes: 4 * 1024 }

/** A socket that is behind is cut this long after its close frame was queued, whether or not it read it. */
const CLOSE_GRACE_MS = 1_000

interface Peer {
  client: string
  /** Whether the socket answered the last ping with a pong. Only pongs count: any other message can be sent blind. */
  alive: boolean
}

interface Options {
  version: string
  demo: boolean
  log: Logger
  heartbeatMs?: number
  limits?: Partial<WsLimits>
}

/**
 * The websocket hub at `/ws`, on the api's own HTTP server. It broadcasts typed messages to every open page,
 * remembers the latest message of "state" kinds (such as the online count) for pages that connect later,
 * pings every client and drops the ones that stop answering.
 *
 * Bounds (issue #39): a socket whose unsent data passes `maxBufferedBytes` is closed (a client that sends pings
 * but never reads made the server buffer without limit); liveness is judged by pong replies only; sockets are
 * capped per client and overall; messages are capped in size. Each refusal closes with a code and a reason
 * (`WsCloseCode`).
 */
export class WsHub {
  readonly limits: WsLimits
  private wss: WebSocketServer
  private peers = new WeakMap<WebSocket, Peer>()
  private perClient = new Map<string, number>()
  private latest_ = new Map<ServerMessageType, ServerMessage>()
  private timer: NodeJS.Timeout
  private upgradeListeners = new Map<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>()

  constructor(private options: Options) {
    this.limits = { ...DEFAULT_WS_LIMITS, ...options.limits }
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.limits.maxMessageBytes, perMessageDeflate: false })
    this.wss.on('connection', (ws: WebSocket, req: IncomingMessage) => this.onConnection(ws, req))
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
    for (const ws of this.wss.clients) this.sendRaw(ws, data)
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

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    const forwarded = req.headers['x-forwarded-for']
    const client = clientGroup(clientIp(req.socket.remoteAddress ?? '', Array.isArray(forwarded) ? forwarded.join(',') : forwarded))
    ws.on('error', (err) => this.options.log.debug({ err }, 'websocket error'))
    // wss.clients already holds this socket, hence `>`.
    if (this.wss.clients.size > this.limits.total) {
      return ws.close(WsCloseCode.serverFull, 'The server has too many open connections; try again in a minute.')
    }
    const mine = this.perClient.get(client) ?? 0
    if (mine >= this.limits.perClient) {
      return ws.close(WsCloseCode.tooManyFromAddress, `Too many open connections from your address (at most ${this.limits.perClient}).`)
    }
    this.perClient.set(client, mine + 1)
    this.peers.set(ws, { client, alive: true })
    ws.once('close', () => {
      const n = (this.perClient.get(client) ?? 1) - 1
      if (n > 0) this.perClient.set(client, n)
      else this.perClient.delete(client)
    })
    ws.on('pong', () => {
      const peer = this.peers.get(ws)
      if (peer) peer.alive = true
    })
    // The library answers a ping frame with a pong by itself; one that pings without reading piles pongs up.
    ws.on('ping', () => this.closeIfBehind(ws))
    ws.on('message', (raw) => {
      let parsed: ReturnType<typeof ClientMessage.safeParse>
      try {
        parsed = ClientMessage.safeParse(JSON.parse(raw.toString()))
      } catch {
        return
      }
      if (parsed.success && parsed.data.type === 'ping') this.send(ws, { type: 'heartbeat', at: new Date().toISOString() })
    })
    this.send(ws, { type: 'hello', version: this.options.version, demo: this.options.demo })
    for (const message of this.latest_.values()) this.send(ws, message)
  }

  private send(ws: WebSocket, message: ServerMessage): void {
    this.sendRaw(ws, JSON.stringify(message))
  }

  private sendRaw(ws: WebSocket, data: string): void {
    if (ws.readyState !== ws.OPEN) return
    ws.send(data)
    this.closeIfBehind(ws)
  }

  /** Close a socket that has more unsent data than the bound: its page is not reading (or cannot keep up). */
  private closeIfBehind(ws: WebSocket): void {
    if (ws.readyState !== ws.OPEN || ws.bufferedAmount <= this.limits.maxBufferedBytes) return
    this.options.log.info({ client: this.peers.get(ws)?.client, buffered: ws.bufferedAmount }, 'websocket closed: not reading')
    ws.close(WsCloseCode.notReading, 'Closed: the page stopped reading messages.')
    // A client that does not read will not read the close frame either.
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref()
  }

  private heartbeat(): void {
    const beat = JSON.stringify({ type: 'heartbeat', at: new Date().toISOString() } satisfies ServerMessage)
    for (const ws of this.wss.clients) {
      const peer = this.peers.get(ws)
      if (!peer) continue // refused, closing
      if (!peer.alive) {
        ws.terminate()
        continue
      }
      peer.alive = false
      if (ws.readyState !== ws.OPEN) continue
      ws.ping()
      this.sendRaw(ws, beat)
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    for (const ws of this.wss.clients) ws.terminate()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }
}
