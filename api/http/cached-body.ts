import zlib from 'node:zlib'
import type { Context } from 'koa'
import { ifNoneMatchNames } from './etag.js'

/**
 * An answer serialised once and compressed once per encoding, then served as bytes until its version changes. Koa
 * would otherwise run JSON.stringify twice an answer (koa-compress asks for the length first), and compress it again
 * for every request, though the answer cannot change before the next snapshot or import.
 */
export interface CachedBody {
  etag: string
  type: string
  raw: Buffer
  gzip?: Buffer
  br?: Buffer
}

/** Compressed forms are made only for bodies worth it (koa-compress's own threshold). */
export const COMPRESS_FROM_BYTES = 1024

export function cachedBody(value: unknown, etag: string, type = 'application/json; charset=utf-8'): CachedBody {
  const raw = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value))
  return { etag, type, raw }
}

/**
 * Bodies by question, each tagged with the version it was built for (a snapshot id, an import id): a lookup with
 * another version builds the body again and replaces it. Least recently used bodies go first once `maxBytes` of
 * bodies (compressed forms included) are held.
 */
export class VersionedBodyCache {
  private entries = new Map<string, { version: string; body: CachedBody; bytes: number }>()
  private bytes = 0

  constructor(private maxBytes = 32 * 1024 * 1024) {}

  get(key: string, version: string | number, build: () => CachedBody): CachedBody {
    const v = String(version)
    const hit = this.entries.get(key)
    if (hit && hit.version === v) {
      // Map keeps insertion order: moving the entry to the end makes the first entry the least recently used.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.body
    }
    if (hit) this.drop(key)
    const body = build()
    const entry = { version: v, body, bytes: body.raw.length }
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    this.evict()
    return body
  }

  /** The body held for `key` at `version`, without building one or counting it as used. */
  peek(key: string, version: string | number): CachedBody | undefined {
    const hit = this.entries.get(key)
    return hit && hit.version === String(version) ? hit.body : undefined
  }

  /** Compressed forms are made on first request for them and counted against the budget. */
  encoded(body: CachedBody, encoding: 'gzip' | 'br'): Buffer {
    const have = body[encoding]
    if (have) return have
    const made = encodeBody(body, encoding)
    for (const entry of this.entries.values()) {
      if (entry.body === body) {
        entry.bytes += made.length
        this.bytes += made.length
      }
    }
    this.evict()
    return made
  }

  get size(): number {
    return this.entries.size
  }

  private drop(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.bytes -= entry.bytes
    this.entries.delete(key)
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break
      this.drop(key)
    }
  }
}

/** The body compressed as `encoding`, made once and kept on the body. */
export function encodeBody(body: CachedBody, encoding: 'gzip' | 'br'): Buffer {
  return (body[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(body.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.raw.length } })
      : zlib.gzipSync(body.raw, { level: 6 }))
}

/** The encoding to send from a request's Accept-Encoding: br, then gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

/**
 * Sends a cached body: 304 when the client's If-None-Match names its ETag, else its bytes, compressed as the client
 * accepts (with Content-Encoding set, koa-compress leaves it alone). The caller sets Cache-Control.
 */
export function sendCachedBody(kctx: Context, body: CachedBody, encode: (body: CachedBody, encoding: 'gzip' | 'br') => Buffer = encodeBody): void {
  kctx.set('ETag', body.etag)
  kctx.vary('Accept-Encoding')
  if (ifNoneMatchNames(kctx.get('If-None-Match'), body.etag)) {
    kctx.status = 304
    return
  }
  kctx.type = body.type
  const encoding = body.raw.length >= COMPRESS_FROM_BYTES ? pickEncoding(kctx.get('Accept-Encoding')) : null
  if (encoding) {
    kctx.set('Content-Encoding', encoding)
    kctx.body = encode(body, encoding)
  } else {
    kctx.body = body.raw
  }
}
