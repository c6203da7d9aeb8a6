import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClickHouse, probeClickHouse, queryRows, type ClickHouseClient } from './client.js'
import { migrate, readMigrations, splitStatements } from './migrate.js'

let ch: ClickHouseClient
let dataDir: string
let migrationsDir: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-ch-'))
  migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-mig-'))
  ch = await createClickHouse({
    DATA_DIR: dataDir,
    CLICKHOUSE_URL: undefined,
    CLICKHOUSE_USER: 'default',
    CLICKHOUSE_PASSWORD: '',
    CLICKHOUSE_DATABASE: 'default',
  })
})
afterAll(async () => {
  await ch?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(migrationsDir, { recursive: true, force: true })
})

describe('ClickHouse layer (chDB)', () => {
  it('splits migration files into statements and ignores comments', () => {
    expect(splitStatements('-- a comment\nCREATE TABLE a (x UInt8) ENGINE=Memory;\n\nCREATE TABLE b (y String) ENGINE=Memory;\n')).toEqual([
      'CREATE TABLE a (x UInt8) ENGINE=Memory',
      'CREATE TABLE b (y String) ENGINE=Memory',
    ])
  })

  it('applies migrations in name order, once', async () => {
    fs.writeFileSync(path.join(migrationsDir, '202611220002_second.sql'), "ALTER TABLE things ADD COLUMN IF NOT EXISTS label String DEFAULT '';\n")
    fs.writeFileSync(
      path.join(migrationsDir, '202611220001_first.sql'),
      'CREATE TABLE IF NOT EXISTS things (id UInt32, name String) ENGINE = MergeTree ORDER BY id;\n',
    )
    fs.writeFileSync(path.join(migrationsDir, 'README.md'), 'not a migration')
    expect(readMigrations(migrationsDir).map((m) => m.id)).toEqual(['202611220001_first', '202611220002_second'])
    expect(await migrate(ch, migrationsDir)).toEqual(['202611220001_first', '202611220002_second'])
    expect(await migrate(ch, migrationsDir)).toEqual([])
    const cols = await queryRows<{ name: string }>(
      ch,
      "SELECT name FROM system.columns WHERE table = 'things' AND database = currentDatabase() ORDER BY position",
    )
    expect(cols.map((c) => c.name)).toEqual(['id', 'name', 'label'])
  })

  it('names the failing migration and statement', async () => {
    fs.writeFileSync(path.join(migrationsDir, '202611220003_broken.sql'), 'CREATE TABLE IF NOT EXISTS broken (id UInt32) ENGINE = NoSuchEngine;\n')
    await expect(migrate(ch, migrationsDir)).rejects.toThrow(/Migration 202611220003_broken failed/)
    fs.rmSync(path.join(migrationsDir, '202611220003_broken.sql'))
  })

  it('binds values as parameters, so input never becomes SQL', async () => {
    await ch.insert({ table: 'things', values: [{ id: 1, name: "O'Brien; DROP TABLE things" }], format: 'JSONEachRow' })
    const rows = await queryRows<{ id: number }>(ch, 'SELECT id FROM things WHERE name = {name:String}', { name: "O'Brien; DROP TABLE things" })
    expect(rows).toEqual([{ id: 1 }])
  })

  it('probes health with a latency', async () => {
    const health = await probeClickHouse(ch)
    expect(health.ok).toBe(true)
    expect(health.error).toBeNull()
    expect(health.ms).toBeGreaterThanOrEqual(0)
  })

  it('applies the product migrations cleanly twice', async () => {
    await migrate(ch)
    expect(await migrate(ch)).toEqual([])
  })
})
