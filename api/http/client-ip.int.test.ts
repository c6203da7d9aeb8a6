import { describe, expect, it } from 'vitest'
import { clientIp, isProxyAddress } from './client-ip.js'

describe('clientIp', () => {
  it('ignores X-Forwarded-For from a client that reaches the server directly', () => {
    expect(clientIp('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7')
    expect(clientIp('2001:db8::7', '198.51.100.1')).toBe('2001:db8::7')
  })

  it('takes the address our proxy saw, not the entries the client wrote before it', () => {
    // nginx appends $remote_addr to whatever the client sent
    expect(clientIp('172.18.0.5', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7')
    expect(clientIp('::ffff:172.18.0.5', 'garbage,203.0.113.7')).toBe('203.0.113.7')
  })

  it('steps back over a chain of our own proxies', () => {
    expect(clientIp('127.0.0.1', '9.9.9.9, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7')
  })

  it('keeps the peer when there is no header', () => {
    expect(clientIp('127.0.0.1', undefined)).toBe('127.0.0.1')
    expect(clientIp('127.0.0.1', ' , ')).toBe('127.0.0.1')
  })

  it('counts only loopback, private and link-local addresses as proxies', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.31.255.1', '192.168.0.1', '169.254.1.1', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1'])
      expect(isProxyAddress(a)).toBe(true)
    for (const a of ['172.32.0.1', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8', 'not-an-ip', '']) expect(isProxyAddress(a)).toBe(false)
  })
})
