import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

/** Discord's documented 429 answers (platform/fakes/discord/*.doc-example.http): status line, headers, blank line, JSON. */
export type DocumentedLimit = 'user' | 'shared' | 'global'
export function documented429(scope: DocumentedLimit): { headers: Record<string, string>; body: { message: string; retry_after: number; global: boolean } } {
  const text = fs.readFileSync(fileURLToPath(new URL(`../fakes/discord/429-${scope}.doc-example.http`, import.meta.url)), 'utf8')
  const [head, body] = text.split(/\r?\n\r?\n/, 2)
  const headers: Record<string, string> = {}
  for (const line of head.split(/\r?\n/).slice(1)) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).trim()] = line.slice(i + 1).trim()
  }
  return { headers, body: JSON.parse(body) as { message: string; retry_after: number; global: boolean } }
}

export interface RecordedPost {
  path: string
  contentType: string | undefined
  body: unknown
  /** When it arrived (ms since the epoch). */
  at: number
  /** The status the fake answered with. */
  status: number
}

/**
 * A scripted answer, used before `mode` applies: a 429 with `retry_after` in the JSON body and/or only a
 * Retry-After header (global: `"global": true` in the body; globalHeader: `X-RateLimit-Global: true` with a body
 * that says false; html: Cloudflare's HTML page instead of JSON), an outage status, Discord's answers for a
 * deleted webhook (404), a wrong token (401) or missing access (403), or a success that says the webhook's
 * rate-limit bucket is empty.
 */
export type ScriptedReply =
  | { status: 429; retryAfterSeconds?: number; retryAfterHeader?: string; global?: boolean; globalHeader?: boolean; html?: boolean }
  | { status: 500 | 502 | 503 | 404 | 401 | 403 }
  | { status: 204; bucketResetAfterSeconds?: number }
  /** One of Discord's documented 429 answers, body and headers as the docs give them. */
  | { status: 429; documented: DocumentedLimit }
  /** A redirect (which Discord's webhook API never answers): the client must not follow it. */
  | { status: 301 | 302 | 307 | 308; location: string }

/** Discord's JSON error bodies for the refusals the fake can answer with. */
const REFUSALS: Record<number, { message: string; code: number }> = {
  401: { message: 'Invalid Webhook Token', code: 50027 },
  403: { message: 'Missing Permissions', code: 50013 },
  404: { message: 'Unknown Webhook', code: 10015 },
}

/** How the fake answers the next posts: like Discord when it works, when it fails, or when it rate-limits. */
export type FakeWebhookMode = 'ok' | 'server-error' | 'rate-limited-once' | 'unknown-webhook' | 'invalid-token'

export interface FakeDiscordWebhook {
  /** `http://127.0.0.1:<port>/api/webhooks/<id>/<token>` */
  url: string
  /** Every post received, including refused ones, oldest first. */
  posts: RecordedPost[]
  mode: FakeWebhookMode
  /** Answer the next posts with these, in order, then go back to `mode`. */
  script(...replies: ScriptedReply[]): void
  /** Webhook ids (the number in the path) deleted in Discord: their posts get 404 Unknown Webhook, before any script or mode. */
  deleted: Set<string>
  close(): Promise<void>
}

/**
 * A loopback stand-in for Discord's "execute webhook" endpoint (POST /api/webhooks/{id}/{token}) that speaks its
 * answers: 204 with no body on success, 429 `{message, retry_after, global}` with Retry-After (or Cloudflare's HTML
 * page), 404 `{message, code: 10015}` for an unknown webhook, 401 `{message, code: 50027}` for a wrong token, and a
 * 500 for an outage.
 */
export async function startFakeDiscordWebhook(): Promise<FakeDiscordWebhook> {
  const posts: RecordedPost[] = []
  const state = { mode: 'ok' as FakeWebhookMode, limitedOnce: false }
  const scripted: ScriptedReply[] = []
  const deleted = new Set<string>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        /* keep the raw text */
      }
      if (req.method !== 'POST' || !/^\/api\/webhooks\/\d+\/[\w-]+$/.test(req.url?.split('?')[0] ?? '')) {
        res.writeHead(405, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: '405: Method Not Allowed', code: 0 }))
        return
      }
      const post: RecordedPost = { path: req.url ?? '', contentType: req.headers['content-type'], body, at: Date.now(), status: 204 }
      posts.push(post)
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        post.status = status
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(payload))
      }
      if (deleted.has(post.path.split('/')[3])) return json(404, REFUSALS[404])
      const next = scripted.shift()
      if (next) {
        if ('documented' in next) {
          const doc = documented429(next.documented)
          return json(429, doc.body, doc.headers)
        }
        if ('location' in next) {
          post.status = next.status
          res.writeHead(next.status, { Location: next.location, 'Content-Type': 'text/html' }).end('<a href="">Moved</a>')
          return
        }
        if (next.status === 429) {
          const headers: Record<string, string> = next.retryAfterHeader ? { 'Retry-After': next.retryAfterHeader } : {}
          if (next.html) {
            // Cloudflare's block page: no JSON and no Discord headers, only Retry-After.
            post.status = 429
            res
              .writeHead(429, { 'Content-Type': 'text/html; charset=UTF-8', ...headers })
              .end('<!DOCTYPE html><html><head><title>Error 1015</title></head><body><h1>You are being rate limited</h1></body></html>')
            return
          }
          if (next.globalHeader) headers['X-RateLimit-Global'] = 'true'
          const global = Boolean(next.global)
          const payload =
            next.retryAfterSeconds === undefined
              ? { message: 'You are being rate limited.', global }
              : { message: 'You are being rate limited.', retry_after: next.retryAfterSeconds, global }
          return json(429, payload, headers)
        }
        if (next.status === 204) {
          const reset = next.bucketResetAfterSeconds
          res
            .writeHead(204, reset === undefined ? {} : { 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': String(reset) })
            .end()
          return
        }
        return json(next.status, REFUSALS[next.status] ?? { message: `${next.status}: Server Error`, code: 0 })
      }
      switch (state.mode) {
        case 'server-error':
          return json(500, { message: '500: Internal Server Error', code: 0 })
        case 'unknown-webhook':
          return json(404, REFUSALS[404])
        case 'invalid-token':
          return json(401, REFUSALS[401])
        case 'rate-limited-once':
          if (!state.limitedOnce) {
            state.limitedOnce = true
            return json(429, { message: 'You are being rate limited.', retry_after: 0.3, global: false }, { 'Retry-After': '1', 'X-RateLimit-Scope': 'shared' })
          }
          break
        case 'ok':
          break
      }
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/123456789012345678/fake-token_for-tests-0123456789`,
    posts,
    get mode() {
      return state.mode
    },
    set mode(mode: FakeWebhookMode) {
      state.mode = mode
      state.limitedOnce = false
    },
    script: (...replies) => void scripted.push(...replies),
    deleted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
