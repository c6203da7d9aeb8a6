import { retryAfterMs } from '../../platform/discord/retry-after.js'

/** How every stored post error about Discord's answer begins (BROKEN_WEBHOOK_ERROR reads it back). */
const DISCORD_ANSWERED = 'Discord answered'

/** What one post to a webhook came to, and what to do next. */
export type PostOutcome =
  /** Accepted. `waitMs`: the webhook's rate-limit bucket is empty; wait this long before its next post. */
  | { kind: 'posted'; waitMs: number }
  /**
   * 429: not posted; Discord says when to try again. `global`: the limit is on the whole app or IP, not this
   * webhook, so no webhook may post until the wait is over.
   */
  | { kind: 'rate-limited'; waitMs: number; global: boolean; error: string }
  /** A 5xx answer, a timeout or a network error: try again later with backoff. */
  | { kind: 'retry'; error: string }
  /** Any other answer (404 unknown webhook, 401, 400 bad body, a redirect): trying again would not help. */
  | { kind: 'failed'; error: string; status: number }

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
        // Never follow a redirect: Discord's webhook API does not redirect, so a redirect means the post did not
        // reach Discord, and following it would send the message (and the URL's token) somewhere else.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      })
    } catch (err) {
      return { kind: 'retry', error: `no answer: ${(err as Error).message}` }
    }
    const text = await res.text().catch(() => '')
    if (res.status >= 300 && res.status < 400) {
      const to = res.headers.get('location')
      return { kind: 'failed', status: res.status, error: `${DISCORD_ANSWERED} ${res.status}: a redirect${to ? ` to ${to.slice(0, 120)}` : ''}, not followed` }
    }
    if (res.ok) return { kind: 'posted', waitMs: bucketWaitMs(res) }
    const reason = describeError(res.status, text)
    if (res.status === 429) return { kind: 'rate-limited', waitMs: retryAfterMs(res, text) ?? 1000, global: isGlobalLimit(res, text), error: reason }
    if (res.status >= 500) return { kind: 'retry', error: reason }
    return { kind: 'failed', error: reason, status: res.status }
  }
}

/** After a success, Discord says in X-RateLimit-Remaining / X-RateLimit-Reset-After when the bucket is spent. */
function bucketWaitMs(res: Response): number {
  if (res.headers.get('x-ratelimit-remaining') !== '0') return 0
  const seconds = Number(res.headers.get('x-ratelimit-reset-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 0
}

/**
 * A 429 is global when its JSON body says `"global": true` or it carries `X-RateLimit-Global: true`. A 429 whose
 * body is not JSON comes from Cloudflare in front of Discord, which blocks the whole IP (Discord's "invalid
 * request limit"), so it is global too: posting to other webhooks meanwhile only lengthens the block.
 */
function isGlobalLimit(res: Response, text: string): boolean {
  if (res.headers.get('x-ratelimit-global')?.toLowerCase() === 'true') return true
  const body = parseJson(text)
  return body === undefined || (typeof body === 'object' && body !== null && (body as { global?: unknown }).global === true)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function describeError(status: number, text: string): string {
  const parsed = parseJson(text) as { message?: unknown } | undefined
  // An HTML page (Cloudflare's, in front of Discord) says nothing useful in a one-line error, and is not Discord
  // speaking about the webhook: written so that BROKEN_WEBHOOK_ERROR does not match it.
  if (parsed === undefined && /^\s*</.test(text)) return `${DISCORD_ANSWERED} ${status} (an HTML page instead of JSON)`
  const message = typeof parsed?.message === 'string' && parsed.message ? parsed.message : text
  return `${DISCORD_ANSWERED} ${status}${message ? `: ${message.slice(0, 200)}` : ''}`
}

/**
 * Discord's answers that mean the webhook itself is unusable: 404 (deleted: Unknown Webhook, code 10015), 401 (wrong
 * token: Invalid Webhook Token, code 50027) or 403 (no access). Retrying never helps; the admin has to change the URL.
 */
export const BROKEN_WEBHOOK_STATUSES = [401, 403, 404] as const

/** Matches a stored post error (as `describeError` writes it) for one of the BROKEN_WEBHOOK_STATUSES (RE2 and JS). */
export const BROKEN_WEBHOOK_ERROR = `^${DISCORD_ANSWERED} (${BROKEN_WEBHOOK_STATUSES.join('|')})(: |$)`

/** Discord's status and message in a stored post error that says the webhook is unusable; null for any other error. */
export function brokenWebhookAnswer(error: string): { status: number; message: string } | null {
  const m = new RegExp(BROKEN_WEBHOOK_ERROR).exec(error)
  return m ? { status: Number(m[1]), message: error.slice(m[0].length) } : null
}
