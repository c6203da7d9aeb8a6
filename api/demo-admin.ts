import { randomBytes } from 'node:crypto'
import type { ClickHouseClient } from '../platform/clickhouse/client.js'
import { createAdmin } from './auth/cli.js'
import { findUser } from './auth/users.js'

export const DEMO_ADMIN_USERNAME = 'demo'

/**
 * The demo's killfeed admin: a fresh random password on every start, printed to the console, so /killfeed can be
 * tried without stopping the demo to run `npm run admin:create` (chDB lets only one process open the data).
 */
export async function ensureDemoAdmin(ch: ClickHouseClient): Promise<{ username: string; password: string }> {
  const reset = (await findUser(ch, DEMO_ADMIN_USERNAME)) !== null
  // 24 random base64url characters pass the password rules as a passphrase; one that happens to contain the
  // username is refused by createAdmin, so draw again.
  for (;;) {
    const password = randomBytes(18).toString('base64url')
    if (password.toLowerCase().includes(DEMO_ADMIN_USERNAME)) continue
    await createAdmin(ch, { username: DEMO_ADMIN_USERNAME, password, reset })
    return { username: DEMO_ADMIN_USERNAME, password }
  }
}
