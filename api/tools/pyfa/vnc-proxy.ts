import type { IncomingMessage } from 'node:http'
import net from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { FittingCloseCode } from '../../../schemas/fitting-constants.js'
import type { Logger } from '../../../platform/log.js'
import type { FittingSessionManager } from './manager.js'
import { RfbInputMeter } from './rfb-input-meter.js'
import type { FittingSession } from './session.js'

const VNC_PATH = /^\/api\/pyfa\/sessions\/([A-Za-z0-9_-]{22})\/vnc$/
/** The page's random id for itself (`?viewer=`), so it can come back after a drop without fighting a newer tab. */
const VIEWER_ID = /^[A-Za-z0-9_-]{8,64}$/
/** Pings keep idle connections open through proxies (nginx drops a silent one after its read timeout). */
const PING_INTERVAL_MS = 25_000
/**
 * A browser must finish the VNC handshake (its ClientInit) within this long, or it is dropped: noVNC does it in
 * well under a second. Until then it does not count as a viewer for the grace period.
 */
export const HANDSHAKE_TIMEOUT_MS = 5_000
/** Stop reading from the VNC server while this much is still waiting to go out to a slow browser. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024

/**
 * Websocket upgrades for `/api/pyfa/sessions/{id}/vnc`: the browser's noVNC speaks RFB over the websocket and
 * this pipes it to the session's x11vnc unix socket. Knowing the unguessable id is what grants access; the
 * Origin must also be this site, so another site cannot open a visitor's session from the visitor's browser.
 * Input seen on the way (keys, pointer, clipboard) counts as activity for the idle timeout.
 */
export function vncUpgradeHandler(manager: FittingSessionManager, log: Logger, handshakeTimeoutMs = HANDSHAKE_TIMEOUT_MS) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024, perMessageDeflate: false })
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const id = VNC_PATH.exec(url.pathname)?.[1]
    if (!id) return refuse(socket, 404, 'Not Found')
    if (!sameOrigin(req)) return refuse(socket, 403, 'Forbidden')
    const session = manager.get(id)
    if (!session) return refuse(socket, 404, 'Not Found')
    const viewer = url.searchParams.get('viewer')
    const viewerId = viewer && VIEWER_ID.test(viewer) ? viewer : null
    // `resume=1`: the page reconnecting by itself after a drop, which must yield to a tab that took over.
    const resume = url.searchParams.get('resume') === '1'
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (resume && !manager.mayResume(session, viewerId)) return ws.close(FittingCloseCode.replaced, 'opened elsewhere')
      connect(ws, session, viewerId, manager, log, handshakeTimeoutMs)
    })
  }
}

function connect(
  ws: WebSocket,
  session: FittingSession,
  viewerId: string | null,
  manager: FittingSessionManager,
  log: Logger,
  handshakeTimeoutMs: number,
): void {
  const vnc = net.connect(session.vncSocket)
  const meter = new RfbInputMeter()
  let alive = true
  let closed = false
  const viewer = { close: (code: number, reason: string) => ws.close(code, reason) }
  const detach = manager.attachViewer(session, viewer, viewerId)
  let ready = false
  const handshake = setTimeout(() => {
    log.info({ session: session.id }, 'VNC viewer dropped: no handshake in time')
    ws.close(1008, 'The viewer did not finish connecting in time.')
    setTimeout(() => ws.terminate(), 1000).unref()
  }, handshakeTimeoutMs)
  handshake.unref()

  const ping = setInterval(() => {
    if (!alive) return ws.terminate()
    alive = false
    ws.ping()
  }, PING_INTERVAL_MS)
  const finish = () => {
    if (closed) return
    closed = true
    clearInterval(ping)
    clearTimeout(handshake)
    vnc.destroy()
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1011, 'VNC server connection closed')
    detach()
  }

  ws.on('pong', () => (alive = true))
  ws.on('message', (data: Buffer, isBinary) => {
    alive = true
    if (!isBinary) return // RFB is binary; a text frame is not part of it
    if (meter.feed(data)) session.touch()
    if (!ready && meter.handshakeDone) {
      ready = true
      clearTimeout(handshake)
      manager.viewerReady(session, viewer)
    }
    if (!vnc.write(data)) {
      ws.pause()
      vnc.once('drain', () => ws.resume())
    }
  })
  vnc.on('data', (chunk: Buffer) => {
    if (ws.readyState !== ws.OPEN) return
    ws.send(chunk, { binary: true })
    if (ws.bufferedAmount > HIGH_WATER_BYTES && !vnc.isPaused()) {
      vnc.pause()
      const resume = setInterval(() => {
        if (closed || ws.bufferedAmount < HIGH_WATER_BYTES / 4) {
          clearInterval(resume)
          vnc.resume()
        }
      }, 20)
    }
  })
  vnc.on('error', (err) => log.debug({ err }, 'VNC socket error'))
  vnc.on('close', finish)
  ws.on('error', (err) => log.debug({ err }, 'VNC websocket error'))
  ws.on('close', finish)
}

/**
 * The browser's Origin, when it sends one, must name this host. Host names are compared without ports,
 * because a proxy in front (nginx's `$host`) passes the name alone.
 */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin
  if (!origin) return true // not a browser; the id alone grants access
  try {
    return new URL(origin).hostname === new URL(`http://${req.headers.host ?? ''}`).hostname
  } catch {
    return false
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  const timer = setTimeout(() => socket.destroy(), 1000)
  socket.once('close', () => clearTimeout(timer))
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`)
}
