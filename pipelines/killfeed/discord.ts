import { retryAfterMs } from '../../api/tools/contact/discord.js'

/** What one post to a webhook came to, and what to do next. */
export type PostOutcome =
  /** Accepted. `waitMs`: the webhook's rate-limit bucket is empty; wait this long before its next post. */
  | { kind: 'posted'; waitMs: number }
  /** 429: not posted; Discord says when to try again. */
  | { kind: 'rate-limited'; waitMs: number; error: string }
  /** A 5xx answer, a timeout or a network error: try again later with backoff. */
  | { kind: 'retry'; error: string }
  /** Any other answer (404 unknown webhook, 401, 400 bad body): trying again would not help. */
  | { kind: 'failed'; error: string }

export interface DiscordClientOptions {
  /** Where webhook posts go: https://discord.com, or a fake in tests and demo. */
  baseUrl: string
  userAgent: string
  timeoutMs?: number
}

/**
 * Posts to Discord webhooks. Routes store real `https://discord.com/api/webhooks/<id>/<token>` URLs (nothing
 * else is accepted); the post goes to the same path under `baseUrl`, so no request can reach another host.
 */
export class DiscordWebhookClient {
  constructor(private options: DiscordClientOptions) {}

  target(webhookUrl: string): string {
    const u = new URL(webhookUrl)
    return `${this.options.baseUrl.replace(/\/$/, '')}${u.pathname}${u.search}`
  }

  async post(webhookUrl: string, body: string): Promise<PostOutcome> {
    let res: Response
    try {
      res = await fetch(this.target(webhookUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': this.options.userAgent },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      })
    } catch (err) {
      return { kind: 'retry', error: `no answer: ${(err as Error).message}` }
    }
    const text = await res.text().catch(() => '')
    if (res.ok) return { kind: 'posted', waitMs: bucketWaitMs(res) }
    const reason = describeError(res.status, text)
    if (res.status === 429) return { kind: 'rate-limited', waitMs: retryAfterMs(res, text) ?? 1000, error: reason }
    if (res.status >= 500) return { kind: 'retry', error: reason }
    return { kind: 'failed', error: reason }
  }
}

/** After a success, Discord says in X-RateLimit-Remaining / X-RateLimit-Reset-After when the bucket is spent. */
function bucketWaitMs(res: Response): number {
  if (res.headers.get('x-ratelimit-remaining') !== '0') return 0
  const seconds = Number(res.headers.get('x-ratelimit-reset-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 0
}

function describeError(status: number, text: string): string {
  let message = text
  try {
    const parsed = JSON.parse(text) as { message?: string }
    if (parsed.message) message = parsed.message
  } catch {
    /* not JSON */
  }
  return `Discord answered ${status}${message ? `: ${message.slice(0, 200)}` : ''}`
}
