/**
 * The killfeed admin's choices, limits and fixed sentences, shared by the pages and the API.
 * (No zod here: the pages import it.)
 */
import { canonicalDiscordWebhookUrl } from './discord-webhook.js'
import { classLabel, THERA_CLASS } from './wormhole-classes.js'

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

/**
 * The webhook box takes URLs separated by commas or newlines, as it says; spaces around an entry are trimmed and
 * empty entries and repeats are dropped. Two URLs on one line with only a space between them stay one entry, which
 * the validation refuses with a sentence rather than guessing.
 */
export function splitWebhookList(text: string): string[] {
  // One spelling per webhook, so the same webhook written two ways is posted to once.
  return [
    ...new Set(
      text
        .split(/[,\r\n]+/)
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

/**
 * Wormhole classes a route can be limited to, by the SDE's wormholeClassID: C1-C6 (1-6), Thera (12), C13 (13, the
 * shattered frigate-only systems) and the Drifter systems (14-18). "shattered" is the spec's definition of a
 * shattered system (part 2, Wormhole DB: a star named A0IV or a planet type containing 'shattered').
 */
export const WORMHOLE_CLASS_CHOICES = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c13', 'thera', 'shattered', 'drifter'] as const
export type WormholeClassChoice = (typeof WORMHOLE_CLASS_CHOICES)[number]
export const WORMHOLE_CLASS_LABEL: Record<WormholeClassChoice, string> = {
  c1: 'C1',
  c2: 'C2',
  c3: 'C3',
  c4: 'C4',
  c5: 'C5',
  c6: 'C6',
  c13: 'C13',
  thera: 'Thera',
  shattered: 'Shattered',
  drifter: 'Drifter',
}

/** SDE wormholeClassID of known-space systems (the class of their region): 7 high-sec, 8 low-sec, 9 null-sec. */
const KSPACE_CLASS_LABELS: Record<number, string> = { 7: 'High-sec', 8: 'Low-sec', 9: 'Null-sec' }

/**
 * A system's class as a reader names it, from the SDE's wormholeClassID: C1-C6, C13, Thera (12), the Drifter systems
 * by name (14-18), High-sec / Low-sec / Null-sec for known space; null when the static data gives none.
 */
export function systemClassLabel(classId: number | null | undefined): string | null {
  if (classId === null || classId === undefined) return null
  if (classId === THERA_CLASS) return 'Thera'
  return KSPACE_CLASS_LABELS[classId] ?? classLabel(classId)
}

/** Known space by security status, as the game shows it (rounded to one decimal): high 0.5+, low 0.1-0.4, null 0.0 and below. */
export const SECURITY_BANDS = ['high', 'low', 'null'] as const
export type SecurityBand = (typeof SECURITY_BANDS)[number]

/** full: the embed with every field; compact: one line with the ship, victim, system and value. */
export const EMBED_STYLES = ['full', 'compact'] as const
export type EmbedStyle = (typeof EMBED_STYLES)[number]

/** Discord shows at most 10 embeds in one webhook message (message.mdx, "Embed Limits"). */
export const MAX_EMBEDS_PER_MESSAGE = 10

/** The route filters, all optional and combined with AND (issue #40). No zod here: schemas/killfeed.ts validates. */
export interface RouteFiltersShape {
  min_value_isk?: number
  include_npc?: boolean
  wspace_only?: boolean
  wormhole_classes?: WormholeClassChoice[]
  security?: SecurityBand[]
  region_ids?: number[]
  constellation_ids?: number[]
  system_ids?: number[]
  solo?: boolean
  min_attackers?: number
  max_attackers?: number
  victim_category_ids?: number[]
  victim_group_ids?: number[]
}

/** The days of stored kills the route preview looks at. */
export const PREVIEW_DAYS = 7
export const PREVIEW_EXAMPLES = 5

/**
 * The route filters in an address's query (the public live killfeed keeps them in its URL, and passes them to its
 * API): the same names as a route's `filters`, lists comma-separated, flags as 1. `filtersFromQuery` reads only the
 * keys present; with `dropInvalid` a value that does not read is left out (the page), else it is kept as the text it
 * was, so the API's validation says what is wrong with it.
 */
const FILTER_NUMBER_KEYS = ['min_value_isk', 'min_attackers', 'max_attackers'] as const
const FILTER_FLAG_KEYS = ['include_npc', 'wspace_only', 'solo'] as const
const FILTER_ID_LIST_KEYS = ['region_ids', 'constellation_ids', 'system_ids', 'victim_category_ids', 'victim_group_ids'] as const
export const FILTER_QUERY_KEYS = [...FILTER_NUMBER_KEYS, ...FILTER_FLAG_KEYS, 'wormhole_classes', 'security', ...FILTER_ID_LIST_KEYS] as const
export type FilterQueryKey = (typeof FILTER_QUERY_KEYS)[number]

export function filtersToQuery(f: RouteFiltersShape): Partial<Record<FilterQueryKey, string>> {
  const q: Partial<Record<FilterQueryKey, string>> = {}
  for (const k of FILTER_NUMBER_KEYS) if (f[k] !== undefined) q[k] = String(f[k])
  for (const k of FILTER_FLAG_KEYS) if (f[k]) q[k] = '1'
  if (f.wormhole_classes?.length) q.wormhole_classes = f.wormhole_classes.join(',')
  if (f.security?.length) q.security = f.security.join(',')
  for (const k of FILTER_ID_LIST_KEYS) if (f[k]?.length) q[k] = f[k]!.join(',')
  return q
}

export function filtersFromQuery(get: (key: FilterQueryKey) => string | null | undefined, options: { dropInvalid?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const keep = (key: string, value: unknown, ok: boolean, raw: string) => {
    if (ok) out[key] = value
    else if (!options.dropInvalid) out[key] = raw
  }
  for (const k of FILTER_NUMBER_KEYS) {
    const raw = get(k)?.trim()
    if (raw) keep(k, Number(raw), /^\d+(\.\d+)?$/.test(raw), raw)
  }
  for (const k of FILTER_FLAG_KEYS) {
    const raw = get(k)?.trim()
    if (raw) keep(k, raw === '1' || raw === 'true', /^(1|0|true|false)$/.test(raw), raw)
  }
  const list = (raw: string) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  const classes = get('wormhole_classes')?.trim()
  if (classes) {
    const items = list(classes.toLowerCase())
    const known = items.filter((c): c is WormholeClassChoice => (WORMHOLE_CLASS_CHOICES as readonly string[]).includes(c))
    keep('wormhole_classes', options.dropInvalid ? known : items, !options.dropInvalid || known.length > 0, classes)
  }
  const security = get('security')?.trim()
  if (security) {
    const items = list(security.toLowerCase())
    const known = items.filter((b): b is SecurityBand => (SECURITY_BANDS as readonly string[]).includes(b))
    keep('security', options.dropInvalid ? known : items, !options.dropInvalid || known.length > 0, security)
  }
  for (const k of FILTER_ID_LIST_KEYS) {
    const raw = get(k)?.trim()
    if (!raw) continue
    const items = list(raw)
    const ids = items.filter((s) => /^\d{1,15}$/.test(s)).map(Number)
    keep(k, options.dropInvalid ? ids : items.map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : s)), !options.dropInvalid || ids.length > 0, raw)
  }
  return out
}
