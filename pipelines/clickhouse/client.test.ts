import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

/** Run an embedded-mode insert in a fresh process whose standard input is a pipe holding `stdinText`. */
function insertWithStdin(stdinText: string): Promise<{ code: number | null; out: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ch-stdin-'))
  dirs.push(dataDir)
  const script = `
    import { createClickHouse, queryRows } from './pipelines/clickhouse/client.ts'
    const ch = await createClickHouse({ DATA_DIR: process.env.DATA_DIR })
    await ch.command({ query: 'CREATE TABLE t (a UInt64) ENGINE = MergeTree ORDER BY a' })
    await ch.insert({ table: 't', values: [{ a: 1 }, { a: 2 }], format: 'JSONEachRow' })
    const [row] = await queryRows(ch, 'SELECT count() AS n FROM t')
    process.stdout.write('rows ' + row.n)
    await ch.close()
  `
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c))
    child.stderr.on('data', (c: Buffer) => (out += c))
    child.stdin.end(stdinText)
    child.once('exit', (code) => resolve({ code, out }))
  })
}

describe('embedded ClickHouse client', () => {
  it('inserts normally when the process was started with text waiting on its standard input', async () => {
    const { code, out } = await insertWithStdin('text that is not ours to read\n')
    expect(out).toContain('rows 2')
    expect(code).toBe(0)
  })
})
