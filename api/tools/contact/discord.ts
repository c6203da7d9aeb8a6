import { retryAfterMs } from '../../../platform/discord/retry-after.js'
import type { Logger } from '../../../platform/log.js'
import type { ContactMessage } from '../../../schemas/contact.js'

/** The JSON body of Discord's "execute webhook" call, as far as this module uses it. */
export interface DiscordWebhookBody {
  username: string
  allowed_mentions: { parse: string[] }
  embeds: Array<{
    title: string
    description: string
    color: number
    fields: Array<{ name: string; value: string; inline?: boolean }>
    timestamp: string
  }>
}

export interface ForwardOptions {
  timeoutMs?: number
  /** A 429 asking to wait at most this long is retried once; longer waits give up (the message is stored anyway). */
  maxRetryWaitMs?: number
  /** Waits before the tries after an outage (5xx, no answer, timeout): one more try per entry. */
  outageRetryDelaysMs?: number[]
}

/** Discord's limit for an embed description. */
export const EMBED_DESCRIPTION_MAX = 4096
const SHORTENED = '\n… (shortened for Discord: the full message is in the admin area)'

/**
 * Text from an anonymous visitor, shown as typed: no masked links ('[Verify](https://evil)'), headings, quotes,
 * spoilers, code or custom emoji. Discord renders a backslash before any punctuation as that punctuation.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|[\]<]/g, '\\$&').replace(/^([ \t]*)([#>-])/gm, '$1\\$2')
}

/** Escaping can double a message's length: cut it to Discord's limit rather than have the post refused. */
function fitDescription(text: string): string {
  if (text.length <= EMBED_DESCRIPTION_MAX) return text
  let cut = text.slice(0, EMBED_DESCRIPTION_MAX - SHORTENED.length).replace(/[\ud800-\udbff]$/, '')
  // An odd run of trailing backslashes ends in half an escape, which would swallow the note's first character.
  const trailingBackslashes = cut.length - cut.replace(/\\+$/, '').length
  if (trailingBackslashes % 2 === 1) cut = cut.slice(0, -1)
  return cut + SHORTENED
}

/**
 * One embed per message. Mentions are disabled so '@everyone' in a message cannot ping the channel, and the
 * visitor's text is escaped so it cannot dress itself up in the bot's post.
 */
export function contactEmbed(msg: ContactMessage): DiscordWebhookBody {
  return {
    username: 'J-Space Toolbox',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: `Contact form: ${msg.topic}`,
        description: fitDescription(escapeMarkdown(msg.message)),
        color: 0x5cc8ff,
        fields: [
          { name: 'Name', value: escapeMarkdown(msg.name), inline: true },
          { name: 'Email', value: escapeMarkdown(msg.email), inline: true },
          { name: 'Message id', value: msg.id },
        ],
        timestamp: msg.received_at,
      },
    ],
  }
}

/**
 * Post a stored message to the configured Discord webhook. Never throws: a failure is logged (without the
 * webhook token) and reported as false, because the message is already safe in the database. The post is the
 * owner's notice that a message came, so an outage (5xx, no answer) is tried again after 1 s and 2 s, and a short
 * 429 once; a refusal (400, 401, 403, 404) is not. A retry after a timeout may show the message twice, which is
 * harmless here (unlike the killfeed's posts).
 */
export async function forwardToDiscord(webhookUrl: string, msg: ContactMessage, log: Logger, options: ForwardOptions = {}): Promise<boolean> {
  const { timeoutMs = 10_000, maxRetryWaitMs = 5_000, outageRetryDelaysMs = [1_000, 2_000] } = options
  const where = { host: new URL(webhookUrl).host, messageId: msg.id }
  const body = JSON.stringify(contactEmbed(msg))
  let rateLimited = false
  let outages = 0
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
  for (;;) {
    let res: Response
    try {
      // A redirect is never followed: a webhook that answers with one has moved or is not Discord's, and following
      // it would send the message somewhere the operator did not configure. It is a failed post, logged below.
      res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      if (outages < outageRetryDelaysMs.length) {
        await wait(outageRetryDelaysMs[outages++])
        continue
      }
      log.warn({ ...where, err: (err as Error).message, tries: outages + 1 }, 'contact message not forwarded to Discord: request failed')
      return false
    }
    if (res.ok) return true
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => {})
      log.warn({ ...where, status: res.status }, 'contact message not forwarded to Discord: the webhook answered with a redirect, which is not followed')
      return false
    }
    const text = await res.text().catch(() => '')
    const waitMs = res.status === 429 ? retryAfterMs(res, text) : null
    if (waitMs !== null && waitMs <= maxRetryWaitMs && !rateLimited) {
      rateLimited = true
      await wait(waitMs)
      continue
    }
    if (res.status >= 500 && outages < outageRetryDelaysMs.length) {
      await wait(outageRetryDelaysMs[outages++])
      continue
    }
    log.warn({ ...where, status: res.status, body: text.slice(0, 300) }, 'contact message not forwarded to Discord')
    return false
  }
}
