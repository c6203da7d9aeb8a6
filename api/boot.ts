import type { Config } from '../schemas/config.js'
import { createClickHouse } from '../platform/clickhouse/client.js'
import { migrate } from '../platform/clickhouse/migrate.js'
import { createLogger, type Logger } from '../platform/log.js'
import { createStream } from '../platform/stream/index.js'
import { startIngest, type IngestOptions } from '../ingest/index.js'
import { markInterruptedImports, needsImport, startupImportArgs } from '../ingest/static/import.js'
import { runImportInChild, takeOverOrphanedImport } from '../ingest/static/run-child.js'
import { IMPORT_TIMING } from '../platform/catalog/imports.js'
import { CatalogHolder } from '../platform/catalog/holder.js'
import { EsiClient, esiUserAgent } from '../platform/esi/client.js'
import { startPipelines } from '../pipelines/index.js'
import { VERSION, type AppContext } from '../platform/context.js'
import { startApi, type RunningApi } from './server.js'
import { startStartingPage } from './http/starting-page.js'

/**
 * Open the two connections, bring the ClickHouse schema up to date, import static data when this process
 * ingests and the stored import is missing or from another source version, and load the catalog for the api.
 */
export async function createAppContext(config: Config, log: Logger = createLogger(config.LOG_LEVEL)): Promise<AppContext> {
  // An import child a killed server left running is ended first (it holds the embedded database), and its import marked failed.
  const orphan = config.ROLES.includes('ingest') ? await takeOverOrphanedImport(config, log) : null
  let ch = await createClickHouse(config)
  const applied = await migrate(ch)
  if (applied.length) log.info({ applied }, 'migrations applied')
  if (orphan !== null) await markInterruptedImports(ch, log, Date.now(), { ...IMPORT_TIMING, staleAfterMs: 0 })
  if (config.ROLES.includes('ingest') && !config.SKIP_STATIC_IMPORT && (await needsImport(ch, config))) {
    // chDB lets one process at a time hold the data path: hand it to the import, then take it back.
    const embedded = !config.CLICKHOUSE_URL
    if (embedded) await ch.close()
    try {
      await runImportInChild(config, log, startupImportArgs(config))
    } catch (err) {
      log.error({ err }, 'static import failed; starting with the previous import, if any (pages that need static data say so)')
    }
    if (embedded) ch = await createClickHouse(config)
  }
  const catalog = new CatalogHolder(ch, log.child({ component: 'catalog' }))
  if (config.ROLES.includes('api')) {
    await catalog.refresh()
    if (!catalog.ready) log.warn('no static data import has completed yet; catalog endpoints answer 503 until one does')
    catalog.watch(catalog.ready ? 60_000 : 10_000)
  }
  const stream = createStream(config)
  const esi = new EsiClient({ baseUrl: config.ESI_BASE_URL, userAgent: esiUserAgent(VERSION, config.USER_AGENT_CONTACT), log: log.child({ component: 'esi' }) })
  return { config, log, version: VERSION, startedAt: Date.now(), ch, stream, catalog, esi }
}

export interface RunningApp {
  ctx: AppContext
  api: RunningApi | null
  stop(): Promise<void>
}

/** Start the roles this process plays: all three in embedded mode, one each in distributed mode. */
export async function startApp(
  config: Config,
  options: { uiRoot?: string; log?: Logger; ingestSchedules?: IngestOptions['schedules'] } = {},
): Promise<RunningApp> {
  const roles = new Set(config.ROLES)
  // Until the api listens, its port answers 'starting' (a first start imports the static data for about a minute)
  // instead of refusing the first visitor's connection. A port already taken is left to the api to report.
  const log = options.log ?? createLogger(config.LOG_LEVEL)
  const starting = roles.has('api') ? await startStartingPage({ port: config.PORT, host: config.HOST, log }).catch(() => null) : null
  let ctx: AppContext
  let pipelines: Awaited<ReturnType<typeof startPipelines>> | null
  try {
    ctx = await createAppContext(config, log)
    pipelines = roles.has('pipelines') ? await startPipelines(ctx) : null
  } finally {
    await starting?.close()
  }
  const api = roles.has('api') ? await startApi(ctx, { port: config.PORT, host: config.HOST, uiRoot: options.uiRoot }) : null
  const ingest = roles.has('ingest') ? await startIngest(ctx, undefined, { schedules: options.ingestSchedules }) : null
  ctx.log.info({ url: api?.url, roles: config.ROLES, stream: ctx.stream.kind, clickhouse: config.CLICKHOUSE_URL ?? 'chDB (embedded)' }, 'J-Space Toolbox is up')
  return {
    ctx,
    api,
    async stop() {
      await ingest?.stop()
      await api?.stop()
      await pipelines?.stop()
      ctx.catalog.stop()
      await ctx.stream.close()
      await ctx.ch.close()
    },
  }
}
