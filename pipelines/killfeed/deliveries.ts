import crypto from 'node:crypto'
import type { DeliveryStatus, RecentPost } from '../../schemas/killfeed.js'
import { maskWebhook } from '../../schemas/killfeed-constants.js'
import { queryRows, type ClickHouseClient } from '../clickhouse/client.js'
import { isoFromMs, versionTime } from '../clickhouse/version-clock.js'

/**
 * One post of one kill to one webhook of one route: the router's outbox and its memory. Every change of status is
 * a new row; the latest row of a (route, killmail, webhook) wins. A key that has any row is never queued again,
 * which is what makes posting at most once (see docs/tools/killfeed.md, "At most one post").
 */
export interface Delivery {
  route_id: string
  killmail_id: number
  webhook_id: string
  webhook_url: string
  status: DeliveryStatus
  attempts: number
  error: string
  /** The Discord message body (JSON). */
  payload: string
  queued_at: number
  posted_at: number | null
}

/** A short stable id for a webhook URL (its token never appears in logs or keys). */
export const webhookId = (url: string) => crypto.createHash('sha256').update(url).digest('hex').slice(0, 16)

export const deliveryKey = (d: Pick<Delivery, 'route_id' | 'killmail_id' | 'webhook_id'>) => `${d.route_id}|${d.killmail_id}|${d.webhook_id}`

export async function writeDeliveries(ch: ClickHouseClient, rows: Delivery[]): Promise<void> {
  if (!rows.length) return
  await ch.insert({
    table: 'killfeed_deliveries',
    values: rows.map((d) => ({
      ...d,
      queued_at: new Date(d.queued_at).toISOString(),
      posted_at: d.posted_at === null ? null : new Date(d.posted_at).toISOString(),
      updated_at: versionTime().toISOString(),
    })),
    format: 'JSONEachRow',
  })
}

interface DeliveryRow extends Omit<Delivery, 'killmail_id' | 'queued_at' | 'posted_at' | 'attempts'> {
  killmail_id: string
  attempts: number | string
  queued_ms: string
  posted_ms: string | null
}

const DELIVERY_COLUMNS = `toString(route_id) AS route_id, killmail_id, webhook_id, webhook_url, status, attempts, error, payload,
  toUnixTimestamp64Milli(queued_at) AS queued_ms, if(isNull(posted_at), NULL, toUnixTimestamp64Milli(assumeNotNull(posted_at))) AS posted_ms`

const toDelivery = (r: DeliveryRow): Delivery => ({
  route_id: r.route_id,
  killmail_id: Number(r.killmail_id),
  webhook_id: r.webhook_id,
  webhook_url: r.webhook_url,
  status: r.status,
  attempts: Number(r.attempts),
  error: r.error,
  payload: r.payload,
  queued_at: Number(r.queued_ms),
  posted_at: r.posted_ms === null ? null : Number(r.posted_ms),
})

/** Keys (deliveryKey) that already have a row, among the given kills. */
export async function knownDeliveryKeys(ch: ClickHouseClient, killmailIds: number[]): Promise<Set<string>> {
  if (!killmailIds.length) return new Set()
  const rows = await queryRows<{ route_id: string; killmail_id: string; webhook_id: string }>(
    ch,
    'SELECT DISTINCT toString(route_id) AS route_id, killmail_id, webhook_id FROM killfeed_deliveries WHERE killmail_id IN {ids:Array(UInt64)}',
    { ids: killmailIds },
  )
  return new Set(rows.map((r) => deliveryKey({ ...r, killmail_id: Number(r.killmail_id) })))
}

export async function deliveriesWithStatus(ch: ClickHouseClient, status: DeliveryStatus): Promise<Delivery[]> {
  const rows = await queryRows<DeliveryRow>(ch, `SELECT ${DELIVERY_COLUMNS} FROM killfeed_deliveries FINAL WHERE status = {status:String} ORDER BY queued_at`, { status })
  return rows.map(toDelivery)
}

/** The latest posts (any status), newest first, with the route's name (null once the route is deleted). */
export async function recentPosts(ch: ClickHouseClient, limit = 50): Promise<RecentPost[]> {
  const rows = (await queryRows<DeliveryRow>(ch, `SELECT ${DELIVERY_COLUMNS} FROM killfeed_deliveries FINAL ORDER BY queued_at DESC, killmail_id DESC LIMIT {limit:UInt32}`, { limit })).map(toDelivery)
  const names = new Map(
    (await queryRows<{ id: string; display_name: string }>(ch, 'SELECT toString(id) AS id, display_name FROM killfeed_routes FINAL WHERE NOT deleted')).map((r) => [r.id, r.display_name]),
  )
  return rows.map((d) => ({
    killmail_id: d.killmail_id,
    posted_at: d.posted_at === null ? null : isoFromMs(d.posted_at),
    queued_at: isoFromMs(d.queued_at),
    route_id: d.route_id,
    display_name: names.get(d.route_id) ?? null,
    webhook: maskWebhook(d.webhook_url),
    status: d.status,
    attempts: d.attempts,
    error: d.error,
  }))
}
