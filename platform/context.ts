import fs from 'node:fs'
import type { Config } from '../schemas/config.js'
import type { ClickHouseClient } from './clickhouse/client.js'
import type { Logger } from './log.js'
import type { Stream } from './stream/index.js'
import type { CatalogHolder } from './catalog/holder.js'
import type { EsiClient } from './esi/client.js'

/** What every role of the process shares: configuration, logs and the two connections. */
export interface AppContext {
  config: Config
  log: Logger
  version: string
  startedAt: number
  ch: ClickHouseClient
  stream: Stream
  /** Static game data in memory (api role); `catalog.current()` answers 503 until an import has completed. */
  catalog: CatalogHolder
  /** The process's one ESI client (shared cache and limits). */
  esi: EsiClient
}

export const VERSION: string = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version
