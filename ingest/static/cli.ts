/** `npm run import:static`: import the SDE and community data now, whatever the stored version says. */
import { loadConfig } from '../../schemas/config.js'
import { createClickHouse } from '../../platform/clickhouse/client.js'
import { migrate } from '../../platform/clickhouse/migrate.js'
import { createLogger } from '../../platform/log.js'
import { runStaticImport } from './import.js'

const config = loadConfig()
const log = createLogger(config.LOG_LEVEL)
const ch = await createClickHouse(config)
try {
  await migrate(ch)
  const summary = await runStaticImport(ch, config, log)
  const missing = summary.community.filter((d) => !d.present)
  console.log(`Imported ${summary.sdeVersion} in ${summary.seconds} s; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`)
  for (const [table, rows] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(26)} ${rows}`)
  if (missing.length) console.log(`Missing community data: ${missing.map((d) => `${d.name} (${d.error})`).join('; ')}`)
  await ch.close()
  process.exit(0)
} catch (err) {
  console.error(`Static import failed: ${(err as Error).message}`)
  await ch.close()
  process.exit(1)
}
