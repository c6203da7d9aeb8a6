import type { Page } from 'playwright-core'

/**
 * Makes the page's screen connections whose URL matches `held` open but never hand the VNC server's bytes to noVNC,
 * as a network at its worst would: the page stays at Connecting… or Reconnecting…. (noVNC wants these members on the
 * socket's own prototype, hence the subclass that only passes them through.)
 */
export async function holdScreenBytes(page: Page, held: RegExp): Promise<void> {
  await page.addInitScript((source) => {
    const pattern = new RegExp(source)
    const Native = window.WebSocket
    class Held extends Native {
      override send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
        super.send(data)
      }
      override close(code?: number, reason?: string) {
        super.close(code, reason)
      }
      override get binaryType() {
        return super.binaryType
      }
      override set binaryType(v) {
        super.binaryType = v
      }
      override get onerror() {
        return super.onerror
      }
      override set onerror(v) {
        super.onerror = v
      }
      override get onopen() {
        return super.onopen
      }
      override set onopen(v) {
        super.onopen = v
      }
      override get onmessage() {
        return super.onmessage
      }
      override set onmessage(v) {
        if (!pattern.test(this.url)) super.onmessage = v
      }
      override get protocol() {
        return super.protocol
      }
      override get readyState() {
        return super.readyState
      }
    }
    window.WebSocket = Held
  }, held.source)
}
