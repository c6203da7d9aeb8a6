import crypto from 'node:crypto'
import type { DeliveryStatus, RecentPost, Route, RouteLog, WebhookHealth } from '../../schemas/killfeed.js'
import { maskWebhook, splitWebhookList } from '../../schemas/killfeed-constants.js'
import { queryRows, type ClickHouseClient } from '../../platform/clickhouse/client.js'
import { isoFromMs, versionTime } from '../../platform/clickhouse/version-clock.js'
import { BROKEN_WEBHOOK_ERROR, brokenWebhookAnswer } from './discord.js'

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

/** What is posted at most once: a kill to a webhook, whichever routes match it (two routes may share a channel). */
export const postKey = (d: Pick<Delivery, 'killmail_id' | 'webhook_id'>) => `${d.killmail_id}|${d.webhook_id}`

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

/** Keys (postKey) that already have a row, by any route, among the given kills. */
export async function knownPostKeys(ch: ClickHouseClient, killmailIds: number[]): Promise<Set<string>> {
  if (!killmailIds.length) return new Set()
  const rows = await queryRows<{ killmail_id: string; webhook_id: string }>(
    ch,
    'SELECT DISTINCT killmail_id, webhook_id FROM killfeed_deliveries WHERE killmail_id IN {ids:Array(UInt64)}',
    { ids: killmailIds },
  )
  return new Set(rows.map((r) => postKey({ ...r, killmail_id: Number(r.killmail_id) })))
}

export async function deliveriesWithStatus(ch: ClickHouseClient, status: DeliveryStatus): Promise<Delivery[]> {
  const rows = await queryRows<DeliveryRow>(ch, `SELECT ${DELIVERY_COLUMNS} FROM killfeed_deliveries FINAL WHERE status = {status:String} ORDER BY queued_at`, {
    status,
  })
  return rows.map(toDelivery)
}

/** The latest posts (any status), newest first, with the route's name (null once the route is deleted). */
export async function recentPosts(ch: ClickHouseClient, limit = 50): Promise<RecentPost[]> {
  const rows = (
    await queryRows<DeliveryRow>(
      ch,
      `SELECT ${DELIVERY_COLUMNS} FROM killfeed_deliveries FINAL ORDER BY queued_at DESC, killmail_id DESC LIMIT {limit:UInt32}`,
      { limit },
    )
  ).map(toDelivery)
  const names = new Map(
    (await queryRows<{ id: string; display_name: string }>(ch, 'SELECT toString(id) AS id, display_name FROM killfeed_routes FINAL WHERE NOT deleted')).map(
      (r) => [r.id, r.display_name],
    ),
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

/**
 * Each route's webhooks that Discord refuses for good (deleted, wrong token, no access: BROKEN_WEBHOOK_STATUSES),
 * by route id: a webhook is listed when its latest settled post (posted or failed; queued, sending and unknown
 * say nothing either way) failed with such an answer, `since` the first such failure after its last success.
 * A later success removes it, and so does a new URL (its webhook id is new). A 404 (deleted) also switches the route
 * off (Deliverer.webhookDeleted, issue #40); a 401 or 403 does not, since the admin may fix the webhook's access.
 */
export async function webhookHealth(ch: ClickHouseClient, routes: Route[]): Promise<Map<string, WebhookHealth[]>> {
  const health = new Map<string, WebhookHealth[]>(routes.map((r) => [r.id, []]))
  if (!routes.length) return health
  const rows = await queryRows<{ route_id: string; webhook_id: string; error: string; since_ms: string }>(
    ch,
    `SELECT toString(route_id) AS route_id, webhook_id, last_error AS error, toUnixTimestamp64Milli(arrayMin(arrayFilter(t -> t > last_ok, refused_at))) AS since_ms
     FROM (
       SELECT route_id, webhook_id, argMax(status, updated_at) AS last_status, argMax(error, updated_at) AS last_error,
         maxIf(updated_at, status = 'posted') AS last_ok, groupArrayIf(updated_at, status = 'failed' AND match(error, {broken:String})) AS refused_at
       FROM killfeed_deliveries FINAL
       WHERE route_id IN {routes:Array(UUID)} AND status IN ('posted', 'failed')
       GROUP BY route_id, webhook_id
     )
     WHERE last_status = 'failed' AND match(last_error, {broken:String})`,
    { routes: routes.map((r) => r.id), broken: BROKEN_WEBHOOK_ERROR },
  )
  const refused = new Map(rows.map((r) => [`${r.route_id}|${r.webhook_id}`, r]))
  for (const route of routes) {
    splitWebhookList(route.webhook_url).forEach((url, index) => {
      const row = refused.get(`${route.id}|${webhookId(url)}`)
      const answer = row && brokenWebhookAnswer(row.error)
      if (!row || !answer) return
      health
        .get(route.id)!
        .push({ webhook_index: index, webhook: maskWebhook(url), http_status: answer.status, message: answer.message, since: isoFromMs(row.since_ms) })
    })
  }
  return health
}

/** Until when Discord asked a webhook ('*': every webhook, the global limit) to wait (the delivery log shows it). */
export async function writeRateLimit(ch: ClickHouseClient, webhookId: string, waitUntilMs: number, scope: 'webhook' | 'global'): Promise<void> {
  await ch.insert({
    table: 'killfeed_rate_limits',
    values: [{ webhook_id: webhookId, wait_until: new Date(waitUntilMs).toISOString(), scope, updated_at: versionTime().toISOString() }],
    format: 'JSONEachRow',
  })
}

/** Killmail id 0 in the outbox: an admin's test post (no kill has id 0). */
export const TEST_POST_KILLMAIL_ID = 0

/** A route's latest posts (test posts included), newest first, and how long its webhooks must still wait. */
export async function routeLog(ch: ClickHouseClient, route: Route, now: number, limit = 25): Promise<RouteLog> {
  const rows = (
    await queryRows<DeliveryRow>(
      ch,
      `SELECT ${DELIVERY_COLUMNS} FROM killfeed_deliveries FINAL WHERE route_id = {route:String} ORDER BY queued_at DESC, killmail_id DESC LIMIT {limit:UInt32}`,
      { route: route.id, limit },
    )
  ).map(toDelivery)
  const hooks = [...splitWebhookList(route.webhook_url).map(webhookId), '*']
  const [wait] = await queryRows<{ until_ms: string | null }>(
    ch,
    'SELECT toUnixTimestamp64Milli(max(wait_until)) AS until_ms FROM killfeed_rate_limits FINAL WHERE webhook_id IN {hooks:Array(String)}',
    { hooks },
  )
  const untilMs = wait?.until_ms == null ? 0 : Number(wait.until_ms)
  return {
    posts: rows.map((d) => ({
      killmail_id: d.killmail_id,
      posted_at: d.posted_at === null ? null : isoFromMs(d.posted_at),
      queued_at: isoFromMs(d.queued_at),
      route_id: d.route_id,
      display_name: route.display_name,
      webhook: maskWebhook(d.webhook_url),
      status: d.status,
      attempts: d.attempts,
      error: d.error,
    })),
    rate_limit_wait_seconds: untilMs > now ? Math.ceil((untilMs - now) / 100) / 10 : 0,
    disabled_reason: route.disabled_reason,
  }
}
