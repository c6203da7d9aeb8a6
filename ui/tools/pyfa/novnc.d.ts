/** The part of noVNC's RFB class (docs/API.md in @novnc/novnc) this app uses; the package ships no types. */
declare module '@novnc/novnc' {
  export interface RfbOptions {
    shared?: boolean
    credentials?: { username?: string; password?: string; target?: string }
    wsProtocols?: string[]
  }

  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | WebSocket, options?: RfbOptions)
    background: string
    scaleViewport: boolean
    clipViewport: boolean
    resizeSession: boolean
    focusOnClick: boolean
    viewOnly: boolean
    showDotCursor: boolean
    qualityLevel: number
    compressionLevel: number
    disconnect(): void
    focus(options?: FocusOptions): void
    blur(): void
    clipboardPasteFrom(text: string): void
    /** Press and release (down undefined) or press/release one X keysym. */
    sendKey(keysym: number, code: string | null, down?: boolean): void
  }
}
