import crypto from 'node:crypto'
import type { Context } from 'koa'
import { AnswerReplay } from './answer-replay.js'
import { sendCachedBody, type CachedBody } from './cached-body.js'

/** A JSON body serialised once (per import, say), with a strong ETag of its bytes; compressed once on demand. */
export type JsonWithEtag = CachedBody

export function jsonWithEtag(value: unknown): JsonWithEtag {
  const raw = Buffer.from(JSON.stringify(value))
  return { raw, etag: `"${crypto.createHash('sha1').update(raw).digest('base64url')}"`, type: 'application/json; charset=utf-8' }
}

const ONE_HOUR = { 'Cache-Control': 'public, max-age=3600' }

/**
 * Answers a body built by `jsonWithEtag`: 304 when the client already has it, else the JSON; cacheable for an hour.
 * While `isCurrent()` holds (the same import), the same URL is replayed outside Koa (api/http/answer-replay.ts).
 */
export function sendJsonWithEtag(kctx: Context, cached: JsonWithEtag, isCurrent?: () => boolean): void {
  kctx.set(ONE_HOUR)
  sendCachedBody(kctx, cached)
  if (isCurrent) AnswerReplay.offer(kctx.req, { current: () => (isCurrent() ? cached : undefined), headers: () => ONE_HOUR })
}
