import { z } from 'zod'
import { KillmailFeed } from './killmail-feed.js'
import { DatasetStatus } from './static-data.js'

export const DependencyStatus = z.object({
  ok: z.boolean(),
  ms: z.number().nullable(),
  status: z.number().int().nullable().meta({ description: 'HTTP status of the ping, null when nothing answered' }),
  error: z.string().nullable(),
})

/** DOWN: no hub has any price and the fetches so far failed. UNKNOWN: the database could not be asked. */
export const PipelineStatus = z.enum(['OK', 'DEGRADED', 'STALE', 'DOWN', 'STARTING', 'UNKNOWN'])
export type PipelineStatus = z.infer<typeof PipelineStatus>

export const HubPriceStatus = z.object({
  station_id: z.number().int(),
  label: z.string(),
  age_seconds: z.number().int().nullable().meta({ description: "Age of ESI's book the prices come from (its Last-Modified); null before the first prices" }),
  freshness_age_seconds: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Counted from the newer of the book time and the last check that found ESI still offering that book' }),
  freshness: z
    .enum(['FRESH', 'AGING', 'OLD', 'NONE'])
    .meta({ description: 'The one freshness rule (schemas/hubs.ts hubFreshness); the pipeline is STALE exactly when a hub is OLD' }),
  last_checked_at: z.string().nullable().meta({ description: "When ESI's book for the hub's region was last asked for (UTC), null if never" }),
  last_check: z.enum(['complete', 'unchanged', 'failed', 'incomplete']).nullable().meta({ description: 'How that check ended' }),
  esi_unchanged_since: z.string().nullable().meta({ description: "ESI's Last-Modified of the book the prices come from" }),
})
export type HubPriceStatus = z.infer<typeof HubPriceStatus>

export const IngestSchedule = z.object({
  job: z.string(),
  schedule: z.string().meta({ description: 'cron expression (seconds first, UTC); empty for jobs that run only at start' }),
  last_run: z
    .object({
      trigger: z.enum(['start', 'schedule']),
      due_at: z.string(),
      finished_at: z.string(),
      outcome: z.enum(['fetched', 'unchanged', 'failed', 'done']),
      detail: z.string(),
    })
    .nullable(),
  next_due_at: z.string().nullable(),
})
export type IngestSchedule = z.infer<typeof IngestSchedule>

export const StatusesResponse = z
  .object({
    now: z.string(),
    uptime_seconds: z.number().int(),
    version: z.string(),
    db: z.object({ ok: z.boolean(), ms: z.number(), error: z.string().nullable() }),
    build: z.object({ env: z.string(), demo: z.boolean() }),
    pipeline: z.object({ status: PipelineStatus, detail: z.string() }),
    cadence_minutes: z.number().int(),
    next_expected_update: z.string().nullable(),
    prices: z.array(HubPriceStatus),
    schedules: z.array(IngestSchedule).meta({ description: "Each ingest job's latest run and when the next is due (empty when the database could not say)" }),
    deps: z.object({ esi: DependencyStatus, zkill: DependencyStatus }),
    killmail_feed: z.union([KillmailFeed, z.null()]),
    online: z.object({ players: z.number().int().nullable(), at: z.string().nullable() }),
    static_data: z.object({
      ready: z.boolean(),
      sde_version: z.string().nullable(),
      imported_at: z.string().nullable(),
      datasets: z.array(DatasetStatus),
      latest_import: z
        .object({ status: z.string().meta({ description: 'running, complete or failed' }), started_at: z.string(), error: z.string().nullable() })
        .nullable()
        .meta({
          description:
            'The newest static import attempt (UTC times), so a page can tell "importing" or "import failed" from "never imported"; null when none was tried or the database could not say',
        }),
    }),
    error: z.string().nullable(),
  })
  .meta({ id: 'Statuses' })
export type StatusesResponse = z.infer<typeof StatusesResponse>

/** The components whose checks are kept (90 days) for the status page's history. */
export const STATUS_COMPONENTS = ['site', 'database', 'market_pipeline', 'killmail_feed', 'esi', 'zkillboard'] as const
export const StatusComponent = z.enum(STATUS_COMPONENTS)
/** up; degraded (working, with a fault); stale (answering with old data); down. */
export const ComponentState = z.enum(['up', 'degraded', 'stale', 'down'])

const Ratio = z.number().min(0).max(1).nullable()

export const StatusHistoryResponse = z
  .object({
    now: z.string(),
    components: z.array(
      z.object({
        component: StatusComponent,
        uptime: z.object({ '24h': Ratio, '7d': Ratio, '30d': Ratio, '90d': Ratio }).meta({
          description:
            'Share of checks in the window that found the component up (null: no check in the window). For the site: share of minutes with a check since the first one.',
        }),
        state: ComponentState.nullable().meta({ description: 'The latest check, null if none' }),
      }),
    ),
    incidents: z
      .array(
        z.object({
          component: StatusComponent,
          state: ComponentState.exclude(['up']),
          started_at: z.string(),
          ended_at: z.string().nullable().meta({ description: 'null while it lasts' }),
          seconds: z.number().int(),
          error: z.string(),
        }),
      )
      .meta({ description: 'Newest first, the last 90 days, up to 100: each time a component stopped being up, for how long, and why' }),
  })
  .meta({ id: 'StatusHistory' })
export type StatusHistoryResponse = z.infer<typeof StatusHistoryResponse>
