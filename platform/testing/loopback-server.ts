import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake outside service on loopback (the ESI, zKillboard and CCP SDE fakes, and tests' one-off servers): `start()`
 * listens on a free port and sets `url`; `close()` drops every connection, so a never-answering route cannot hold it.
 */
export abstract class LoopbackServer {
  private server: http.Server | null = null
  url = ''

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    // A client that gives up mid-request (its own timeout) leaves nothing to answer.
    this.server = http.createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()))
    await new Promise<void>((resolve) => this.server!.listen(port, host, () => resolve()))
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  async close(): Promise<void> {
    if (!this.server) return
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server!.close(() => resolve()))
    this.server = null
  }
}

class ListenerServer extends LoopbackServer {
  constructor(private listener: http.RequestListener) {
    super()
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    await this.listener(req, res)
  }
}

/** A plain HTTP server on a free loopback port, for tests that need an outside service to answer a set way. */
export async function serveOnLoopback(listener: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new ListenerServer(listener)
  return { url: await server.start(), close: () => server.close() }
}
