import { IndustryInputsUpdatedTopic, type IndustryDataset } from '../../../schemas/industry.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import type { Logger } from '../../../platform/log.js'
import type { Stream } from '../../../platform/stream/index.js'
import { followAnnouncements } from '../../../platform/stream/typed.js'

export interface CostIndices {
  manufacturing: number | null
  reaction: number | null
}

interface Held {
  snapshotId: number
  fetchedAt: string
}

/**
 * ESI adjusted prices and system cost indices, held in memory by every api process (about 15,000 prices and a few
 * thousand systems). Reloads a dataset when the pipeline announces a new complete snapshot, and checks ClickHouse
 * every minute in case an announcement was missed. Until a snapshot exists the lookups answer null.
 */
export class IndustryInputsStore {
  private adjusted = new Map<number, number>()
  private indices = new Map<number, CostIndices>()
  private held = new Map<IndustryDataset, Held>()
  private following: { stop: () => Promise<void> } | null = null

  constructor(
    private ch: ClickHouseClient,
    private log: Logger,
  ) {}

  async refresh(): Promise<void> {
    const latest = await queryRows<{ dataset: IndustryDataset; latest: string; fetched: string }>(
      this.ch,
      `SELECT dataset, max(snapshot_id) AS latest, formatDateTime(argMax(fetched_at, snapshot_id), '%Y-%m-%dT%H:%i:%SZ', 'UTC') AS fetched
       FROM industry_snapshots FINAL WHERE status = 'complete' GROUP BY dataset`,
    )
    for (const row of latest) {
      const snapshotId = Number(row.latest)
      if ((this.held.get(row.dataset)?.snapshotId ?? -1) >= snapshotId) continue
      const loaded = row.dataset === 'adjusted_prices' ? await this.loadPrices(snapshotId) : await this.loadIndices(snapshotId)
      // The minute check and an announcement can load at once: a newer snapshot that finished first stays.
      if ((this.held.get(row.dataset)?.snapshotId ?? -1) > snapshotId) continue
      loaded()
      this.held.set(row.dataset, { snapshotId, fetchedAt: row.fetched })
      this.log.info({ dataset: row.dataset, snapshotId }, 'industry inputs loaded')
    }
  }

  /** Reads a snapshot; the function returned puts it in place. */
  private async loadPrices(snapshotId: number) {
    const rows = await queryRows<{ type_id: number; adjusted_price: number }>(
      this.ch,
      'SELECT type_id, adjusted_price FROM industry_adjusted_prices FINAL WHERE snapshot_id = {s:UInt64} AND adjusted_price IS NOT NULL',
      { s: snapshotId },
    )
    return () => {
      this.adjusted = new Map(rows.map((r) => [r.type_id, r.adjusted_price]))
    }
  }

  private async loadIndices(snapshotId: number) {
    const rows = await queryRows<{ solar_system_id: number; activity: string; cost_index: number }>(
      this.ch,
      `SELECT solar_system_id, activity, cost_index FROM industry_cost_indices FINAL
       WHERE snapshot_id = {s:UInt64} AND activity IN ('manufacturing', 'reaction')`,
      { s: snapshotId },
    )
    const indices = new Map<number, CostIndices>()
    for (const r of rows) {
      const entry = indices.get(r.solar_system_id) ?? { manufacturing: null, reaction: null }
      entry[r.activity as keyof CostIndices] = r.cost_index
      indices.set(r.solar_system_id, entry)
    }
    return () => {
      this.indices = indices
    }
  }

  async start(stream: Stream): Promise<void> {
    this.following = await followAnnouncements(
      stream,
      IndustryInputsUpdatedTopic,
      { groupPrefix: 'api-industry', what: 'industry inputs', log: this.log },
      () => this.refresh(),
    )
  }

  async stop(): Promise<void> {
    await this.following?.stop()
  }

  adjustedPrice(typeId: number): number | null {
    return this.adjusted.get(typeId) ?? null
  }

  costIndices(systemId: number): CostIndices {
    return this.indices.get(systemId) ?? { manufacturing: null, reaction: null }
  }

  /** When the held snapshot of a dataset was fetched from ESI, or null before the first one. */
  fetchedAt(dataset: IndustryDataset): string | null {
    return this.held.get(dataset)?.fetchedAt ?? null
  }
}
