import WebSocket from 'ws'

/**
 * A minimal RFB (VNC) client over a websocket, for tests: it reads what the server sends as a byte queue,
 * does the RFB 3.8 handshake with security type None, and asks for a raw full-screen update.
 */
export class RfbTestClient {
  private queue = Buffer.alloc(0)
  private waiters: Array<() => void> = []
  closeCode: number | null = null
  closeReason = ''
  readonly closed: Promise<void>

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.queue = Buffer.concat([this.queue, data])
      this.wake()
    })
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        this.closeCode = code
        this.closeReason = reason.toString()
        this.wake()
        resolve()
      }),
    )
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<RfbTestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers })
      const client = new RfbTestClient(ws)
      ws.once('open', () => resolve(client))
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
      ws.once('error', reject)
    })
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w()
  }

  /** The next `n` bytes from the server. */
  async read(n: number, timeoutMs = 10_000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs
    while (this.queue.length < n) {
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode} ${this.closeReason}) while waiting for ${n} bytes`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${n} bytes (have ${this.queue.length})`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.waiters.push(() => (clearTimeout(t), resolve()))
      })
    }
    const out = this.queue.subarray(0, n)
    this.queue = this.queue.subarray(n)
    return Buffer.from(out)
  }

  send(bytes: Buffer | number[]): void {
    this.ws.send(Buffer.from(bytes))
  }

  /** Protocol version, security None, ClientInit (shared); returns the screen size and pixel format. */
  async handshake(): Promise<{ version: string; width: number; height: number; bitsPerPixel: number; name: string }> {
    const version = (await this.read(12)).toString('latin1')
    this.send(Buffer.from('RFB 003.008\n', 'latin1'))
    const count = (await this.read(1))[0]
    const types = [...(await this.read(count))]
    if (!types.includes(1)) throw new Error(`server offers no security type None: ${types}`)
    this.send([1])
    const result = (await this.read(4)).readUInt32BE(0)
    if (result !== 0) throw new Error(`security result ${result}`)
    this.send([1]) // ClientInit: shared
    const init = await this.read(24)
    const name = (await this.read(init.readUInt32BE(20))).toString('latin1')
    return { version, width: init.readUInt16BE(0), height: init.readUInt16BE(2), bitsPerPixel: init[4], name }
  }

  /** Ask for the whole screen in raw encoding and return the first update's pixels (32-bit, as sent). */
  async fullScreen(width: number, height: number): Promise<{ rects: number; pixels: Buffer }> {
    this.send([2, 0, 0, 1, 0, 0, 0, 0]) // SetEncodings: Raw only
    const request = Buffer.alloc(10)
    request[0] = 3 // FramebufferUpdateRequest, non-incremental
    request.writeUInt16BE(width, 6)
    request.writeUInt16BE(height, 8)
    this.send(request)
    const head = await this.read(4)
    if (head[0] !== 0) throw new Error(`expected a FramebufferUpdate, got message type ${head[0]}`)
    const rects = head.readUInt16BE(2)
    const chunks: Buffer[] = []
    for (let i = 0; i < rects; i++) {
      const rect = await this.read(12)
      const w = rect.readUInt16BE(4)
      const h = rect.readUInt16BE(6)
      const encoding = rect.readInt32BE(8)
      if (encoding !== 0) throw new Error(`unexpected encoding ${encoding}`)
      chunks.push(await this.read(w * h * 4))
    }
    return { rects, pixels: Buffer.concat(chunks) }
  }

  /** A pointer event: moves the remote mouse (user input, for the idle timeout). */
  pointer(x: number, y: number, buttons = 0): void {
    const msg = Buffer.alloc(6)
    msg[0] = 5
    msg[1] = buttons
    msg.writeUInt16BE(x, 2)
    msg.writeUInt16BE(y, 4)
    this.send(msg)
  }

  /** An incremental update request: traffic that is not user input. */
  requestUpdate(width: number, height: number): void {
    const request = Buffer.alloc(10)
    request[0] = 3
    request[1] = 1
    request.writeUInt16BE(width, 6)
    request.writeUInt16BE(height, 8)
    this.send(request)
  }

  close(): Promise<void> {
    this.ws.close()
    return this.closed
  }
}
