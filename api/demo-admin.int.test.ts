import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createClickHouse } from '../platform/clickhouse/client.js'
import { migrate } from '../platform/clickhouse/migrate.js'
import { verifyPassword } from './auth/passwords.js'
import { findUser } from './auth/users.js'
import { DEMO_ADMIN_USERNAME, ensureDemoAdmin } from './demo-admin.js'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-demo-admin-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the demo admin', () => {
  it('is created with a random password on the first start and gets a new one on every later start', async () => {
    const ch = await createClickHouse({
      DATA_DIR: dataDir,
      CLICKHOUSE_USER: 'default',
      CLICKHOUSE_PASSWORD: '',
      CLICKHOUSE_DATABASE: 'default',
      CLICKHOUSE_URL: undefined,
    })
    try {
      await migrate(ch)
      const first = await ensureDemoAdmin(ch)
      expect(first.username).toBe(DEMO_ADMIN_USERNAME)
      const second = await ensureDemoAdmin(ch)
      expect(second.password).not.toBe(first.password)
      const stored = await findUser(ch, DEMO_ADMIN_USERNAME)
      expect(await verifyPassword(stored!.password_hash, second.password)).toBe(true)
      expect(await verifyPassword(stored!.password_hash, first.password)).toBe(false)
    } finally {
      await ch.close()
    }
  })
})
