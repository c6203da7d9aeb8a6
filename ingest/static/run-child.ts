import { spawn } from 'node:child_process'
import path from 'node:path'
import type { Config } from '../../schemas/config.js'
import type { Logger } from '../../platform/log.js'

/** Heap cap for the import: keeps its peak under the 1.5 GB target (V8 otherwise grows lazily past it). */
export const IMPORT_HEAP_MB = 768

/**
 * Run the static import in a child process (`ingest/static/cli.ts`), so the memory it needs is returned to the
 * system when it ends instead of staying with the long-running server.
 */
export function runImportInChild(config: Config, log: Logger, args: string[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      DATA_DIR: config.DATA_DIR,
      COMMUNITY_DATA_DIR: config.COMMUNITY_DATA_DIR,
      LOG_LEVEL: config.LOG_LEVEL,
    }
    if (config.CLICKHOUSE_URL)
      Object.assign(env, {
        CLICKHOUSE_URL: config.CLICKHOUSE_URL,
        CLICKHOUSE_USER: config.CLICKHOUSE_USER,
        CLICKHOUSE_PASSWORD: config.CLICKHOUSE_PASSWORD,
        CLICKHOUSE_DATABASE: config.CLICKHOUSE_DATABASE,
      })
    const child = spawn(process.execPath, [`--max-old-space-size=${IMPORT_HEAP_MB}`, '--import', 'tsx', path.resolve('ingest/static/cli.ts'), ...args], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    log.info({ pid: child.pid }, 'static data import running in a child process')
    // Until the server is up nothing else listens for a stop, and Node's default for SIGTERM ends this process at
    // once, leaving the import running on its own and holding the embedded database (`docker stop`, `kill`, a
    // service manager). So a stop asked for now goes to the import first; once it has ended, this process stops
    // as the signal asked.
    let stopSignal: NodeJS.Signals | null = null
    const forward = (signal: NodeJS.Signals) => {
      stopSignal = signal
      log.info({ signal }, 'stopping the static data import')
      child.kill('SIGTERM')
    }
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    const settle = () => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
    }
    child.once('error', (err) => {
      settle()
      reject(err)
    })
    child.once('exit', (code) => {
      settle()
      if (stopSignal) return void process.kill(process.pid, stopSignal)
      if (code === 0) resolve()
      else reject(new Error(`static import exited with code ${code}`))
    })
  })
}
