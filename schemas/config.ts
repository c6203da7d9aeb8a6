import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { canonicalDiscordWebhookUrl, isDiscordWebhookUrl } from './discord-webhook.js'

/** Every process role the one codebase can play. Embedded mode runs all three in one process. */
export const Role = z.enum(['api', 'ingest', 'pipelines'])
export type Role = z.infer<typeof Role>

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item))

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional())
/** Node fires a timer set beyond 2^31 - 1 ms (about 24.8 days) after 1 ms, so a longer setting would end sessions at once or spin. */
const LONGEST_TIMER_SECONDS = Math.floor((2 ** 31 - 1) / 1000)
const LONGEST_TIMER_MESSAGE = `at most ${LONGEST_TIMER_SECONDS} seconds (about 24 days), the longest timer Node can set`
const flag = z.preprocess((v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()) : v), z.boolean())

/**
 * The community data sets ship with the product in `data/community/` of this checkout (found from this file, so the
 * working directory does not matter). COMMUNITY_DATA_DIR only overrides it, e.g. to try a newer copy of a set.
 */
export const BUNDLED_COMMUNITY_DATA_DIR = fileURLToPath(new URL('../data/community', import.meta.url))

/** Environment variables, validated once at start. The same names work in embedded and distributed mode. */
export const ConfigSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLES: csv(Role).default(['api', 'ingest', 'pipelines']),
  /** Where embedded data (chDB files, import state) lives. */
  DATA_DIR: z.string().default('var'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  CLICKHOUSE_URL: optionalUrl,
  CLICKHOUSE_USER: z.string().default('default'),
  CLICKHOUSE_PASSWORD: z.string().default(''),
  CLICKHOUSE_DATABASE: z.string().default('default'),

  /** host:port of each bootstrap server (kafkajs would otherwise retry a port-less one for half a minute first). */
  KAFKA_BROKERS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    csv(
      z.string().regex(/^[^\s:,]+:([1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5])$/, 'each broker must be host:port, e.g. kafka:9092'),
    ).optional(),
  ),
  KAFKA_CLIENT_ID: z.string().default('jspace-toolbox'),
  /** Prefix for topic names so several deployments can share a cluster. */
  KAFKA_TOPIC_PREFIX: z.string().default('jst.'),

  /** Directory with the community data sets (see docs/data-sources.md). */
  COMMUNITY_DATA_DIR: z.string().default(BUNDLED_COMMUNITY_DATA_DIR),
  /** CCP's pointer to the current static data build (Tranquility); the daily check reads it (docs/data-sources.md). */
  SDE_URL: z.string().url().default('https://developers.eveonline.com/static-data/tranquility/latest.jsonl'),
  /** When (UTC, HH:MM) the daily check for a newer static data build runs: after downtime and CCP's 11:0x release. Empty: no check. */
  SDE_CHECK_AT_UTC: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, 'use HH:MM (UTC), e.g. 11:30, or leave empty to turn the check off')
    .default('11:30'),
  /** Skip running the static import at start even when data is missing (tests of the bare platform). */
  SKIP_STATIC_IMPORT: flag.default(false),

  ESI_BASE_URL: z.string().url().default('https://esi.evetech.net'),
  ZKILL_BASE_URL: z.string().url().default('https://zkillboard.com'),
  ZKILL_R2Z2_URL: z.string().url().default('https://r2z2.zkillboard.com'),
  /** Follow zKillboard's live killmail feed (R2Z2) in the ingest role (docs/tools/killmails.md). */
  ZKILL_FEED_ENABLED: flag.default(true),
  /** When above 0, the ingest role backfills this many days of kills from zKillboard's history at start (resumable). */
  KILLMAIL_BACKFILL_DAYS: z.coerce.number().int().min(0).max(90).default(0),
  IMAGE_SERVER_URL: z.string().url().default('https://images.evetech.net'),
  /** EVE-Scout's public API (Thera and Turnur connections), polled every 5 minutes by the ingest role (docs/operations.md). */
  EVE_SCOUT_BASE_URL: z.string().url().default('https://api.eve-scout.com'),
  USER_AGENT_CONTACT: z.string().default('admin@jspace-toolbox.example'),

  /** Minutes between market order snapshots of each hub region (divides 60, or a multiple of 60). */
  MARKET_CADENCE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .refine((m) => 60 % m === 0 || m % 60 === 0, 'MARKET_CADENCE_MINUTES must divide 60 or be a multiple of 60')
    .default(30),
  /** Seconds between ESI server status checks (the header's online count). */
  STATUS_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .refine((s) => 60 % s === 0 || (s % 60 === 0 && 3600 % s === 0), 'STATUS_INTERVAL_SECONDS must divide 60 or be whole minutes dividing 60')
    .default(60),

  /** Price API requests per minute per client IP (per api process). */
  PRICE_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(3000),

  /** Demo mode: the site runs against loopback fakes and every page shows a banner. */
  DEMO: flag.default(false),

  /** Contact form messages are also posted to this Discord webhook (optional; they are always stored). */
  CONTACT_DISCORD_WEBHOOK_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().refine(isDiscordWebhookUrl, 'must be an https://discord.com/api/webhooks/<id>/<token> URL').transform(canonicalDiscordWebhookUrl).optional(),
  ),

  /** Fitting tool (/pyfa): the desktop application each session runs, a shell command line (unset: tool unavailable). */
  FITTING_APP_COMMAND: z.string().trim().default(''),
  /** Fitting sessions one client IP address may have open at once. */
  FITTING_MAX_SESSIONS_PER_IP: z.coerce.number().int().min(1).default(2),
  /** Fitting sessions this server runs at once, whoever opened them. */
  FITTING_MAX_SESSIONS: z.coerce.number().int().min(1).max(1000).default(8),
  /** A session with no keyboard or mouse input for this long is ended (the spec's two hours). */
  FITTING_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(LONGEST_TIMER_SECONDS, LONGEST_TIMER_MESSAGE).default(7200),
  /** A session with no browser attached for this long is ended (covers reloads and short network drops). */
  FITTING_DISCONNECT_GRACE_SECONDS: z.coerce.number().min(0.5).max(LONGEST_TIMER_SECONDS, LONGEST_TIMER_MESSAGE).default(60),
  /** Size of each session's virtual screen, WIDTHxHEIGHT. */
  FITTING_SCREEN: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/, 'use WIDTHxHEIGHT, e.g. 1600x900')
    .default('1600x900'),
  /** First X display number sessions use; session n runs as uid FITTING_UID_BASE + its display number. */
  FITTING_DISPLAY_BASE: z.coerce.number().int().min(1).max(30000).default(100),
  FITTING_UID_BASE: z.coerce.number().int().min(100000).max(2_000_000_000).default(1_900_000_000),
  /** Where session homes live (created root-owned, mode 0711; each session gets a 0700 folder of its own). */
  FITTING_RUNTIME_DIR: z.string().default(path.join(os.tmpdir(), 'jst-fitting')),
  /** Where the killfeed router sends Discord webhook posts (routes store real Discord URLs; tests point this at a fake, the demo does not, so offline its posts fail visibly). */
  DISCORD_API_BASE_URL: z.string().url().default('https://discord.com'),
  /** An admin session ends after this long without a request... */
  AUTH_SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  /** ...and at the latest this long after login. */
  AUTH_SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  /** Open connections (HTTP and websocket) one client address, or IPv6 /64, may hold on an api process; our own proxies are exempt (nginx limits per visitor: docs/operations.md). */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Open `/ws` sockets (live updates) one client address, or IPv6 /64, may hold: one per open page. */
  WS_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(16),
  /** Ore planner: how long one plan may solve before the best plan found so far is returned with its proven gap. */
  ORE_PLANNER_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Ore planner: plans per minute per client IP (per api process). */
  ORE_PLANNER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
})

export type Config = z.infer<typeof ConfigSchema>

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, ...overrides }
}
