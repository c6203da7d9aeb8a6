import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { createClickHouse, queryRows } from '../../platform/clickhouse/client.js'
import { IMPORT_TIMING } from '../../platform/catalog/imports.js'
import { markInterruptedImports } from './import.js'
import { importPidFile, takeOverOrphanedImport } from './run-child.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-takeover-'))
const config = { DATA_DIR: dataDir, CLICKHOUSE_URL: undefined, CLICKHOUSE_USER: 'default', CLICKHOUSE_PASSWORD: '', CLICKHOUSE_DATABASE: 'default' }
let orphanPid: number | null = null
afterAll(() => {
  if (orphanPid) {
    try {
      process.kill(orphanPid, 'SIGKILL')
    } catch {
      // already gone, as it should be
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A live process (a zombie waiting for whoever adopted it to reap it counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

/** A server process in the middle of its first static import, as `npm start` would be. */
function startServerImporting() {
  const code = `
    const { runImportInChild } = await import(${JSON.stringify(path.join(repo, 'ingest/static/run-child.ts'))})
    const { loadConfig } = await import(${JSON.stringify(path.join(repo, 'schemas/config.ts'))})
    const { createLogger } = await import(${JSON.stringify(path.join(repo, 'platform/log.ts'))})
    await runImportInChild(loadConfig(), createLogger('info'))`
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', CLICKHOUSE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}

describe('a start after the server was killed during an import', () => {
  it('ends the orphaned import child with a message saying so, opens the database, and marks the interrupted import failed', async () => {
    const server = startServerImporting()
    let out = ''
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        // The import has written its 'running' record and is reading the SDE.
        if (out.includes('static import step')) resolve()
      })
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before importing: ${out}`)))
    })
    server.removeAllListeners('exit')
    orphanPid = Number(fs.readFileSync(importPidFile(config), 'utf8'))
    server.kill('SIGKILL')
    await new Promise((r) => server.once('exit', r))
    expect(alive(orphanPid)).toBe(true) // the child lives on, holding the database

    const lines: string[] = []
    const log = pino({ level: 'info' }, new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) }))
    expect(await takeOverOrphanedImport(config, log)).toBe(orphanPid)
    expect(alive(orphanPid)).toBe(false)
    expect(lines.join('')).toMatch(/a static data import left running by a previous start \(which was killed\) is still going; ending it/)
    expect(fs.existsSync(importPidFile(config))).toBe(false)

    // No "Cannot lock file": the database opens, and the interrupted import is recorded as failed.
    const ch = await createClickHouse(config)
    try {
      const marked = await markInterruptedImports(ch, log, Date.now(), { ...IMPORT_TIMING, staleAfterMs: 0 })
      expect(marked).toHaveLength(1)
      const [row] = await queryRows<{ status: string; error: string }>(ch, 'SELECT status, error FROM static_imports FINAL')
      expect(row.status).toBe('failed')
      expect(row.error).toMatch(/^interrupted: /)
    } finally {
      await ch.close()
    }
    // A second start finds nothing to take over.
    expect(await takeOverOrphanedImport(config, log)).toBeNull()
  }, 180_000)
})
