import { EsiIndustrySystem, EsiMarketPrice, IndustryInputsTopic, type IndustryDataset, type IndustryInputsMessage } from '../../schemas/industry.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { publish } from '../../platform/stream/typed.js'
import type { AppContext } from '../../platform/context.js'
import type { IngestJob } from '../job.js'
import { z } from 'zod'

/** Rows per topic message: a whole answer (15k prices) is close to Kafka's default 1 MB message limit. */
export const INDUSTRY_CHUNK_ROWS = 2_000

const SOURCES: Record<IndustryDataset, { path: string; schema: z.ZodType }> = {
  adjusted_prices: { path: '/markets/prices/', schema: z.array(EsiMarketPrice) },
  cost_indices: { path: '/industry/systems/', schema: z.array(EsiIndustrySystem) },
}

/** One row per type or system, and one entry per activity (the table keys), so the writer's count is exact. */
function uniqueRows(dataset: IndustryDataset, rows: IndustryInputsMessage['rows']): IndustryInputsMessage['rows'] {
  if (dataset === 'adjusted_prices') return [...new Map((rows as EsiMarketPrice[]).map((r) => [r.type_id, r])).values()]
  return [
    ...new Map(
      (rows as EsiIndustrySystem[]).map((s) => [s.solar_system_id, { ...s, cost_indices: [...new Map(s.cost_indices.map((c) => [c.activity, c])).values()] }]),
    ).values(),
  ]
}

const tableRowCount = (dataset: IndustryDataset, rows: IndustryInputsMessage['rows']) =>
  dataset === 'adjusted_prices' ? rows.length : (rows as EsiIndustrySystem[]).reduce((n, s) => n + s.cost_indices.length, 0)

async function lastStoredModified(ctx: AppContext, dataset: IndustryDataset): Promise<string | null> {
  const [row] = await queryRows<{ esi_last_modified: string }>(
    ctx.ch,
    `SELECT esi_last_modified FROM industry_snapshots FINAL WHERE dataset = {d:String} AND status = 'complete' ORDER BY snapshot_id DESC LIMIT 1`,
    { d: dataset },
  )
  return row?.esi_last_modified || null
}

/**
 * Fetch one ESI dataset and publish it in parts, unless ESI's Last-Modified says the stored snapshot is already
 * this one. An answer that does not have ESI's shape, or is empty, is refused whole, so the previous snapshot keeps
 * serving.
 */
export async function fetchIndustryDataset(ctx: AppContext, dataset: IndustryDataset, signal?: AbortSignal): Promise<'published' | 'unchanged' | 'failed'> {
  const log = ctx.log.child({ component: 'industry-ingest', dataset })
  const source = SOURCES[dataset]
  try {
    const res = await ctx.esi.get<unknown>(source.path, undefined, signal)
    if (res.lastModified && res.lastModified === (await lastStoredModified(ctx, dataset))) return 'unchanged'
    const parsed = source.schema.safeParse(res.data)
    if (!parsed.success) throw new Error(`ESI ${source.path} answered in an unexpected shape: ${parsed.error.issues[0]?.message}`)
    const rows = uniqueRows(dataset, parsed.data as IndustryInputsMessage['rows'])
    // ESI never has an empty list of prices or systems; stored, one would blank every EIV and cost index for an hour.
    if (!rows.length) throw new Error(`ESI ${source.path} answered with an empty list`)
    const snapshotId = Date.now()
    const parts = Math.max(1, Math.ceil(rows.length / INDUSTRY_CHUNK_ROWS))
    const head = {
      snapshot_id: snapshotId,
      parts,
      total_rows: tableRowCount(dataset, rows),
      last_modified: res.lastModified,
      fetched_at: new Date().toISOString(),
    }
    for (let part = 1; part <= parts; part++) {
      const slice = rows.slice((part - 1) * INDUSTRY_CHUNK_ROWS, part * INDUSTRY_CHUNK_ROWS)
      await publish(ctx.stream, IndustryInputsTopic, [{ key: dataset, value: { dataset, ...head, part, rows: slice } as IndustryInputsMessage }])
    }
    log.info({ rows: rows.length, parts, lastModified: res.lastModified }, 'industry inputs fetched')
    return 'published'
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'industry inputs unavailable; the previous snapshot keeps serving')
    return 'failed'
  }
}

/**
 * ESI adjusted prices and system cost indices, hourly (ESI caches both for 3600 s) a few minutes past the hour,
 * and once at start.
 */
export const industryInputsJob: IngestJob = {
  name: 'esi-industry-inputs',
  schedule: () => '0 7 * * * *',
  runOnStart: true,
  async run(ctx, signal) {
    const results: string[] = []
    for (const dataset of ['adjusted_prices', 'cost_indices'] as const) {
      if (signal.aborted) break
      results.push(`${dataset}: ${await fetchIndustryDataset(ctx, dataset, signal)}`)
    }
    const detail = results.join('; ')
    if (results.some((r) => r.endsWith('failed'))) return { outcome: 'failed' as const, detail }
    return { outcome: results.some((r) => r.endsWith('published')) ? ('fetched' as const) : ('unchanged' as const), detail }
  },
}
