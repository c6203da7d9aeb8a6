import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ClickHouseClient } from './client.js'
import { queryRows } from './client.js'

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface Migration {
  id: string
  statements: string[]
}

/**
 * Migrations are `.sql` files named `YYYYMMDDHHMM_what.sql`, applied in name order and recorded in
 * `schema_migrations`. Timestamped names let tool slices add tables without colliding on a sequence number.
 * Each statement must be idempotent (IF NOT EXISTS / IF EXISTS), so a run that stopped half way can run again.
 */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`)
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{12}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({ id: file.replace(/\.sql$/, ''), statements: splitStatements(fs.readFileSync(path.join(dir, file), 'utf8')) }))
}

export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean)
}

export async function migrate(ch: ClickHouseClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  await ch.command({
    query: `CREATE TABLE IF NOT EXISTS schema_migrations (id String, applied_at DateTime64(3) DEFAULT now64(3))
            ENGINE = ReplacingMergeTree ORDER BY id`,
  })
  const applied = new Set((await queryRows<{ id: string }>(ch, 'SELECT id FROM schema_migrations FINAL')).map((r) => r.id))
  const done: string[] = []
  for (const m of readMigrations(dir)) {
    if (applied.has(m.id)) continue
    for (const statement of m.statements) {
      try {
        await ch.command({ query: statement })
      } catch (err) {
        throw new Error(`Migration ${m.id} failed: ${(err as Error).message}\nStatement: ${statement.slice(0, 300)}`, { cause: err })
      }
    }
    await ch.insert({ table: 'schema_migrations', values: [{ id: m.id }], format: 'JSONEachRow' })
    done.push(m.id)
  }
  return done
}
