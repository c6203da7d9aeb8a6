import http from 'node:http'
import type { AddressInfo } from 'node:net'

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
 * Retry-After header, an outage status, or a success that says the webhook's rate-limit bucket is empty.
 */
export type ScriptedReply =
  | { status: 429; retryAfterSeconds?: number; retryAfterHeader?: string }
  | { status: 500 | 502 | 503 | 404 }
  | { status: 204; bucketResetAfterSeconds?: number }

/** How the fake answers the next posts: like Discord when it works, when it fails, or when it rate-limits. */
export type FakeWebhookMode = 'ok' | 'server-error' | 'rate-limited-once' | 'unknown-webhook'

export interface FakeDiscordWebhook {
  /** `http://127.0.0.1:<port>/api/webhooks/<id>/<token>` */
  url: string
  /** Every post received, including refused ones, oldest first. */
  posts: RecordedPost[]
  mode: FakeWebhookMode
  /** Answer the next posts with these, in order, then go back to `mode`. */
  script(...replies: ScriptedReply[]): void
  close(): Promise<void>
}

/**
 * A loopback stand-in for Discord's "execute webhook" endpoint (POST /api/webhooks/{id}/{token}) that speaks its
 * answers: 204 with no body on success, 429 `{message, retry_after, global}` with Retry-After, 404 `{message, code: 10015}`
 * for an unknown webhook, and a 500 for an outage.
 */
export async function startFakeDiscordWebhook(): Promise<FakeDiscordWebhook> {
  const posts: RecordedPost[] = []
  const state = { mode: 'ok' as FakeWebhookMode, limitedOnce: false }
  const scripted: ScriptedReply[] = []
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
      const next = scripted.shift()
      if (next) {
        if (next.status === 429) {
          const payload = next.retryAfterSeconds === undefined ? { message: 'You are being rate limited.', global: false } : { message: 'You are being rate limited.', retry_after: next.retryAfterSeconds, global: false }
          return json(429, payload, next.retryAfterHeader ? { 'Retry-After': next.retryAfterHeader } : {})
        }
        if (next.status === 204) {
          const reset = next.bucketResetAfterSeconds
          res.writeHead(204, reset === undefined ? {} : { 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': String(reset) }).end()
          return
        }
        return json(next.status, next.status === 404 ? { message: 'Unknown Webhook', code: 10015 } : { message: `${next.status}: Server Error`, code: 0 })
      }
      switch (state.mode) {
        case 'server-error':
          return json(500, { message: '500: Internal Server Error', code: 0 })
        case 'unknown-webhook':
          return json(404, { message: 'Unknown Webhook', code: 10015 })
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
