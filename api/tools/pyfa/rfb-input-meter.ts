/**
 * Follows the browser → VNC server half of an RFB stream (RFC 6143 plus the extensions noVNC speaks) and
 * tells which chunks carry user input: key, pointer and clipboard events, or a screen resize request.
 * The idle timeout counts only those, because a connected viewer keeps asking for screen updates
 * (FramebufferUpdateRequest) whether anyone is at the keyboard or not.
 *
 * If the stream takes a turn this parser does not know (an unknown message type or security type), it stops
 * parsing and treats every later chunk as input, so an unexpected client can keep a session alive but never
 * gets it ended early.
 */
export class RfbInputMeter {
  private phase: 'version' | 'security' | 'vncAuth' | 'clientInit' | 'messages' | 'opaque' = 'version'
  private pending: Buffer = Buffer.alloc(0)
  /** Payload bytes still to pass over (clipboard text, fence payloads) without buffering them. */
  private skip = 0
  private minorVersion = 8

  /** Whether the browser has finished the RFB handshake (sent its ClientInit), or took a turn this parser does not know. */
  get handshakeDone(): boolean {
    return this.phase === 'messages' || this.phase === 'opaque'
  }

  /** Feed the next chunk the browser sent; true when it contained user input. */
  feed(chunk: Buffer): boolean {
    if (this.phase === 'opaque') return true
    let input = false
    let data = chunk
    if (this.skip > 0) {
      const n = Math.min(this.skip, data.length)
      this.skip -= n
      data = data.subarray(n)
    }
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data
    for (;;) {
      const step = this.step(this.pending)
      if (step === null) {
        // A message whose header is still incomplete already says by its type whether it is input.
        if (this.phase === 'messages' && this.pending.length && INPUT_MESSAGE_TYPES.has(this.pending[0])) input = true
        break
      }
      if (step === 'opaque') {
        this.phase = 'opaque'
        this.pending = Buffer.alloc(0)
        return true
      }
      input ||= step.input
      const consumed = Math.min(step.length, this.pending.length)
      this.skip = step.length - consumed
      this.pending = this.pending.subarray(consumed)
      if (this.skip > 0) break
    }
    if (this.pending.length) this.pending = Buffer.from(this.pending) // do not pin the caller's chunk
    return input
  }

  /** The length of the next unit in `buf` and whether it is input; null when more bytes are needed. */
  private step(buf: Buffer): { length: number; input: boolean } | 'opaque' | null {
    switch (this.phase) {
      case 'version': {
        if (buf.length < 12) return null
        const match = /^RFB (\d{3})\.(\d{3})\n$/.exec(buf.subarray(0, 12).toString('latin1'))
        if (!match) return 'opaque'
        this.minorVersion = Number(match[2])
        // RFB 3.3: the server picks the security type and the client says nothing until ClientInit.
        this.phase = this.minorVersion >= 7 ? 'security' : 'clientInit'
        return { length: 12, input: false }
      }
      case 'security': {
        if (buf.length < 1) return null
        const type = buf[0]
        if (type === 1) this.phase = 'clientInit'
        else if (type === 2) this.phase = 'vncAuth'
        else return 'opaque'
        return { length: 1, input: false }
      }
      case 'vncAuth':
        if (buf.length < 16) return null
        this.phase = 'clientInit'
        return { length: 16, input: false }
      case 'clientInit':
        if (buf.length < 1) return null
        this.phase = 'messages'
        return { length: 1, input: false }
      case 'messages':
        return clientMessage(buf)
      default:
        return 'opaque'
    }
  }
}

/** KeyEvent, PointerEvent, ClientCutText, SetDesktopSize (QEMU's extended key event is told by its subtype). */
const INPUT_MESSAGE_TYPES = new Set([4, 5, 6, 251])

/** One client-to-server message after the handshake. */
function clientMessage(buf: Buffer): { length: number; input: boolean } | 'opaque' | null {
  if (buf.length < 1) return null
  const need = (n: number) => buf.length >= n
  switch (buf[0]) {
    case 0: // SetPixelFormat
      return { length: 20, input: false }
    case 2: // SetEncodings: u16 count of s32 encodings
      if (!need(4)) return null
      return { length: 4 + 4 * buf.readUInt16BE(2), input: false }
    case 3: // FramebufferUpdateRequest
      return { length: 10, input: false }
    case 4: // KeyEvent
      return { length: 8, input: true }
    case 5: // PointerEvent
      return { length: 6, input: true }
    case 6: // ClientCutText: s32 length, negative for the extended clipboard format
      if (!need(8)) return null
      return { length: 8 + Math.abs(buf.readInt32BE(4)), input: true }
    case 150: // EnableContinuousUpdates
      return { length: 10, input: false }
    case 248: // ClientFence: flags, then a u8 payload length
      if (!need(9)) return null
      return { length: 9 + buf[8], input: false }
    case 250: // xvp
      return { length: 4, input: false }
    case 251: // SetDesktopSize: u8 number of 16-byte screens
      if (!need(8)) return null
      return { length: 8 + 16 * buf[6], input: true }
    case 255: // QEMU client messages: extended key event, or audio
      if (!need(2)) return null
      if (buf[1] === 0) return { length: 12, input: true }
      if (buf[1] === 1) {
        if (!need(4)) return null
        return { length: buf.readUInt16BE(2) === 2 ? 10 : 4, input: false }
      }
      return 'opaque'
    default:
      return 'opaque'
  }
}
