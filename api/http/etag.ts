import crypto from 'node:crypto'
import type { Context } from 'koa'

/**
 * Whether a request's If-None-Match names `etag`, compared as RFC 9110 (13.1.2) asks of If-None-Match: weakly (a
 * `W/` prefix on either side is ignored), against each entity tag of a comma-separated list, and `*` matches any.
 * A proxy that compresses an answer weakens its ETag (`"x"` becomes `W/"x"`), and the client then sends that form
 * back; an exact string comparison never matched it.
 */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

/** A JSON body serialised once (per import, say), with a strong ETag of its bytes. */
export interface JsonWithEtag {
  body: string
  etag: string
}

export function jsonWithEtag(value: unknown): JsonWithEtag {
  const body = JSON.stringify(value)
  return { body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"` }
}

/** Answers a body built by `jsonWithEtag`: 304 when the client already has it, else the JSON; cacheable for an hour. */
export function sendJsonWithEtag(kctx: Context, cached: JsonWithEtag): void {
  kctx.set('ETag', cached.etag)
  kctx.set('Cache-Control', 'public, max-age=3600')
  if (ifNoneMatchNames(kctx.get('If-None-Match'), cached.etag)) {
    kctx.status = 304
    return
  }
  kctx.type = 'application/json'
  kctx.body = cached.body
}
