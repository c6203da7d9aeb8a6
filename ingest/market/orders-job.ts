import { HUBS, MarketFetchTopic, MarketOrdersTopic, type EsiMarketOrder } from '../../schemas/market.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { publish } from '../../platform/stream/typed.js'
import type { AppContext } from '../../platform/context.js'
import { EsiError } from '../../platform/esi/client.js'
import { everySeconds, type IngestJob, type RunOutcome } from '../job.js'

/** The hub regions, each fetched once per run (Jita and Hek's regions are separate, as are the others). */
export const HUB_REGIONS = [...new Set(HUBS.map((h) => h.region_id))]

export class SnapshotMismatch extends Error {}

/**
 * The distinct order ids of a snapshot's pages. ESI can list one order on two pages (the book shifts while it is
 * paged), and the pipeline stores each id once, so the marker's order count must count each id once too.
 * A Float64Array (8 bytes an id, sized for ESI's 1000-order pages) rather than a Set (~40 bytes an id, the ids
 * being above 2^31): a Forge snapshot is 400k ids, and the ingest process's memory budget is tight.
 */
export class OrderIdTally {
  private ids: Float64Array
  private n = 0

  constructor(expected = 1000) {
    this.ids = new Float64Array(Math.max(1, expected))
  }

  add(orders: Array<{ order_id: number }>): void {
    if (this.n + orders.length > this.ids.length) {
      const grown = new Float64Array(Math.max(this.ids.length * 2, this.n + orders.length))
      grown.set(this.ids.subarray(0, this.n))
      this.ids = grown
    }
    for (const o of orders) this.ids[this.n++] = o.order_id
  }

  distinct(): number {
    const sorted = this.ids.subarray(0, this.n).sort()
    let count = 0
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) count++
    return count
  }
}

/**
 * Fetch every page of one region's orders and publish them as one snapshot: each page as it arrives, then a
 * `complete` marker naming the page count and the count of distinct order ids. Pages that disagree (ESI refreshed
 * mid-fetch: another Last-Modified or X-Pages) or a page that cannot be fetched end the snapshot without a marker,
 * so the previous prices keep serving; the failure is published for the status page.
 *
 * ESI refreshes the book every 5 minutes, so a long fetch (The Forge is ~400 pages) often straddles a refresh. The
 * region is then fetched again at once, as a new snapshot: the book has just been refreshed, so the second fetch
 * has the whole cache time to finish. Waiting for the next run instead left the hub's prices a cadence older.
 */
export async function fetchRegionSnapshot(ctx: AppContext, regionId: number, signal?: AbortSignal): Promise<'complete' | 'unchanged' | 'failed'> {
  return (await fetchRegionSnapshotReport(ctx, regionId, signal)).outcome
}

/** A region's fetch with what it found: the orders and pages fetched, since when ESI's book is unchanged, or why it failed. */
export interface RegionFetchReport {
  outcome: 'complete' | 'unchanged' | 'failed'
  detail: string
}

/** `fetchRegionSnapshot` with the sentence the ingest run logs. */
export async function fetchRegionSnapshotReport(ctx: AppContext, regionId: number, signal?: AbortSignal): Promise<RegionFetchReport> {
  const first = await fetchRegionSnapshotOnce(ctx, regionId, signal, true)
  if (first.outcome !== 'refreshed') return first as RegionFetchReport
  ctx.log.info({ component: 'market-ingest', regionId }, 'ESI refreshed the book mid-fetch; fetching the region again')
  return (await fetchRegionSnapshotOnce(ctx, regionId, signal, false)) as RegionFetchReport
}

/** One attempt; answers 'refreshed' (publishing nothing more) when pages disagree and `retryOnRefresh` is set. */
async function fetchRegionSnapshotOnce(
  ctx: AppContext,
  regionId: number,
  signal: AbortSignal | undefined,
  retryOnRefresh: boolean,
): Promise<{ outcome: 'complete' | 'unchanged' | 'failed' | 'refreshed'; detail: string }> {
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
      await publish(ctx.stream, MarketFetchTopic, [
        {
          key: String(regionId),
          value: {
            region_id: regionId,
            snapshot_id: snapshotId,
            status: 'unchanged',
            detail: `ESI data unchanged since ${first.lastModified}`,
            started_at: startedAt,
            finished_at: new Date().toISOString(),
          },
        },
      ])
      return { outcome: 'unchanged', detail: `unchanged since ${first.lastModified}` }
    }
    const pages = first.pages
    const tally = new OrderIdTally(pages * 1000)
    const send = async (page: number, orders: EsiMarketOrder[]) => {
      tally.add(orders)
      await publish(ctx.stream, MarketOrdersTopic, [
        {
          key: String(regionId),
          value: { kind: 'page', region_id: regionId, snapshot_id: snapshotId, page, pages, last_modified: first.lastModified, orders },
        },
      ])
    }
    await send(1, first.data)
    let next = 2
    let stopped = false
    const worker = async () => {
      while (next <= pages && !stopped) {
        const page = next++
        try {
          const res = await ctx.esi.get<EsiMarketOrder[]>(path, { order_type: 'all', page }, signal, { cache: false }).catch((err: unknown) => {
            // ESI answers 404 for a page past its X-Pages: page 1 said this page exists, so the book was refreshed
            // with fewer pages since (The Forge's count moves by a page or two between refreshes).
            if (err instanceof EsiError && err.status === 404)
              throw new SnapshotMismatch(`page ${page} of ${pages} no longer exists (ESI refreshed the book with fewer pages)`)
            throw err
          })
          if (res.pages !== pages || res.lastModified !== first.lastModified) {
            throw new SnapshotMismatch(
              `page ${page} belongs to another snapshot (X-Pages ${res.pages} vs ${pages}, Last-Modified ${res.lastModified} vs ${first.lastModified})`,
            )
          }
          if (!stopped) await send(page, res.data)
        } catch (err) {
          // The snapshot is lost: the other workers stop too, rather than fetch and store the rest of the region for nothing.
          stopped = true
          throw err
        }
      }
    }
    // Every worker has stopped before the outcome is known, so none is still fetching when the next region (or a retry) starts.
    const settled = await Promise.allSettled(Array.from({ length: Math.min(ctx.esi.options.pageConcurrency, Math.max(0, pages - 1)) }, worker))
    // A refreshed book is fetched again at once whatever else failed beside it: the retry meets a lasting error again.
    const failures = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error)
    if (failures.length) throw failures.find((e) => e instanceof SnapshotMismatch) ?? failures[0]
    const orderCount = tally.distinct()
    await publish(ctx.stream, MarketOrdersTopic, [
      {
        key: String(regionId),
        value: {
          kind: 'complete',
          region_id: regionId,
          snapshot_id: snapshotId,
          pages,
          order_count: orderCount,
          last_modified: first.lastModified,
          started_at: startedAt,
        },
      },
    ])
    log.info({ pages, orders: orderCount, ms: Date.now() - snapshotId }, 'market snapshot fetched')
    return { outcome: 'complete', detail: `fetched ${orderCount} orders (${pages} pages, ESI's book of ${first.lastModified ?? 'an unknown time'})` }
  } catch (err) {
    if (err instanceof SnapshotMismatch && retryOnRefresh && !signal?.aborted) return { outcome: 'refreshed', detail: (err as Error).message }
    if (signal?.aborted) {
      // A stop (SIGTERM) is no ESI failure: recorded as one, the status page would call the hub DEGRADED with "This
      // operation was aborted" until the next snapshot, for as long as the ingest process stays down.
      log.info('market snapshot abandoned: the ingest role is stopping')
      return { outcome: 'failed', detail: 'abandoned: the ingest role is stopping' }
    }
    const detail = (err as Error).message
    log.warn({ err }, 'market snapshot failed; previous prices keep serving')
    await publish(ctx.stream, MarketFetchTopic, [
      {
        key: String(regionId),
        value: { region_id: regionId, snapshot_id: snapshotId, status: 'failed', detail, started_at: startedAt, finished_at: new Date().toISOString() },
      },
    ]).catch((e) => log.error({ err: e }, 'could not publish the fetch failure'))
    return { outcome: 'failed', detail: `failed: ${detail}` }
  }
}

export const marketOrdersJob: IngestJob = {
  name: 'market-orders',
  schedule: (ctx) => everySeconds(ctx.config.MARKET_CADENCE_MINUTES * 60),
  runOnStart: true,
  async run(ctx, signal) {
    const reports: Array<RegionFetchReport & { label: string }> = []
    for (const regionId of HUB_REGIONS) {
      if (signal.aborted) break
      const label = HUBS.filter((h) => h.region_id === regionId)
        .map((h) => h.label)
        .join('/')
      reports.push({ ...(await fetchRegionSnapshotReport(ctx, regionId, signal)), label })
    }
    return marketRunOutcome(reports)
  },
}

/**
 * One run's outcome over its regions: failed when any region failed, fetched when any region had a new book,
 * unchanged when ESI offered nothing new anywhere; the detail names each hub's result.
 */
export function marketRunOutcome(reports: Array<RegionFetchReport & { label: string }>): RunOutcome {
  const detail = reports.map((r) => `${r.label}: ${r.detail}`).join('; ')
  if (reports.some((r) => r.outcome === 'failed')) return { outcome: 'failed', detail }
  if (reports.some((r) => r.outcome === 'complete')) return { outcome: 'fetched', detail }
  return { outcome: reports.length ? 'unchanged' : 'done', detail }
}
