import { describe, expect, it } from 'vitest'
import { COOKIE_NAME, xauthorityFile } from './xauth.js'

describe('xauthorityFile', () => {
  it('writes one wildcard MIT-MAGIC-COOKIE-1 entry in libXau layout', () => {
    const cookie = Buffer.from('00112233445566778899aabbccddeeff', 'hex')
    const file = xauthorityFile(cookie)
    expect(file.readUInt16BE(0)).toBe(0xffff) // FamilyWild: any host
    expect(file.readUInt16BE(2)).toBe(0) // empty address
    expect(file.readUInt16BE(4)).toBe(0) // empty display number: any display
    expect(file.readUInt16BE(6)).toBe(COOKIE_NAME.length)
    expect(file.subarray(8, 8 + COOKIE_NAME.length).toString('latin1')).toBe(COOKIE_NAME)
    const at = 8 + COOKIE_NAME.length
    expect(file.readUInt16BE(at)).toBe(16)
    expect(file.subarray(at + 2)).toEqual(cookie)
  })

  it('refuses a cookie of the wrong size', () => {
    expect(() => xauthorityFile(Buffer.alloc(8))).toThrow(/16 bytes/)
  })
})
