import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { versionTime } from '../../platform/clickhouse/version-clock.js'

export interface AdminUser {
  username: string
  password_hash: string
}

/** Admin accounts in ClickHouse (`admin_users`); usernames are stored lowercase. */
export async function findUser(ch: ClickHouseClient, username: string): Promise<AdminUser | null> {
  const [row] = await queryRows<AdminUser>(ch, 'SELECT username, password_hash FROM admin_users FINAL WHERE username = {username:String}', { username })
  return row ?? null
}

export async function listUsernames(ch: ClickHouseClient): Promise<string[]> {
  return (await queryRows<{ username: string }>(ch, 'SELECT username FROM admin_users FINAL ORDER BY username')).map((r) => r.username)
}

/** Create the account, or set a new password hash on an existing one (created_at is kept). */
export async function saveUser(ch: ClickHouseClient, username: string, passwordHash: string): Promise<void> {
  const now = versionTime().toISOString()
  const [existing] = await queryRows<{ created_ms: string }>(
    ch,
    'SELECT toUnixTimestamp64Milli(created_at) AS created_ms FROM admin_users FINAL WHERE username = {username:String}',
    { username },
  )
  const created = existing ? new Date(Number(existing.created_ms)).toISOString() : now
  await ch.insert({ table: 'admin_users', values: [{ username, password_hash: passwordHash, created_at: created, updated_at: now }], format: 'JSONEachRow' })
}
