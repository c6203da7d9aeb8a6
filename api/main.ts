import { loadConfig } from '../schemas/config.js'
import { createLogger } from '../platform/log.js'
import { startApp } from './boot.js'

const config = loadConfig()
const log = createLogger(config.LOG_LEVEL)

try {
  const app = await startApp(config, { log })
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    await app.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  if (app.api) process.stdout.write(`LISTENING ${app.api.url}\n`)
} catch (err) {
  log.fatal({ err }, 'failed to start')
  process.exit(1)
}
