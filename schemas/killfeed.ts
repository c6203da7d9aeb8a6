import { z } from 'zod'
import { isDiscordWebhookUrl } from './discord-webhook.js'
import {
  EMBED_STYLES,
  ITEM_TYPES,
  MAX_WEBHOOKS_PER_ROUTE,
  MODES,
  RESOLVE_MIN_CHARS,
  SECURITY_BANDS,
  splitWebhookList,
  TRACKED_PLAYER_PATH,
  WORMHOLE_CLASS_CHOICES,
} from './killfeed-constants.js'
import { LiveKill } from './live-kill.js'
import { wellFormed } from './well-formed.js'

const required = (what: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? 'required' : what) })

export const ItemType = z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(', ')}` })
export const Mode = z.enum(MODES, { error: `must be one of ${MODES.join(', ')}` })
/** ESI ids are 64-bit integers; every id in use fits a JavaScript number exactly. */
export const EntityId = z.number(required('must be a whole number')).int('must be a whole number').positive('must be positive').max(Number.MAX_SAFE_INTEGER)
/** A broken character (a lone UTF-16 surrogate, which ClickHouse refuses on insert) becomes U+FFFD. */
const DisplayName = z.string(required('must be text')).overwrite(wellFormed).trim().min(1, 'required').max(100, 'at most 100 characters')

/**
 * The webhook box: Discord webhook URLs separated by commas or newlines, normalised to one URL per line.
 * Only https Discord webhook URLs are accepted, so the server never posts anywhere else.
 */
export const WebhookList = z
  .string(required('must be text'))
  .max(MAX_WEBHOOKS_PER_ROUTE * 300, 'too long')
  .transform((text, ctx) => {
    const urls = splitWebhookList(text)
    for (const url of urls) {
      if (!isDiscordWebhookUrl(url)) {
        ctx.addIssue({
          code: 'custom',
          message: `'${url.length > 60 ? url.slice(0, 57) + '…' : url}' is not a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>)`,
        })
        return z.NEVER
      }
    }
    if (urls.length > MAX_WEBHOOKS_PER_ROUTE) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_WEBHOOKS_PER_ROUTE} webhook URLs per route` })
      return z.NEVER
    }
    return urls.join('\n')
  })
  .meta({ description: 'Discord webhook URLs, comma or newline separated', example: 'https://discord.com/api/webhooks/123456789012345678/token' })

export const TrackedItem = z
  .object({ item_type: ItemType, entity_id: EntityId, display_name: DisplayName, mode: Mode.default('both') })
  .meta({ id: 'KillfeedTrackedItem' })
export type TrackedItem = z.infer<typeof TrackedItem>
export const TrackedList = z.array(TrackedItem).meta({ id: 'KillfeedTrackedList' })

export const TrackedKey = z.object({ item_type: ItemType, entity_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

const IdList = (what: string) =>
  z
    .array(
      z
        .number({ error: `must be a list of ${what} ids` })
        .int('must be whole numbers')
        .positive('must be positive'),
      { error: `must be a list of ${what} ids` },
    )
    .max(500, `at most 500 ${what}s`)
    .transform((ids) => [...new Set(ids)])
const Count = z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'at most 10,000')

/**
 * What a route posts beyond its entity and mode: every filter is optional, and the ones given must all hold (AND).
 * An unknown field is refused, so a misspelt filter never silently posts everything. NPC-only kills are left out
 * unless include_npc is true. Filters that contradict each other are refused with a sentence; the ones that need
 * the static data (an unknown system, places with no system in common) are refused by the API before saving.
 */
export const RouteFilters = z
  .strictObject(
    {
      min_value_isk: z.number({ error: 'must be a number of ISK' }).min(0, 'cannot be negative').max(1e15, 'is too large').optional(),
      include_npc: z.boolean({ error: 'must be true or false' }).optional(),
      wspace_only: z.boolean({ error: 'must be true or false' }).optional(),
      wormhole_classes: z.array(z.enum(WORMHOLE_CLASS_CHOICES, { error: `must be among ${WORMHOLE_CLASS_CHOICES.join(', ')}` })).optional(),
      security: z.array(z.enum(SECURITY_BANDS, { error: 'must be among high, low, null' })).optional(),
      region_ids: IdList('region').optional(),
      constellation_ids: IdList('constellation').optional(),
      system_ids: IdList('system').optional(),
      solo: z.boolean({ error: 'must be true or false' }).optional(),
      min_attackers: Count.optional(),
      max_attackers: Count.optional(),
      victim_category_ids: IdList('category').optional(),
      victim_group_ids: IdList('group').optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown filter ${issue.keys.map((k) => `'${k}'`).join(', ')}` : 'must be an object of filters'),
    },
  )
  .superRefine((f, ctx) => {
    if (f.min_attackers !== undefined && f.max_attackers !== undefined && f.min_attackers > f.max_attackers)
      ctx.addIssue({
        code: 'custom',
        message: `At least ${f.min_attackers} attackers and at most ${f.max_attackers} can never both hold, so this route would post nothing.`,
      })
    if (f.solo && f.min_attackers !== undefined && f.min_attackers > 1)
      ctx.addIssue({ code: 'custom', message: `A solo kill has one attacker, so 'solo only' with at least ${f.min_attackers} attackers would post nothing.` })
    if (f.solo && f.max_attackers === 0) ctx.addIssue({ code: 'custom', message: 'A solo kill has one attacker.' })
  })
  .meta({ id: 'KillfeedRouteFilters', description: 'All optional, combined with AND; an unknown field is a 400' })
export type RouteFilters = z.infer<typeof RouteFilters>

/** '' (no mention), 'here', or a Discord role id (a pasted `<@&id>` is taken too). */
const Mention = z
  .string({ error: 'must be text' })
  .trim()
  .transform((s) => s.replace(/^<@&(\d+)>$/, '$1').replace(/^@here$/, 'here'))
  .refine((s) => s === '' || s === 'here' || /^\d{5,25}$/.test(s), { message: "must be empty, 'here', or a Discord role id" })

const routeFields = {
  item_type: ItemType,
  entity_id: EntityId,
  display_name: DisplayName,
  mode: Mode,
  webhook_url: WebhookList,
  enabled: z.boolean(required('must be true or false')),
  filters: RouteFilters,
  embed_style: z.enum(EMBED_STYLES, { error: 'must be full or compact' }),
  mention: Mention,
  /** The mention is added to posts of kills worth at least this much (0: every kill). */
  mention_min_isk: z.number({ error: 'must be a number of ISK' }).min(0, 'cannot be negative').max(1e15, 'is too large'),
}

export const RouteCreate = z
  .object({
    ...routeFields,
    mode: Mode.default('both'),
    enabled: routeFields.enabled.default(true),
    filters: RouteFilters.default({}),
    embed_style: routeFields.embed_style.default('full'),
    mention: Mention.default(''),
    mention_min_isk: routeFields.mention_min_isk.default(0),
  })
  .refine((r) => r.webhook_url !== '', { path: ['webhook_url'], message: 'give at least one Discord webhook URL' })
  .meta({ id: 'KillfeedRouteCreate' })
export type RouteCreate = z.infer<typeof RouteCreate>

/** The edited fields of a route (id and created_at cannot change). */
export const RoutePatch = z
  .object(routeFields)
  .partial()
  .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'nothing to change' })
  .refine((r) => r.webhook_url !== '', { path: ['webhook_url'], message: 'give at least one Discord webhook URL' })
  .meta({ id: 'KillfeedRoutePatch' })
export type RoutePatch = z.infer<typeof RoutePatch>

export const Route = z
  .object({
    id: z.string(),
    item_type: ItemType,
    entity_id: z.number().int(),
    display_name: z.string(),
    mode: Mode,
    webhook_url: z.string().meta({ description: 'One URL per line' }),
    enabled: z.boolean(),
    created_at: z.string(),
    filters: RouteFilters,
    embed_style: z.enum(EMBED_STYLES),
    mention: z.string(),
    mention_min_isk: z.number(),
    /** Why the server switched the route off (a webhook Discord says is deleted); '' when it did not. */
    disabled_reason: z.string(),
  })
  .meta({ id: 'KillfeedRoute' })
export type Route = z.infer<typeof Route>

/**
 * A webhook of a route that Discord refuses for good (404 Unknown Webhook: deleted; 401 Invalid Webhook Token;
 * 403 no access), going by its latest settled post. Posting again will not help: the admin edits the URL or deletes the route.
 */
export const WebhookHealth = z
  .object({
    webhook_index: z.number().int().meta({ description: "The webhook's line in the route's webhook_url, from 0" }),
    webhook: z.string().meta({ description: 'The webhook, token hidden' }),
    http_status: z.number().int().meta({ description: "Discord's answer: 401, 403 or 404" }),
    message: z.string().meta({ description: "Discord's message, e.g. Unknown Webhook" }),
    since: z.string().meta({ description: 'The first such answer after the webhook last posted' }),
  })
  .meta({ id: 'KillfeedWebhookHealth' })
export type WebhookHealth = z.infer<typeof WebhookHealth>

/** A route as the routes list gives it: the route's fields as they are, plus its webhooks Discord refuses (none: []). */
export const RouteListItem = Route.extend({ webhook_health: z.array(WebhookHealth) }).meta({ id: 'KillfeedRouteListItem' })
export type RouteListItem = z.infer<typeof RouteListItem>
export const RouteList = z.array(RouteListItem).meta({ id: 'KillfeedRouteList' })
export const RouteId = z.object({ id: z.uuid('not a route id') })

export const DeliveryStatus = z.enum(['queued', 'sending', 'posted', 'failed', 'unknown'])
export type DeliveryStatus = z.infer<typeof DeliveryStatus>

/** One post of a kill to one webhook of a route. */
export const RecentPost = z
  .object({
    killmail_id: z.number().int(),
    /** When Discord accepted it; null while queued, after a failure, or when unknown. */
    posted_at: z.string().nullable(),
    queued_at: z.string(),
    route_id: z.string(),
    display_name: z.string().nullable(),
    webhook: z.string().meta({ description: 'The webhook, token hidden' }),
    status: DeliveryStatus,
    attempts: z.number().int(),
    error: z.string(),
  })
  .meta({ id: 'KillfeedRecentPost' })
export type RecentPost = z.infer<typeof RecentPost>
export const RecentPostList = z.array(RecentPost).meta({ id: 'KillfeedRecentPostList' })

export const ResolveQuery = z.object({
  type: ItemType,
  q: z.string(required('must be text')).trim().min(RESOLVE_MIN_CHARS, `at least ${RESOLVE_MIN_CHARS} characters`).max(100, 'at most 100 characters'),
})
export const ResolveResult = z
  .array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kills: z.number().int().optional().meta({ description: 'How many stored killmails name it (names the site stores; absent for a name only ESI knew)' }),
    }),
  )
  .meta({ id: 'KillfeedResolveResult', description: 'Stored names by part of the name, the exact name first, then the most seen; ESI for a name never seen' })
export type ResolveResult = z.infer<typeof ResolveResult>

export const PlayerPath = z
  .string(required('must be text'))
  .trim()
  .regex(TRACKED_PLAYER_PATH, 'must be 2-40 lowercase letters, digits, - or _, starting and ending with a letter or digit')

/** A player with a kill tracker page at /{path}. */
export const TrackedPlayer = z
  .object({
    path: z.string(),
    display_name: z.string(),
    character_ids: z.array(z.number().int()),
    updated_at: z.string(),
  })
  .meta({ id: 'TrackedPlayer' })
export type TrackedPlayer = z.infer<typeof TrackedPlayer>
export const TrackedPlayerList = z.array(TrackedPlayer).meta({ id: 'TrackedPlayerList' })

export const TrackedPlayerFields = z.object({
  display_name: DisplayName,
  character_ids: z
    .array(EntityId, required('must be a list of character ids'))
    .min(1, 'give at least one character id')
    .max(50, 'at most 50 characters per player')
    .transform((ids) => [...new Set(ids)]),
})
export const TrackedPlayerCreate = TrackedPlayerFields.extend({ path: PlayerPath }).meta({ id: 'TrackedPlayerCreate' })
export type TrackedPlayerCreate = z.infer<typeof TrackedPlayerCreate>

/** A compiled filter (schemas/killfeed-match.ts), so the page checks kills pushed over the websocket as the API did. */
export const CompiledFilterWire = z
  .object({
    minValue: z.number(),
    includeNpc: z.boolean(),
    solo: z.boolean(),
    minAttackers: z.number().int(),
    maxAttackers: z.number().int().nullable().meta({ description: 'null: no upper limit' }),
    systems: z.array(z.number().int()).nullable().meta({ description: 'The systems the place filters allow; null: any' }),
    shipTypes: z.array(z.number().int()).nullable().meta({ description: 'The victim ship types the ship filters allow; null: any' }),
  })
  .meta({ id: 'KillfeedCompiledFilter' })

export const LiveKillList = z
  .object({
    /** How many entities the site's live killfeed follows. */
    tracking: z.number().int(),
    kills: z.array(LiveKill),
    /** The filters of the query, compiled; null when none was given. */
    filter: CompiledFilterWire.nullable(),
    /** Names of the regions, constellations, systems, ship groups and categories the filters name, by id. */
    place_names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'LiveKillList' })
export type LiveKillList = z.infer<typeof LiveKillList>

const limitQuery = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback)
/** `GET /api/killfeed/recent` */
export const RecentKillsQuery = z.object({ limit: limitQuery(200, 50) })
const filterText = z.string().max(5000, 'is too long').optional()
/** `GET /api/live-kills`: the filters as FILTER_QUERY_KEYS names them (schemas/killfeed-constants.ts), read by `filtersFromQuery`. */
export const LiveKillsQuery = z.object({
  limit: limitQuery(100, 50),
  min_value_isk: filterText.meta({ description: 'Minimum total value, ISK' }),
  include_npc: filterText.meta({ description: '1: NPC-only kills too (left out otherwise, once any filter is given)' }),
  wspace_only: filterText.meta({ description: '1: wormhole space only' }),
  wormhole_classes: filterText.meta({ description: `Comma-separated among ${WORMHOLE_CLASS_CHOICES.join(', ')}`, example: 'c5,c6' }),
  security: filterText.meta({ description: 'Comma-separated among high, low, null' }),
  region_ids: filterText.meta({ description: 'Comma-separated region ids' }),
  constellation_ids: filterText.meta({ description: 'Comma-separated constellation ids' }),
  system_ids: filterText.meta({ description: 'Comma-separated solar system ids' }),
  solo: filterText.meta({ description: '1: solo kills only' }),
  min_attackers: filterText.meta({ description: 'At least this many attackers' }),
  max_attackers: filterText.meta({ description: 'At most this many attackers' }),
  victim_category_ids: filterText.meta({ description: 'Comma-separated victim ship category ids' }),
  victim_group_ids: filterText.meta({ description: 'Comma-separated victim ship group ids' }),
})
export type LiveKillsQuery = z.infer<typeof LiveKillsQuery>
/** `PUT` and `DELETE /api/admin/tracked-players/:path` */
export const PlayerPathParams = z.object({ path: PlayerPath })

/** `POST /api/killfeed/routes/preview`: what a route being written would have posted. */
export const RoutePreviewRequest = z
  .object({ item_type: ItemType, entity_id: EntityId, mode: Mode.default('both'), filters: RouteFilters.default({}) })
  .meta({ id: 'KillfeedRoutePreviewRequest' })
export type RoutePreviewRequest = z.infer<typeof RoutePreviewRequest>

export const PreviewKill = z.object({
  killmail_id: z.number().int(),
  killmail_time: z.string(),
  value: z.number(),
  url: z.string(),
  ship: z.object({ id: z.number().int(), name: z.string().nullable() }),
  victim: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  system: z.object({ id: z.number().int(), name: z.string().nullable(), class_label: z.string().nullable() }),
  attackers: z.number().int(),
})
export type PreviewKill = z.infer<typeof PreviewKill>

export const RoutePreview = z
  .object({
    days: z.number().int(),
    /** Stored kills of the last `days` days the route would have posted. */
    matched: z.number().int(),
    /** Stored kills of the last `days` days in all. */
    stored: z.number().int(),
    /** The newest matches, newest first. */
    examples: z.array(PreviewKill),
  })
  .meta({ id: 'KillfeedRoutePreview' })
export type RoutePreview = z.infer<typeof RoutePreview>

/** One webhook's answer to a test post. */
export const TestPostResult = z
  .object({
    webhooks: z.array(z.object({ webhook: z.string(), ok: z.boolean(), message: z.string() })),
  })
  .meta({ id: 'KillfeedTestPostResult' })
export type TestPostResult = z.infer<typeof TestPostResult>

/** `GET /api/killfeed/routes/:id/log`: the route's latest posts and failures, and how long Discord asked it to wait. */
export const RouteLog = z
  .object({
    posts: z.array(RecentPost),
    /** Seconds until a webhook of this route may post again (Discord's rate limit, global or its own); 0 when none. */
    rate_limit_wait_seconds: z.number(),
    disabled_reason: z.string(),
  })
  .meta({ id: 'KillfeedRouteLog' })
export type RouteLog = z.infer<typeof RouteLog>

export const PLACE_KINDS = ['region', 'constellation', 'system', 'group', 'category'] as const
/** `GET /api/killfeed/places`: regions, constellations, systems, ship groups or categories by part of the name (static data). */
export const PlaceQuery = z.object({
  kind: z.enum(PLACE_KINDS, { error: `must be one of ${PLACE_KINDS.join(', ')}` }),
  q: z.string(required('must be text')).trim().min(RESOLVE_MIN_CHARS, `at least ${RESOLVE_MIN_CHARS} characters`).max(100, 'at most 100 characters'),
})
export const PlaceList = z
  .array(z.object({ id: z.number().int(), name: z.string(), detail: z.string().meta({ description: 'e.g. the region of a system, the category of a group' }) }))
  .meta({ id: 'KillfeedPlaceList' })
export type PlaceList = z.infer<typeof PlaceList>
export type PlaceQuery = z.infer<typeof PlaceQuery>
