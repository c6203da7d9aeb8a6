import crypto from 'node:crypto'
import type { ClickHouseClient } from '../../../platform/clickhouse/client.js'
import { queryRows } from '../../../platform/clickhouse/client.js'
import type { ContactMessage, ContactMessageList } from '../../../schemas/contact.js'

export type NewContactMessage = Pick<ContactMessage, 'name' | 'email' | 'topic' | 'message'>

/** Store one message (table from migration `*_contact_messages.sql`) and return it with its id and time. */
export async function insertContactMessage(ch: ClickHouseClient, input: NewContactMessage, now = new Date()): Promise<ContactMessage> {
  const stored: ContactMessage = { id: crypto.randomUUID(), received_at: now.toISOString(), ...input }
  await ch.insert({ table: 'contact_messages', values: [stored], format: 'JSONEachRow' })
  return stored
}

/**
 * Stored messages, newest first, for the admin area. Not exposed over HTTP here: the route that serves it
 * belongs behind the admin login.
 */
export async function listContactMessages(ch: ClickHouseClient, page: { limit?: number; offset?: number } = {}): Promise<ContactMessageList> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? 50), 1), 500)
  const offset = Math.max(Math.trunc(page.offset ?? 0), 0)
  const [count] = await queryRows<{ total: string }>(ch, 'SELECT count() AS total FROM contact_messages')
  const rows = await queryRows<Omit<ContactMessage, 'received_at'> & { received_ms: string }>(
    ch,
    `SELECT toString(id) AS id, toUnixTimestamp64Milli(received_at) AS received_ms, name, email, topic, message
     FROM contact_messages
     ORDER BY received_at DESC, id DESC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { limit, offset },
  )
  return {
    total: Number(count?.total ?? 0),
    messages: rows.map(({ received_ms, ...row }) => ({ ...row, received_at: new Date(Number(received_ms)).toISOString() })),
  }
}
