/**
 * `npm run import:static`: import the SDE and community data now, whatever the stored version says.
 * `npm run import:static -- --sde <zip|folder>` imports a given CCP JSON Lines build instead of the bundled package
 * (an operator importing a build offline); the daily check runs it with `--ccp` for a build it downloaded.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../../schemas/config.js'
import { createClickHouse } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { createLogger } from '../../platform/log.js'
import { runStaticImport, sdeSources } from './import.js'
import { openSde } from './sources.js'

const { values } = parseArgs({ options: { sde: { type: 'string' }, ccp: { type: 'boolean', default: false } } })
const config = loadConfig()
const log = createLogger(config.LOG_LEVEL)
let close = () => undefined as void
try {
  const opened = values.sde ? await openSde(values.sde, values.ccp ? 'ccp' : 'local') : null
  if (opened) close = opened.close
  const ch = await createClickHouse(config)
  try {
    await migrate(ch)
    const summary = await runStaticImport(ch, config, log, opened?.sources ?? sdeSources)
    const missing = summary.community.filter((d) => !d.present)
    console.log(
      `Imported ${summary.source?.label ?? summary.sdeVersion} in ${summary.seconds} s; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
    )
    for (const [table, rows] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(26)} ${rows}`)
    if (missing.length) console.log(`Missing community data: ${missing.map((d) => `${d.name} (${d.error})`).join('; ')}`)
  } finally {
    await ch.close()
  }
  close()
  process.exit(0)
} catch (err) {
  console.error(`Static import failed: ${(err as Error).message}`)
  close()
  process.exit(1)
}
