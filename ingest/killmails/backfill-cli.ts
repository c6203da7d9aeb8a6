/**
 * `npm run killmails:backfill -- --days N`: load the last N UTC days of kills from zKillboard's history (today first).
 * Resumable: stop it any time and run it again. See docs/tools/killmails.md.
 */
import { loadConfig } from '../../schemas/config.js'
import { createClickHouse } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { startKillmailStore } from '../../pipelines/killmails/pipeline.js'
import { createLogger } from '../../platform/log.js'
import { createStream } from '../../platform/stream/index.js'
import { VERSION } from '../../platform/context.js'
import { EsiClient, esiUserAgent } from '../../platform/esi/client.js'
import { runBackfill } from './backfill.js'
import { createZkillboard } from './zkillboard.js'

function parseDays(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--days' || a.startsWith('--days='))
  const raw = i < 0 ? '1' : argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1]
  const days = Number(raw)
  if (!Number.isInteger(days) || days < 1 || days > 90) {
    console.error(`--days must be a whole number from 1 to 90 (got ${raw ?? 'nothing'})`)
    process.exit(2)
  }
  return days
}

const days = parseDays(process.argv.slice(2))
const config = loadConfig()
const log = createLogger(config.LOG_LEVEL)
let ch
try {
  ch = await createClickHouse(config)
  await migrate(ch)
} catch (err) {
  console.error(
    `Could not open ClickHouse: ${(err as Error).message}\n` +
      (config.CLICKHOUSE_URL
        ? ''
        : 'In embedded mode the database belongs to one process at a time: stop the server first, or set KILLMAIL_BACKFILL_DAYS and restart it.'),
  )
  process.exit(1)
}
const stream = createStream(config)
const esi = new EsiClient({ baseUrl: config.ESI_BASE_URL, userAgent: esiUserAgent(VERSION, config.USER_AGENT_CONTACT), log: log.child({ component: 'esi' }) })
// In-process topics only reach consumers in this process, so the backfill stores its own kills; with Kafka the
// pipelines process does.
const store = stream.kind === 'memory' ? await startKillmailStore({ ch, stream, log }) : null
const abort = new AbortController()
process.on('SIGINT', () => abort.abort())
process.on('SIGTERM', () => abort.abort())

try {
  const reports = await runBackfill({ ch, stream, esi, zkill: createZkillboard(config, VERSION, log), log }, { days }, abort.signal)
  console.table(
    reports.map((r) => ({
      day: r.day,
      listed: r.listed,
      'already stored': r.alreadyStored,
      published: r.published,
      failed: r.failed,
      'retry later': r.retryLater,
      complete: r.complete,
      note: r.skipped ? 'done earlier' : (r.error ?? ''),
    })),
  )
  if (abort.signal.aborted) console.log('Stopped; run the same command again to continue.')
} finally {
  await store?.stop()
  await stream.close()
  await ch.close()
}
process.exit(0)
