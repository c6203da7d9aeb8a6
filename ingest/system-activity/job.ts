import { z } from 'zod'
import {
  EsiSystemJumps,
  EsiSystemKills,
  SYSTEM_ACTIVITY_SOURCES,
  SystemActivityTopic,
  type SystemActivityMessage,
  type SystemActivitySource,
} from '../../schemas/system-activity.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { publish } from '../../platform/stream/typed.js'
import type { AppContext } from '../../platform/context.js'
import type { IngestJob, RunOutcome } from '../job.js'

/** Rows per topic message: a whole answer (~5,000 jump entries, ~200 KB) then fits one message, far from Kafka's 1 MB. */
export const SYSTEM_ACTIVITY_CHUNK_ROWS = 5_000

const SOURCES = {
  kills: { path: '/universe/system_kills/', schema: z.array(EsiSystemKills) },
  jumps: { path: '/universe/system_jumps/', schema: z.array(EsiSystemJumps) },
} satisfies Record<SystemActivitySource, { path: string; schema: z.ZodType }>

const chSeconds = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

async function alreadyStored(ctx: AppContext, source: SystemActivitySource, lastModified: number): Promise<boolean> {
  const [row] = await queryRows<{ n: string | number }>(
    ctx.ch,
    'SELECT count() AS n FROM system_activity_answers WHERE source = {s:String} AND last_modified = {lm:DateTime}',
    { s: source, lm: chSeconds(lastModified) },
  )
  return Number(row?.n ?? 0) > 0
}

export interface SourceResult {
  result: 'published' | 'unchanged' | 'failed'
  detail: string
}

/**
 * One of ESI's two activity answers. The ESI client answers from its cache until ESI's Expires has passed (no request
 * at all), then asks with If-None-Match; an answer whose Last-Modified is already stored is not published again. A new
 * one is checked against ESI's shape and published whole, in parts; a system ESI lists twice is kept once.
 */
export async function fetchSystemActivity(ctx: AppContext, source: SystemActivitySource, signal?: AbortSignal): Promise<SourceResult> {
  const { path, schema } = SOURCES[source]
  try {
    const res = await ctx.esi.get<unknown>(path, undefined, signal)
    const lastModified = Date.parse(res.lastModified ?? '')
    // The counts are for the hour ending at Last-Modified: without it the hour they belong to is unknown.
    if (!Number.isFinite(lastModified)) throw new Error(`ESI ${path} answered without a Last-Modified time`)
    const until = res.expires ? `; ESI's cache expires ${res.expires.toISOString()}` : ''
    if (await alreadyStored(ctx, source, lastModified))
      return { result: 'unchanged', detail: `${source}: unchanged since ${new Date(lastModified).toISOString()}${until}` }
    const parsed = schema.safeParse(res.data)
    if (!parsed.success) throw new Error(`ESI ${path} answered in an unexpected shape: ${parsed.error.issues[0]?.message}`)
    const rows = [...new Map(parsed.data.map((r) => [r.system_id, r])).values()]
    const parts = Math.max(1, Math.ceil(rows.length / SYSTEM_ACTIVITY_CHUNK_ROWS))
    const head = { last_modified: new Date(lastModified).toISOString(), fetched_at: new Date().toISOString(), parts, total_rows: rows.length }
    for (let part = 1; part <= parts; part++) {
      const slice = rows.slice((part - 1) * SYSTEM_ACTIVITY_CHUNK_ROWS, part * SYSTEM_ACTIVITY_CHUNK_ROWS)
      await publish(ctx.stream, SystemActivityTopic, [{ key: source, value: { source, ...head, part, rows: slice } as SystemActivityMessage }])
    }
    return { result: 'published', detail: `${source}: ${rows.length} systems for the hour to ${head.last_modified}` }
  } catch (err) {
    if (signal?.aborted) throw err
    ctx.log.warn({ err: (err as Error).message, source }, 'ESI system activity unavailable')
    return { result: 'failed', detail: `${source}: ${(err as Error).message}` }
  }
}

/**
 * ESI's hourly NPC, ship and pod kills and jumps per system. ESI refreshes both answers once an hour, each at its own
 * minute, and asks clients not to ask again before its Expires: the job looks every five minutes, and the ESI client
 * sends a request only once that answer's Expires has passed, so each new hour is fetched within five minutes of it.
 */
export const systemActivityJob: IngestJob = {
  name: 'esi-system-activity',
  schedule: () => '0 */5 * * * *',
  runOnStart: true,
  async run(ctx, signal): Promise<RunOutcome> {
    const results: SourceResult[] = []
    for (const source of SYSTEM_ACTIVITY_SOURCES) {
      if (signal.aborted) break
      results.push(await fetchSystemActivity(ctx, source, signal))
    }
    const detail = results.map((r) => r.detail).join('; ')
    if (results.some((r) => r.result === 'failed')) return { outcome: 'failed', detail }
    return { outcome: results.some((r) => r.result === 'published') ? 'fetched' : 'unchanged', detail }
  },
}
