import { describe, expect, it } from 'vitest'
import { RfbInputMeter } from './rfb-input-meter.js'

const handshake38 = () => Buffer.concat([Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([1]), Buffer.from([1])])
const fbur = () => Buffer.from([3, 1, 0, 0, 0, 0, 0x06, 0x40, 0x03, 0x84])
const setEncodings = (n: number) => {
  const b = Buffer.alloc(4 + 4 * n)
  b[0] = 2
  b.writeUInt16BE(n, 2)
  for (let i = 0; i < n; i++) b.writeInt32BE(i - 3, 4 + 4 * i)
  return b
}
const pointer = () => Buffer.from([5, 0, 0, 10, 0, 20])
const key = () => Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61])
const cutText = (text: string) => {
  const body = Buffer.from(text, 'latin1')
  const head = Buffer.alloc(8)
  head[0] = 6
  head.writeInt32BE(body.length, 4)
  return Buffer.concat([head, body])
}

describe('RfbInputMeter', () => {
  it('does not count the handshake, encodings or screen update requests as input', () => {
    const meter = new RfbInputMeter()
    expect(meter.feed(handshake38())).toBe(false)
    expect(meter.feed(setEncodings(12))).toBe(false)
    expect(meter.feed(Buffer.concat([Buffer.alloc(20), fbur()]))).toBe(false) // SetPixelFormat + FBUR
    for (let i = 0; i < 5; i++) expect(meter.feed(fbur())).toBe(false)
  })

  it('counts key, pointer and clipboard events, alone or among other messages', () => {
    const meter = new RfbInputMeter()
    meter.feed(handshake38())
    expect(meter.feed(pointer())).toBe(true)
    expect(meter.feed(key())).toBe(true)
    expect(meter.feed(Buffer.concat([fbur(), cutText('[Rifter, Pyfa fit]')]))).toBe(true)
    expect(meter.feed(fbur())).toBe(false)
  })

  it('keeps its place when messages are split across chunks at any byte', () => {
    const stream = Buffer.concat([handshake38(), setEncodings(3), fbur(), cutText('x'.repeat(300)), fbur(), pointer(), fbur()])
    // Where the input messages lie in the stream:
    const cutStart = 14 + 16 + 10
    const pointerStart = cutStart + 308 + 10
    for (const size of [1, 2, 3, 7, 11, 64]) {
      const meter = new RfbInputMeter()
      for (let at = 0; at < stream.length; at += size) {
        const chunk = stream.subarray(at, at + size)
        const carriesInputStart = [cutStart, pointerStart].some((s) => s >= at && s < at + size)
        const result = meter.feed(chunk)
        if (carriesInputStart) expect(result, `chunk size ${size} at ${at}`).toBe(true)
        // Chunks entirely inside non-input messages never count.
        if (at + size <= cutStart) expect(result, `chunk size ${size} at ${at}`).toBe(false)
      }
      expect(meter.feed(fbur())).toBe(false)
    }
  })

  it('follows RFB 3.3 (no security byte from the client) and VNC authentication', () => {
    const old = new RfbInputMeter()
    expect(old.feed(Buffer.concat([Buffer.from('RFB 003.003\n', 'latin1'), Buffer.from([1]), fbur()]))).toBe(false)
    expect(old.feed(pointer())).toBe(true)
    const auth = new RfbInputMeter()
    expect(auth.feed(Buffer.concat([Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([2]), Buffer.alloc(16, 7), Buffer.from([1]), fbur()]))).toBe(false)
    expect(auth.feed(key())).toBe(true)
  })

  it('treats everything as input once the stream is not understood', () => {
    const meter = new RfbInputMeter()
    meter.feed(handshake38())
    expect(meter.feed(Buffer.from([99, 0, 0, 0]))).toBe(true)
    expect(meter.feed(fbur())).toBe(true)
    const garbled = new RfbInputMeter()
    expect(garbled.feed(Buffer.from('GET / HTTP/1.1\r\n'))).toBe(true)
  })
})
