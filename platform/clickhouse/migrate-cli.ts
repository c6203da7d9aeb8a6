/**
 * `npm run migrate`: bring the ClickHouse schema up to date and exit. Distributed mode runs it once, as its own
 * service, before any app process starts, so the processes never migrate at the same moment (each process still
 * migrates at start, and then finds nothing to do). Embedded mode needs no separate step.
 */
import { loadConfig } from '../../schemas/config.js'
import { createLogger } from '../log.js'
import { createClickHouse } from './client.js'
import { migrate } from './migrate.js'

const config = loadConfig()
const log = createLogger(config.LOG_LEVEL)
try {
  const ch = await createClickHouse(config)
  try {
    const applied = await migrate(ch)
    log.info({ applied }, applied.length ? 'migrations applied' : 'schema already up to date')
  } finally {
    await ch.close()
  }
} catch (err) {
  log.fatal({ err }, 'migrations failed')
  process.exit(1)
}
