import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { cachedBody, pickEncoding, VersionedBodyCache } from './cached-body.js'

describe('VersionedBodyCache', () => {
  it('serialises once per version: the same question and version reuse the bytes, a new version builds again', () => {
    const cache = new VersionedBodyCache()
    let builds = 0
    const build = (n: number) => () => (builds++, cachedBody({ n }, `"v${n}"`))
    const a = cache.get('q', 1, build(1))
    expect(cache.get('q', 1, build(99))).toBe(a)
    expect(builds).toBe(1)
    expect(a.raw.toString()).toBe('{"n":1}')
    const b = cache.get('q', 2, build(2))
    expect(b.raw.toString()).toBe('{"n":2}')
    expect(builds).toBe(2)
    expect(cache.size).toBe(1)
  })

  it('compresses once per encoding, and the bytes decompress to the body', () => {
    const cache = new VersionedBodyCache()
    const body = cache.get('q', 1, () => cachedBody({ rows: Array.from({ length: 200 }, (_, i) => ({ type_id: i, sell_min: i * 1.5 })) }, '"x"'))
    const gz = cache.encoded(body, 'gzip')
    expect(cache.encoded(body, 'gzip')).toBe(gz)
    expect(zlib.gunzipSync(gz).equals(body.raw)).toBe(true)
    expect(zlib.brotliDecompressSync(cache.encoded(body, 'br')).equals(body.raw)).toBe(true)
  })

  it('drops the least recently used bodies beyond its byte budget', () => {
    const cache = new VersionedBodyCache(25)
    const body = (s: string) => () => cachedBody(s, `"${s}"`, 'text/plain')
    cache.get('a', 1, body('aaaaaaaaaa'))
    cache.get('b', 1, body('bbbbbbbbbb'))
    cache.get('a', 1, body('never'))
    cache.get('c', 1, body('cccccccccc'))
    let rebuilt = ''
    cache.get('b', 1, () => ((rebuilt = 'b'), cachedBody('bbbbbbbbbb', '"b"')))
    expect(rebuilt).toBe('b')
  })
})

describe('pickEncoding', () => {
  it('prefers br, then gzip, honours q=0, and sends plain bytes otherwise', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip')
    expect(pickEncoding('*')).toBe('gzip')
    expect(pickEncoding('identity')).toBe(null)
    expect(pickEncoding(undefined)).toBe(null)
  })
})
