import { isRepackaged } from '../../../schemas/appraisal/constants.js'
import type { TypeRow } from '../../../schemas/static-data.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import type { Logger } from '../../../platform/log.js'

/** Reload at most this often: the ingest job refreshes the table once a day. */
const MAX_AGE_MS = 5 * 60_000

/**
 * Packaged volumes of ships and containers, held in memory from `type_packaged_volumes` (filled from ESI by the
 * `esi-packaged-volumes` ingest job). Loaded on first use and again when older than five minutes, so no timer
 * outlives the process.
 */
export class PackagedVolumeStore {
  private volumes = new Map<number, number | null>()
  private loadedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private ch: ClickHouseClient,
    private log: Logger,
  ) {}

  /** Make sure what is held is at most five minutes old; a failed reload keeps what was held. */
  async fresh(): Promise<this> {
    if (Date.now() - this.loadedAt < MAX_AGE_MS) return this
    this.loading ??= this.load().finally(() => (this.loading = null))
    await this.loading
    return this
  }

  private async load(): Promise<void> {
    try {
      const rows = await queryRows<{ type_id: number; packaged_volume: number | null }>(
        this.ch,
        'SELECT type_id, packaged_volume FROM type_packaged_volumes FINAL',
      )
      this.volumes = new Map(rows.map((r) => [r.type_id, r.packaged_volume]))
    } catch (err) {
      this.log.error({ err }, 'packaged volumes could not be loaded; ship volumes show as unknown')
    }
    this.loadedAt = Date.now()
  }

  /**
   * m³ of one unit as it sits in a hangar packaged: the packaged volume for ships and containers (null while ESI
   * has not given it), the listed volume for everything else.
   */
  unitVolume(t: Pick<TypeRow, 'type_id' | 'category_id' | 'group_id' | 'volume'>): number | null {
    if (!isRepackaged(t)) return t.volume
    return this.volumes.get(t.type_id) ?? null
  }
}
