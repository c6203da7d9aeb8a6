import http from 'node:http'
import os from 'node:os'
import { LiveEventsTopic } from '../schemas/topics.js'
import { subscribe } from '../platform/stream/typed.js'
import { createApi } from './app.js'
import { AnswerReplay } from './http/answer-replay.js'
import type { AppContext } from '../platform/context.js'
import { WsHub } from './ws/hub.js'
import { PriceStore } from './common/price-store.js'
import { fileDescriptorBudget, limitConnections, type ConnectionLimits } from './http/connection-limits.js'

export interface RunningApi {
  server: http.Server
  hub: WsHub
  url: string
  stop(): Promise<void>
}

/** Websocket sockets are HTTP connections too: this many of the connection budget stay for plain requests. */
const HTTP_RESERVE = 256

/**
 * Start the HTTP server with the websocket hub, and relay live events from the stream to open pages.
 * `connectionExempt` replaces which peers the per-client connection count skips (default: our own proxies).
 */
export async function startApi(
  ctx: AppContext,
  options: { port: number; host: string; uiRoot?: string; connectionExempt?: ConnectionLimits['exempt'] },
): Promise<RunningApi> {
  const budget = fileDescriptorBudget()
  const hub = new WsHub({
    version: ctx.version,
    demo: ctx.config.DEMO,
    log: ctx.log.child({ component: 'ws' }),
    limits: { perClient: ctx.config.WS_MAX_PER_CLIENT, total: Math.max(16, budget.connections - HTTP_RESERVE) },
  })
  const prices = new PriceStore(ctx.ch, ctx.log.child({ component: 'prices' }))
  await prices.start(ctx.stream)
  const shutdownHooks: Array<() => Promise<void>> = []
  const app = await createApi({ ...ctx, hub, prices, onShutdown: (hook) => shutdownHooks.push(hook) }, { uiRoot: options.uiRoot })
  // Answers that only change with a snapshot are replayed as bytes for the same URL, outside Koa.
  const server = http.createServer(new AnswerReplay(ctx.log.child({ component: 'http' })).wrap(app.koa.callback()))
  server.keepAliveTimeout = 65_000
  limitConnections(
    server,
    { perClient: ctx.config.MAX_CONNECTIONS_PER_CLIENT, total: budget.connections, exempt: options.connectionExempt },
    ctx.log.child({ component: 'http' }),
  )
  ctx.log.info({ openFileLimit: budget.softLimit, connections: budget.connections, websockets: hub.limits.total }, 'connection budget')
  hub.attach(server)

  // Every api process needs every live event, so each one consumes with a group of its own. It reads the topic from
  // the start: an api replica that (re)starts beside running ones keeps the latest recent state (the online count)
  // for its pages at once, instead of showing it unknown until the next status check. Events from before it started
  // are not sent on. Partitions interleave, so the latest is the one with the latest timestamp, not the last read.
  const startedAt = Date.now()
  const stateMaxAgeMs = 2 * ctx.config.STATUS_INTERVAL_SECONDS * 1000
  const retainedAt = new Map<string, number>()
  const live = await subscribe(
    ctx.stream,
    LiveEventsTopic,
    { groupId: `api-live-${os.hostname()}-${process.pid}-${startedAt}`, fromBeginning: true, log: ctx.log },
    async (events, messages) => {
      events.forEach((e, i) => {
        const at = messages[i].timestamp
        if (at >= startedAt) {
          hub.broadcast(e.message, { retain: e.retain })
          if (e.retain) retainedAt.set(e.message.type, at)
        } else if (e.retain && at >= Date.now() - stateMaxAgeMs && at > (retainedAt.get(e.message.type) ?? 0)) {
          hub.remember(e.message)
          retainedAt.set(e.message.type, at)
        }
      })
    },
  )

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = `http://127.0.0.1:${port}`
  return {
    server,
    hub,
    url,
    async stop() {
      await live.stop()
      await Promise.allSettled(shutdownHooks.map((hook) => hook()))
      await prices.stop()
      await hub.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
