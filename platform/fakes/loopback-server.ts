import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A fake outside service on loopback: `start()` listens on a free port and sets `url`; `close()` drops every connection. */
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
