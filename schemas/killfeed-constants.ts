/**
 * The killfeed admin's choices, limits and fixed sentences, shared by the pages and the API.
 * (No zod here: the pages import it.)
 */
import { canonicalDiscordWebhookUrl } from './discord-webhook.js'

export const ITEM_TYPES = ['alliance', 'corporation', 'character', 'system'] as const
export type ItemType = (typeof ITEM_TYPES)[number]

/** kills: the entity is among the attackers; losses: the entity is the victim; both: either. */
export const MODES = ['both', 'kills', 'losses'] as const
export type Mode = (typeof MODES)[number]

export const RESOLVE_MIN_CHARS = 2
export const MAX_WEBHOOKS_PER_ROUTE = 10

export const KILLFEED_TEXT = {
  loginFailed: 'Login failed',
  needWebhook: "Provide at least one webhook URL or enable 'Global only'.",
  confirmDelete: 'Delete this route?',
} as const

/** The webhook box takes URLs separated by commas, newlines or spaces; empty entries and repeats are dropped. */
export function splitWebhookList(text: string): string[] {
  // One spelling per webhook, so the same webhook written two ways is posted to once.
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map(canonicalDiscordWebhookUrl),
    ),
  ]
}

/**
 * A kill tracker path: one lowercase URL segment of letters, digits, '-' and '_', 2-40 characters, starting and
 * ending with a letter or digit. Lowercase only, because the site's router matches paths case-insensitively.
 */
export const TRACKED_PLAYER_PATH = /^[a-z0-9][a-z0-9_-]{0,38}[a-z0-9]$/

/**
 * `discord.com/api/webhooks/1234…5678/••••`: enough to tell webhooks apart, never the token. A `thread_id` is kept
 * (`…/••••?thread_id=…`): one webhook posting to two threads of a forum is two webhooks of a route.
 */
export function maskWebhook(url: string): string {
  const m = /^https:\/\/([^/]+)\/api(?:\/v\d+)?\/webhooks\/(\d+)\/[^?#]*(?:\?(?:.*&)?thread_id=(\d+))?/.exec(url)
  if (!m) return 'webhook'
  const id = m[2].length > 8 ? `${m[2].slice(0, 4)}…${m[2].slice(-4)}` : m[2]
  return `${m[1]}/api/webhooks/${id}/••••${m[3] ? `?thread_id=${m[3]}` : ''}`
}
