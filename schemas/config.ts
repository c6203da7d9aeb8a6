import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { isDiscordWebhookUrl } from './discord-webhook.js'

/** Every process role the one codebase can play. Embedded mode runs all three in one process. */
export const Role = z.enum(['api', 'ingest', 'pipelines'])
export type Role = z.infer<typeof Role>

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(item))

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional())
const flag = z.preprocess((v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()) : v), z.boolean())

/**
 * Where the community data sets are looked for when COMMUNITY_DATA_DIR is not set: beside the checkout
 * (`../shared/data`, this workplace's layout) and the workplace's shared folder. A clone elsewhere sets the variable.
 */
export const COMMUNITY_DATA_CANDIDATES = [path.resolve(process.cwd(), '../shared/data'), '/work/shared/data']
const defaultCommunityDir = COMMUNITY_DATA_CANDIDATES.find((dir) => fs.existsSync(dir)) ?? COMMUNITY_DATA_CANDIDATES[0]

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

  KAFKA_BROKERS: z.preprocess((v) => (v === '' ? undefined : v), csv(z.string().min(1)).optional()),
  KAFKA_CLIENT_ID: z.string().default('jspace-toolbox'),
  /** Prefix for topic names so several deployments can share a cluster. */
  KAFKA_TOPIC_PREFIX: z.string().default('jst.'),

  /** Directory with the community data sets (see docs/data-sources.md). */
  COMMUNITY_DATA_DIR: z.string().default(defaultCommunityDir),
  /** Skip running the static import at start even when data is missing (tests of the bare platform). */
  SKIP_STATIC_IMPORT: flag.default(false),

  ESI_BASE_URL: z.string().url().default('https://esi.evetech.net'),
  ZKILL_BASE_URL: z.string().url().default('https://zkillboard.com'),
  ZKILL_R2Z2_URL: z.string().url().default('https://r2z2.zkillboard.com'),
  IMAGE_SERVER_URL: z.string().url().default('https://images.evetech.net'),
  USER_AGENT_CONTACT: z.string().default('admin@jspace-toolbox.example'),

  /** Demo mode: the site runs against loopback fakes and every page shows a banner. */
  DEMO: flag.default(false),

  /** Contact form messages are also posted to this Discord webhook (optional; they are always stored). */
  CONTACT_DISCORD_WEBHOOK_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().refine(isDiscordWebhookUrl, 'must be an https://discord.com/api/webhooks/<id>/<token> URL').optional(),
  ),

  /** Where the killfeed router sends Discord webhook posts (routes store real Discord URLs; tests and demo point this at a fake). */
  DISCORD_API_BASE_URL: z.string().url().default('https://discord.com'),
  /** An admin session ends after this long without a request... */
  AUTH_SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  /** ...and at the latest this long after login. */
  AUTH_SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
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
