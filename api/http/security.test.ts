import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { ownWebsocket } from './security.js'

const withHost = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } }) as IncomingMessage

describe('ownWebsocket', () => {
  it('names the ws and wss origins of the host the page came from', () => {
    expect(ownWebsocket(withHost('jspace.example:8080'))).toBe('ws://jspace.example:8080 wss://jspace.example:8080')
    expect(ownWebsocket(withHost('[::1]:3000'))).toBe('ws://[::1]:3000 wss://[::1]:3000')
  })

  it('names nothing beyond self for a Host header no browser sends', () => {
    for (const host of [undefined, '', 'a.example; script-src *', 'a.example, b.example', 'a.example/x', 'a b']) {
      expect(ownWebsocket(withHost(host))).toBe("'self'")
    }
  })
})
