import { HUBS, PricesUpdatedTopic, snapshotDataTime, type FallbackPriceRow, type StationPriceRow } from '../../schemas/market.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Logger } from '../../platform/log.js'
import type { Stream } from '../../platform/stream/index.js'
import { followAnnouncements } from '../../platform/stream/typed.js'

interface RegionSnapshot {
  snapshotId: number
  at: Date
}

/**
 * The current hub and region prices, held in memory by every api process (a few hundred thousand numbers), so a
 * price lookup never waits on ClickHouse. Reloads a region when the pipeline announces new prices for it, and
 * checks ClickHouse every minute in case an announcement was missed.
 */
export class PriceStore {
  private stations = new Map<number, Map<number, StationPriceRow>>()
  private regions = new Map<number, Map<number, FallbackPriceRow>>()
  private snapshots = new Map<number, RegionSnapshot>()
  private following: { stop: () => Promise<void> } | null = null

  constructor(
    private ch: ClickHouseClient,
    private log: Logger,
  ) {}

  /** Load whatever is newer in ClickHouse than what is held. */
  async refresh(): Promise<void> {
    const current = await queryRows<{ region_id: number; snapshot_id: string; esi_last_modified: string; started_ms: string }>(
      this.ch,
      `SELECT region_id, snapshot_id, esi_last_modified, toUnixTimestamp64Milli(started_at) AS started_ms FROM market_snapshots FINAL
       WHERE status = 'complete' ORDER BY snapshot_id DESC LIMIT 1 BY region_id`,
    )
    for (const row of current) {
      const snapshotId = Number(row.snapshot_id)
      if ((this.snapshots.get(row.region_id)?.snapshotId ?? -1) >= snapshotId) continue
      await this.loadRegion(row.region_id, snapshotId, new Date(snapshotDataTime(row.esi_last_modified, new Date(Number(row.started_ms)).toISOString())))
    }
  }

  /** `at`: when the snapshot's data is from (ESI's Last-Modified), which the price age counts from. */
  private async loadRegion(regionId: number, snapshotId: number, at: Date): Promise<void> {
    const started = performance.now()
    const [rawStationRows, regionRows] = await Promise.all([
      // Volumes are UInt64 (Jita's Tritanium sells are ~18.7 billion units): depending on the server's
      // output_format_json_quote_64bit_integers they arrive as numbers or strings, and Number() is exact to 2^53.
      queryRows<Omit<StationPriceRow, 'sell_volume' | 'buy_volume'> & { sell_volume: string | number; buy_volume: string | number }>(
        this.ch,
        `SELECT toUInt32(station_id) AS station_id, type_id, sell_min, buy_max, sell_5pct, buy_5pct, sell_orders, buy_orders,
                sell_volume, buy_volume,
                formatDateTime(last_updated, '%Y-%m-%dT%H:%i:%SZ', 'UTC') AS last_updated
         FROM market_prices_station_by_snapshot FINAL WHERE region_id = {r:UInt32} AND snapshot_id = {s:UInt64}`,
        { r: regionId, s: snapshotId },
      ),
      queryRows<FallbackPriceRow>(
        this.ch,
        `SELECT type_id, sell_median, sell_min, buy_median, buy_max FROM market_prices_region_by_snapshot FINAL WHERE region_id = {r:UInt32} AND snapshot_id = {s:UInt64}`,
        { r: regionId, s: snapshotId },
      ),
    ])
    // The minute check and an announcement can load at once: a newer snapshot that finished first stays.
    if ((this.snapshots.get(regionId)?.snapshotId ?? -1) > snapshotId) return
    const stationRows = rawStationRows.map((r): StationPriceRow => ({ ...r, sell_volume: Number(r.sell_volume), buy_volume: Number(r.buy_volume) }))
    for (const hub of HUBS.filter((h) => h.region_id === regionId)) {
      this.stations.set(hub.station_id, new Map(stationRows.filter((r) => r.station_id === hub.station_id).map((r) => [r.type_id, r])))
    }
    this.regions.set(regionId, new Map(regionRows.map((r) => [r.type_id, r])))
    this.snapshots.set(regionId, { snapshotId, at })
    this.log.info(
      { regionId, snapshotId, stationRows: stationRows.length, regionRows: regionRows.length, ms: Math.round(performance.now() - started) },
      'prices loaded',
    )
  }

  async start(stream: Stream): Promise<void> {
    this.following = await followAnnouncements(stream, PricesUpdatedTopic, { groupPrefix: 'api-prices', what: 'prices', log: this.log }, () => this.refresh())
  }

  async stop(): Promise<void> {
    await this.following?.stop()
  }

  /** Rows for the type ids that have prices at the station (ids without orders are left out). */
  stationPrices(stationId: number, typeIds: number[]): StationPriceRow[] {
    const table = this.stations.get(stationId)
    if (!table) return []
    const rows: StationPriceRow[] = []
    for (const id of typeIds) {
      const row = table.get(id)
      if (row) rows.push(row)
    }
    return rows
  }

  stationPrice(stationId: number, typeId: number): StationPriceRow | undefined {
    return this.stations.get(stationId)?.get(typeId)
  }

  stationTable(stationId: number): StationPriceRow[] {
    return [...(this.stations.get(stationId)?.values() ?? [])]
  }

  fallbackPrices(regionId: number, typeIds: number[]): FallbackPriceRow[] {
    const table = this.regions.get(regionId)
    if (!table) return []
    return typeIds.flatMap((id) => (table.has(id) ? [table.get(id)!] : []))
  }

  /** The snapshot a station's prices come from, or null before the first one. */
  snapshotOf(stationId: number): RegionSnapshot | null {
    const hub = HUBS.find((h) => h.station_id === stationId)
    return (hub && this.snapshots.get(hub.region_id)) ?? null
  }

  ageSeconds(stationId: number): number | null {
    const s = this.snapshotOf(stationId)
    return s ? Math.max(0, Math.round((Date.now() - s.at.getTime()) / 1000)) : null
  }
}
