import { REPACKAGED_TYPES } from '../../schemas/appraisal/constants.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import type { AppContext } from '../../platform/context.js'
import { EsiError } from '../../platform/esi/client.js'
import type { IngestJob } from '../job.js'
import { latestCompleteImport } from '../../platform/catalog/imports.js'

/** ESI's GET /universe/types/{type_id}/ (only the field used here). */
interface EsiUniverseType {
  type_id: number
  packaged_volume?: number
}

/** Requests in flight at once: type data is cached daily by ESI and has no rate-limit group of its own. */
const CONCURRENCY = 8
/** Known volumes are asked again after 30 days, missing ones the next day. */
const KNOWN_TTL_DAYS = 30
/**
 * A run stops after this many failures in a row: every ESI error spends the error budget that the whole process
 * (market orders, names, killmails) shares, so a route that suddenly refuses everything must not exhaust it.
 */
const MAX_FAILURES_IN_A_ROW = 10

/**
 * Fills `type_packaged_volumes` from ESI for the types the game repackages (ships, capital modules and cargo
 * containers; `REPACKAGED_TYPES`): the
 * static data export lists only their assembled volume. Runs at start and daily after ESI's 11:05 UTC type-data
 * refresh; only types not fetched recently are asked.
 */
export const packagedVolumesJob: IngestJob = {
  name: 'esi-packaged-volumes',
  schedule: () => '0 20 11 * * *',
  runOnStart: true,
  run: async (ctx, signal) => {
    await fetchPackagedVolumes(ctx, signal)
  },
}

export async function fetchPackagedVolumes(ctx: Pick<AppContext, 'ch' | 'esi' | 'log'>, signal?: AbortSignal): Promise<{ fetched: number; failed: number }> {
  const log = ctx.log.child({ job: 'esi-packaged-volumes' })
  const latest = await latestCompleteImport(ctx.ch)
  if (!latest) {
    log.info('no static data import yet; packaged volumes wait for the next run')
    return { fetched: 0, failed: 0 }
  }
  const due = await queryRows<{ type_id: number }>(
    ctx.ch,
    `SELECT type_id FROM sde_types
     WHERE import_id = {import:UInt32} AND published
       AND (category_id IN {categories:Array(UInt32)} OR group_id IN {groups:Array(UInt32)}
            OR (category_id = {moduleCategory:UInt32} AND volume >= {moduleMinVolume:Float64}))
       AND type_id NOT IN (
         SELECT type_id FROM type_packaged_volumes FINAL
         WHERE fetched_at > now64(3) - toIntervalDay(if(isNull(packaged_volume), 1, {ttl:UInt32}))
       )
     ORDER BY type_id`,
    {
      import: latest.import_id,
      categories: [...REPACKAGED_TYPES.categoryIds],
      groups: [...REPACKAGED_TYPES.groupIds],
      moduleCategory: REPACKAGED_TYPES.moduleCategoryId,
      moduleMinVolume: REPACKAGED_TYPES.moduleMinVolume,
      ttl: KNOWN_TTL_DAYS,
    },
  )
  const rows: Array<{ type_id: number; packaged_volume: number | null; fetched_at: string }> = []
  let failed = 0
  let failedInARow = 0
  let next = 0
  const worker = async () => {
    while (next < due.length && !signal?.aborted && failedInARow < MAX_FAILURES_IN_A_ROW && ctx.esi.pausedForSeconds === 0) {
      const typeId = due[next++].type_id
      try {
        const res = await ctx.esi.get<EsiUniverseType>(`/universe/types/${typeId}/`, undefined, signal)
        const volume = res.data.packaged_volume
        rows.push({
          type_id: typeId,
          packaged_volume: typeof volume === 'number' && Number.isFinite(volume) && volume >= 0 ? volume : null,
          fetched_at: new Date().toISOString(),
        })
        failedInARow = 0
      } catch (err) {
        if (signal?.aborted) return
        failed++
        failedInARow++
        // A type ESI does not know keeps no volume; anything else is tried again next run.
        if (err instanceof EsiError && err.status === 404) rows.push({ type_id: typeId, packaged_volume: null, fetched_at: new Date().toISOString() })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker))
  if (rows.length) await ctx.ch.insert({ table: 'type_packaged_volumes', values: rows, format: 'JSONEachRow' })
  if (failedInARow >= MAX_FAILURES_IN_A_ROW) log.warn({ failedInARow }, 'ESI keeps refusing type lookups; packaged volumes stop until the next run')
  log.info({ due: due.length, stored: rows.length, failed }, 'packaged volumes fetched')
  return { fetched: rows.length, failed }
}
