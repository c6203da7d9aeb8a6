import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createClickHouse, queryRows } from './client.js'
import { readMigrations } from './migrate.js'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-migrate-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const runMigrate = () =>
  spawnSync(process.execPath, ['--import', 'tsx', path.resolve('platform/clickhouse/migrate-cli.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })

describe('npm run migrate', () => {
  it('applies every migration and exits, then finds nothing to do', async () => {
    const first = runMigrate()
    expect(first.status, first.stderr).toBe(0)
    expect(first.stdout).toContain('migrations applied')
    const again = runMigrate()
    expect(again.status, again.stderr).toBe(0)
    expect(again.stdout).toContain('schema already up to date')

    const ch = await createClickHouse({
      DATA_DIR: dataDir,
      CLICKHOUSE_USER: 'default',
      CLICKHOUSE_PASSWORD: '',
      CLICKHOUSE_DATABASE: 'default',
      CLICKHOUSE_URL: undefined,
    })
    try {
      const ids = (await queryRows<{ id: string }>(ch, 'SELECT id FROM schema_migrations FINAL ORDER BY id')).map((r) => r.id)
      expect(ids).toEqual(readMigrations().map((m) => m.id))
    } finally {
      await ch.close()
    }
  })
})
