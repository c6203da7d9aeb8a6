import { spawn } from 'node:child_process'
import fs from 'node:fs'
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
    if (child.pid) writeImportPid(config, child.pid)
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
      removeImportPid(config, child.pid)
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

/**
 * The import child's pid, kept in DATA_DIR while it runs. A server killed with SIGKILL cannot end its child, which
 * goes on importing (and, embedded, holding the database) on its own; the next start finds it by this file.
 */
export const importPidFile = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'static-import.pid')

function writeImportPid(config: Pick<Config, 'DATA_DIR'>, pid: number) {
  fs.mkdirSync(config.DATA_DIR, { recursive: true })
  fs.writeFileSync(importPidFile(config), `${pid}\n`)
}

function removeImportPid(config: Pick<Config, 'DATA_DIR'>, pid: number | undefined) {
  const file = importPidFile(config)
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(pid)) fs.rmSync(file, { force: true })
}

/** Is `pid` a live process running our import (its command line names ingest/static/cli.ts)? */
function isImportProcess(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ingest/static/cli.ts')
  } catch {
    // No /proc (macOS): a live process with the recorded pid is taken to be the import.
    return true
  }
}

const gone = async (pid: number, ms: number) => {
  for (let waited = 0; waited < ms; waited += 100) {
    if (!isImportProcess(pid)) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !isImportProcess(pid)
}

/**
 * At start, before the database is opened: an import child left running by a server that was killed (SIGKILL, a crash)
 * is ended, with a message saying so, instead of the start failing on the database lock it holds. It gets SIGTERM and
 * `graceMs` to stop, then SIGKILL. Returns the pid it ended, or null when there was none. The interrupted import's
 * record is then marked failed by the caller (`markInterruptedImports`).
 */
export async function takeOverOrphanedImport(config: Pick<Config, 'DATA_DIR'>, log: Logger, graceMs = 10_000): Promise<number | null> {
  const file = importPidFile(config)
  if (!fs.existsSync(file)) return null
  const pid = Number(fs.readFileSync(file, 'utf8').trim())
  fs.rmSync(file, { force: true })
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isImportProcess(pid)) return null
  log.warn({ pid }, 'a static data import left running by a previous start (which was killed) is still going; ending it before starting')
  process.kill(pid, 'SIGTERM')
  if (!(await gone(pid, graceMs))) {
    log.warn({ pid }, 'the previous static data import did not stop; killing it')
    process.kill(pid, 'SIGKILL')
    await gone(pid, 5_000)
  }
  log.info({ pid }, 'the previous static data import has ended; its import will be marked failed and run again')
  return pid
}
