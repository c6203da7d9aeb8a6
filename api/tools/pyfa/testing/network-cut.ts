import net from 'node:net'

/**
 * A TCP relay between the browser and a test server that can lose the network on demand, as a phone changing
 * networks or a Wi-Fi blip does: `cut()` drops every connection through it without a websocket close frame (the
 * page sees close code 1006) and refuses new ones until `restore()`. With `serverNotices: false` only the
 * browser's side goes: the server keeps a half-open connection, as it does until its ping finds the peer gone.
 */
export class NetworkCut {
  private down = false
  private pairs = new Set<{ browser: net.Socket; upstream: net.Socket }>()
  /** Server sides of connections the server was not told about; closed with the relay. */
  private orphans = new Set<net.Socket>()

  private constructor(
    private server: net.Server,
    readonly url: string,
  ) {}

  static async start(targetUrl: string): Promise<NetworkCut> {
    const target = new URL(targetUrl)
    // eslint-disable-next-line prefer-const -- assigned once the server exists; the server's callback reads it later
    let relay!: NetworkCut
    const server = net.createServer((browser) => {
      browser.on('error', () => {})
      if (relay.down) return void browser.destroy()
      const upstream = net.connect(Number(target.port), target.hostname)
      upstream.on('error', () => {})
      const pair = { browser, upstream }
      relay.pairs.add(pair)
      browser.pipe(upstream)
      upstream.pipe(browser)
      const forget = () => relay.pairs.delete(pair)
      browser.on('close', () => {
        forget()
        if (!relay.orphans.has(upstream)) upstream.destroy()
      })
      upstream.on('close', () => {
        forget()
        browser.destroy()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    relay = new NetworkCut(server, `http://127.0.0.1:${port}`)
    return relay
  }

  cut({ serverNotices = true } = {}): void {
    this.down = true
    for (const { browser, upstream } of [...this.pairs]) {
      if (!serverNotices) {
        this.orphans.add(upstream)
        upstream.unpipe(browser)
        browser.unpipe(upstream)
      }
      browser.destroy()
    }
  }

  restore(): void {
    this.down = false
  }

  async close(): Promise<void> {
    this.down = true
    for (const { browser, upstream } of this.pairs) {
      browser.destroy()
      upstream.destroy()
    }
    for (const socket of this.orphans) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
