import type { ClickHouseClient } from '../clickhouse/client.js'
import type { Logger } from '../log.js'
import { latestCompleteImport } from './imports.js'
import { HttpError } from '../http/errors.js'
import type { Catalog } from './catalog.js'
import { loadCatalog } from './load.js'
import { collectGarbage } from '../memory.js'

/**
 * Holds the catalog of the current static import. Routes call `current()`, which answers 503 with a sentence
 * while no import has completed (a distributed api can start before the ingest process finishes the first import).
 * `watch()` swaps in a newer import when one completes.
 */
export class CatalogHolder {
  private catalog: Catalog | null = null
  private timer: NodeJS.Timeout | null = null
  private listeners = new Set<(c: Catalog) => void>()

  constructor(
    private ch: ClickHouseClient,
    private log: Logger,
  ) {}

  get ready(): boolean {
    return this.catalog !== null
  }

  current(): Catalog {
    if (!this.catalog) throw new HttpError(503, 'Static game data is not imported yet; try again in a minute', undefined, { 'Retry-After': '30' })
    return this.catalog
  }

  /** Runs now (if loaded) and after every reload: for indexes a tool derives from the catalog. */
  onLoad(listener: (c: Catalog) => void): void {
    this.listeners.add(listener)
    if (this.catalog) listener(this.catalog)
  }

  async refresh(): Promise<boolean> {
    const latest = await latestCompleteImport(this.ch)
    if (!latest || latest.import_id === this.catalog?.importId) return false
    const started = performance.now()
    const loaded = await loadCatalog(this.ch)
    if (!loaded) return false
    this.catalog = loaded
    // The rows it was built from (and the previous catalog) are garbage now: collect them while the process is quiet.
    collectGarbage()
    this.log.info({ importId: loaded.importId, types: loaded.types.size, ms: Math.round(performance.now() - started) }, 'catalog loaded')
    for (const l of this.listeners) l(loaded)
    return true
  }

  watch(intervalMs = 60_000): void {
    this.timer = setInterval(() => {
      this.refresh().catch((err) => this.log.error({ err }, 'catalog refresh failed; the loaded catalog keeps serving'))
    }, intervalMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
  }
}
