import { HUBS, MarketFetchTopic, MarketOrdersTopic, type EsiMarketOrder } from '../../schemas/market.js'
import { queryRows } from '../../pipelines/clickhouse/client.js'
import { publish } from '../../pipelines/stream/typed.js'
import type { AppContext } from '../../api/context.js'
import { everySeconds, type IngestJob } from '../jobs.js'

/** The hub regions, each fetched once per run (Jita and Hek's regions are separate, as are the others). */
export const HUB_REGIONS = [...new Set(HUBS.map((h) => h.region_id))]


export class SnapshotMismatch extends Error {}

/**
 * Fetch every page of one region's orders and publish them as one snapshot: each page as it arrives, then a
 * `complete` marker naming the page count and order count. Pages that disagree (ESI refreshed mid-fetch: another
 * Last-Modified or X-Pages) or a page that cannot be fetched end the snapshot without a marker, so the previous
 * prices keep serving; the failure is published for the status page.
 */
export async function fetchRegionSnapshot(ctx: AppContext, regionId: number, signal?: AbortSignal): Promise<'complete' | 'unchanged' | 'failed'> {
  const snapshotId = Date.now()
  const startedAt = new Date().toISOString()
  const log = ctx.log.child({ component: 'market-ingest', regionId, snapshotId })
  const path = `/markets/${regionId}/orders/`
  try {
    // Pages are not kept in the ESI client's cache: a whole region would stay in memory (the first page's
    // Last-Modified is what tells an unchanged book).
    const first = await ctx.esi.get<EsiMarketOrder[]>(path, { order_type: 'all', page: 1 }, signal, { cache: false })
    const [last] = await queryRows<{ esi_last_modified: string }>(
      ctx.ch,
      `SELECT esi_last_modified FROM market_snapshots FINAL WHERE region_id = {r:UInt32} AND status = 'complete' ORDER BY snapshot_id DESC LIMIT 1`,
      { r: regionId },
    )
    if (first.lastModified && last?.esi_last_modified === first.lastModified) {
      await publish(ctx.stream, MarketFetchTopic, [{ key: String(regionId), value: { region_id: regionId, snapshot_id: snapshotId, status: 'unchanged', detail: `ESI data unchanged since ${first.lastModified}`, started_at: startedAt, finished_at: new Date().toISOString() } }])
      return 'unchanged'
    }
    const pages = first.pages
    let orderCount = 0
    const send = async (page: number, orders: EsiMarketOrder[]) => {
      orderCount += orders.length
      await publish(ctx.stream, MarketOrdersTopic, [{ key: String(regionId), value: { kind: 'page', region_id: regionId, snapshot_id: snapshotId, page, pages, last_modified: first.lastModified, orders } }])
    }
    await send(1, first.data)
    let next = 2
    const worker = async () => {
      while (next <= pages) {
        const page = next++
        const res = await ctx.esi.get<EsiMarketOrder[]>(path, { order_type: 'all', page }, signal, { cache: false })
        if (res.pages !== pages || res.lastModified !== first.lastModified) {
          throw new SnapshotMismatch(`page ${page} belongs to another snapshot (X-Pages ${res.pages} vs ${pages}, Last-Modified ${res.lastModified} vs ${first.lastModified})`)
        }
        await send(page, res.data)
      }
    }
    await Promise.all(Array.from({ length: Math.min(ctx.esi.options.pageConcurrency, Math.max(0, pages - 1)) }, worker))
    await publish(ctx.stream, MarketOrdersTopic, [
      { key: String(regionId), value: { kind: 'complete', region_id: regionId, snapshot_id: snapshotId, pages, order_count: orderCount, last_modified: first.lastModified, started_at: startedAt } },
    ])
    log.info({ pages, orders: orderCount, ms: Date.now() - snapshotId }, 'market snapshot fetched')
    return 'complete'
  } catch (err) {
    const detail = (err as Error).message
    log.warn({ err }, 'market snapshot failed; previous prices keep serving')
    await publish(ctx.stream, MarketFetchTopic, [{ key: String(regionId), value: { region_id: regionId, snapshot_id: snapshotId, status: 'failed', detail, started_at: startedAt, finished_at: new Date().toISOString() } }]).catch(
      (e) => log.error({ err: e }, 'could not publish the fetch failure'),
    )
    return 'failed'
  }
}

export const marketOrdersJob: IngestJob = {
  name: 'market-orders',
  schedule: (ctx) => everySeconds(ctx.config.MARKET_CADENCE_MINUTES * 60),
  runOnStart: true,
  async run(ctx, signal) {
    for (const regionId of HUB_REGIONS) {
      if (signal.aborted) return
      await fetchRegionSnapshot(ctx, regionId, signal)
    }
  },
}
