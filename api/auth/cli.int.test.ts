import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createClickHouse } from '../../platform/clickhouse/client.js'
import { findUser } from './users.js'
import { verifyPassword } from './passwords.js'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-admin-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Run `npm run admin:create` the way an operator does, without a terminal (so it never prompts). */
function adminCreate(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('api/auth/cli.ts'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return { code: result.status, out: (result.stdout + result.stderr).trim() }
}

describe('npm run admin:create', () => {
  it('refuses a weak password and stores nothing', () => {
    const r = adminCreate(['--username', 'ada'], { ADMIN_PASSWORD: 'password1234' })
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/three of lowercase letters/)
  })

  it('asks for the missing password when there is no terminal to prompt on', () => {
    const r = adminCreate(['--username', 'ada'])
    expect(r.code).toBe(1)
    expect(r.out).toBe('Give --username and a password (prompted on a terminal, or ADMIN_PASSWORD).')
  })

  it('creates an account from the environment, refuses a second one of the same name, and resets with --reset', () => {
    const created = adminCreate([], { ADMIN_USERNAME: 'Ada', ADMIN_PASSWORD: 'Correct-Horse-42-battery' })
    expect(created).toEqual({ code: 0, out: "Created admin 'ada'. Sign in at /killfeed." })
    const again = adminCreate(['--username', 'ada'], { ADMIN_PASSWORD: 'Correct-Horse-42-battery' })
    expect(again.code).toBe(1)
    expect(again.out).toMatch(/exists already; add --reset/)
    const reset = adminCreate(['--username', 'ada', '--reset'], { ADMIN_PASSWORD: 'Brand-New-Secret-77x' })
    expect(reset).toEqual({ code: 0, out: "New password set for 'ada'; 0 open session(s) signed out." })
  })

  it('stored an argon2id hash of the latest password', async () => {
    const ch = await createClickHouse({
      DATA_DIR: dataDir,
      CLICKHOUSE_USER: 'default',
      CLICKHOUSE_PASSWORD: '',
      CLICKHOUSE_DATABASE: 'default',
      CLICKHOUSE_URL: undefined,
    })
    try {
      const user = await findUser(ch, 'ada')
      expect(user?.password_hash).toMatch(/^\$argon2id\$/)
      expect(await verifyPassword(user!.password_hash, 'Brand-New-Secret-77x')).toBe(true)
      expect(await verifyPassword(user!.password_hash, 'Correct-Horse-42-battery')).toBe(false)
    } finally {
      await ch.close()
    }
  })
})
