import type { Config } from '../schemas/config.js'
import { createClickHouse } from '../pipelines/clickhouse/client.js'
import { migrate } from '../pipelines/clickhouse/migrate.js'
import { createLogger, type Logger } from '../pipelines/log.js'
import { createStream } from '../pipelines/stream/index.js'
import { startIngest } from '../ingest/index.js'
import { startPipelines } from '../pipelines/index.js'
import { VERSION, type AppContext } from './context.js'
import { startApi, type RunningApi } from './server.js'

/** Open the two connections and bring the ClickHouse schema up to date. */
export async function createAppContext(config: Config, log: Logger = createLogger(config.LOG_LEVEL)): Promise<AppContext> {
  const ch = await createClickHouse(config)
  const applied = await migrate(ch)
  if (applied.length) log.info({ applied }, 'migrations applied')
  const stream = createStream(config)
  return { config, log, version: VERSION, startedAt: Date.now(), ch, stream }
}

export interface RunningApp {
  ctx: AppContext
  api: RunningApi | null
  stop(): Promise<void>
}

/** Start the roles this process plays: all three in embedded mode, one each in distributed mode. */
export async function startApp(config: Config, options: { uiRoot?: string; log?: Logger } = {}): Promise<RunningApp> {
  const ctx = await createAppContext(config, options.log)
  const roles = new Set(config.ROLES)
  const pipelines = roles.has('pipelines') ? await startPipelines(ctx) : null
  const api = roles.has('api') ? await startApi(ctx, { port: config.PORT, host: config.HOST, uiRoot: options.uiRoot }) : null
  const ingest = roles.has('ingest') ? await startIngest(ctx) : null
  if (api) ctx.log.info({ url: api.url, roles: config.ROLES, stream: ctx.stream.kind, clickhouse: config.CLICKHOUSE_URL ?? 'chDB (embedded)' }, 'J-Space Toolbox is up')
  return {
    ctx,
    api,
    async stop() {
      await ingest?.stop()
      await api?.stop()
      await pipelines?.stop()
      await ctx.stream.close()
      await ctx.ch.close()
    },
  }
}
