import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Logger } from '../../platform/log.js'
import { MAX_EMBEDS_PER_MESSAGE } from '../../schemas/killfeed-constants.js'
import { writeDeliveries, writeRateLimit, type Delivery } from './deliveries.js'
import type { DiscordWebhookClient } from './discord.js'
import { embedChars, MAX_EMBED_CHARS_PER_MESSAGE, mergeMessages, type DiscordKillMessage } from './embed.js'
import { disableRoute } from './store.js'

/** Time as the deliverer sees it: tests give a fake clock, so no test waits out Discord's minute-long 429s. */
export interface DelivererClock {
  now(): number
  /** Resolves after `ms`, or at once when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

/** A wait that ends early when the deliverer stops. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}
export const systemClock: DelivererClock = { now: () => Date.now(), sleep }

export interface DelivererOptions {
  client: DiscordWebhookClient
  ch: ClickHouseClient
  log: Logger
  /** Tries per post when Discord answers 5xx or not at all. */
  maxAttempts?: number
  /** First backoff after a 5xx; doubled each time (with jitter). */
  backoffMs?: number
  /** 429 answers waited out per post before giving up. */
  maxRateLimitWaits?: number
  clock?: DelivererClock
}

/**
 * Sends queued posts, one webhook at a time per webhook (in order) and webhooks in parallel, so one slow or
 * rate-limited channel never holds up another. Every step is recorded before it happens: `sending` before the
 * request, then `posted`, `failed`, or `queued` again when Discord refused it without posting (429) or failed (5xx)
 * and it waits to be tried again. A stop during a wait leaves the post `queued`, and the next start sends it.
 * A global 429 (the whole app or IP is limited) pauses every webhook, not only the one that got it.
 */
export class Deliverer {
  private queues = new Map<string, Delivery[]>()
  private workers = new Map<string, Promise<void>>()
  private abort = new AbortController()
  private options: Required<DelivererOptions>
  /** No webhook posts before this time (ms since the epoch): set by a global 429, shared by every worker. */
  private pausedUntil = 0

  constructor(options: DelivererOptions) {
    this.options = {
      ...options,
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 1000,
      maxRateLimitWaits: options.maxRateLimitWaits ?? 10,
      clock: options.clock ?? systemClock,
    }
  }

  enqueue(deliveries: Delivery[]): void {
    if (this.abort.signal.aborted) return
    for (const d of deliveries) {
      const queue = this.queues.get(d.webhook_id) ?? []
      queue.push(d)
      this.queues.set(d.webhook_id, queue)
      if (!this.workers.has(d.webhook_id)) this.startWorker(d.webhook_id)
    }
  }

  /** Resolves once every queue is empty (tests). */
  async idle(): Promise<void> {
    while (this.workers.size) await Promise.all([...this.workers.values()])
  }

  async stop(): Promise<void> {
    this.abort.abort()
    await Promise.allSettled([...this.workers.values()])
  }

  private startWorker(webhookId: string): void {
    const { clock, log } = this.options
    const run = async () => {
      // Begin after the current enqueue call has queued all of its posts, so a burst goes out as few messages.
      await Promise.resolve()
      const queue = this.queues.get(webhookId)!
      while (queue.length && !this.abort.signal.aborted) {
        const batch = takeBatch(queue)
        try {
          const waitMs = await this.deliver(batch)
          queue.splice(0, batch.length)
          if (waitMs > 0) await clock.sleep(waitMs, this.abort.signal)
        } catch (err) {
          // The "sending" mark could not be stored, so nothing was sent: try the same posts again shortly.
          log.error({ err, killmail: batch[0].killmail_id, route: batch[0].route_id }, 'killfeed: could not record a post; retrying')
          await clock.sleep(5000, this.abort.signal)
        }
      }
      this.workers.delete(webhookId)
      if (!queue.length) this.queues.delete(webhookId)
    }
    this.workers.set(webhookId, run())
  }

  /**
   * Write status rows, retrying the write a few times. False when the database kept refusing (logged): after a
   * post was sent, a failed write must never lead to sending it again, so callers only go on or stop.
   */
  private async record(rows: Delivery[]): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await writeDeliveries(this.options.ch, rows)
        return true
      } catch (err) {
        if (attempt >= 4 || this.abort.signal.aborted) {
          this.options.log.error({ err, killmail: rows[0]?.killmail_id, status: rows[0]?.status }, 'killfeed: could not record a post status')
          return false
        }
        await this.options.clock.sleep(500 * 2 ** attempt, this.abort.signal)
      }
    }
  }

  /** Wait out a global pause, however often it is extended meanwhile; a stop ends the wait at once. */
  private async globalPause(): Promise<void> {
    const { clock } = this.options
    for (let left = this.pausedUntil - clock.now(); left > 0 && !this.abort.signal.aborted; left = this.pausedUntil - clock.now()) {
      await clock.sleep(left, this.abort.signal)
    }
  }

  /**
   * Post one message (one delivery, or a burst of one route's deliveries as up to 10 embeds) to the end: posted,
   * failed, or left queued by a stop. Returns the wait before the webhook's next post.
   */
  private async deliver(batch: Delivery[]): Promise<number> {
    const { client, log, maxAttempts, backoffMs, maxRateLimitWaits, clock } = this.options
    const where = { killmail: batch[0].killmail_id, kills: batch.length, route: batch[0].route_id, webhook: batch[0].webhook_id }
    const body = batch.length === 1 ? batch[0].payload : JSON.stringify(mergeMessages(batch.map((d) => JSON.parse(d.payload) as DiscordKillMessage)))
    let rateLimited = 0
    let rows = batch
    const mark = (status: Delivery['status'], change: Partial<Delivery> = {}) => rows.map((d) => ({ ...d, status, ...change }))
    while (!this.abort.signal.aborted) {
      await this.globalPause()
      if (this.abort.signal.aborted) break
      const attempt = rows.map((d) => ({ ...d, status: 'sending' as const, attempts: d.attempts + 1 }))
      // Nothing is sent unless the "sending" marks are stored: a crash after them makes the posts "unknown", never a repeat.
      if (!(await this.record(attempt))) throw new Error('the sending mark could not be stored')
      if (this.pausedUntil > clock.now()) {
        // A global 429 came in while the mark was being stored: not sent, so back to queued, and wait with the rest.
        await this.record(rows)
        continue
      }
      rows = attempt
      const outcome = await client.post(rows[0].webhook_url, body)
      if (outcome.kind === 'posted') {
        await this.record(mark('posted', { error: '', posted_at: clock.now() }))
        log.info(where, 'killfeed: posted to Discord')
        if (outcome.waitMs > 0) await this.noteWait(rows[0].webhook_id, outcome.waitMs, 'webhook')
        return outcome.waitMs
      }
      const global = outcome.kind === 'rate-limited' && outcome.global
      if (global) {
        // The whole app or IP is limited: set before anything else is awaited, and even when this post gives up.
        // Every worker waits for it before its next post (globalPause), this one included (so no sleep below).
        // Logged once per pause: posts already in flight may come back with the same global 429.
        const now = clock.now()
        if (this.pausedUntil <= now)
          log.warn({ ...where, waitMs: outcome.waitMs, error: outcome.error }, 'killfeed: Discord global rate limit; every webhook waits')
        this.pausedUntil = Math.max(this.pausedUntil, now + outcome.waitMs)
        await this.noteWait('*', outcome.waitMs, 'global')
      }
      const giveUp =
        outcome.kind === 'failed' ||
        (outcome.kind === 'retry' && rows[0].attempts >= maxAttempts) ||
        (outcome.kind === 'rate-limited' && ++rateLimited > maxRateLimitWaits)
      if (giveUp) {
        await this.record(mark('failed', { error: outcome.error }))
        log.warn({ ...where, error: outcome.error, attempts: rows[0].attempts }, 'killfeed: post to Discord failed')
        if (outcome.kind === 'failed' && outcome.status === 404) await this.webhookDeleted(rows[0], outcome.error, rows.length)
        return 0
      }
      // Not posted (429), or most likely not (5xx): safe to send again after the wait. A 429 (global or not) does not
      // use up a try.
      rows = rows.map((d) => ({
        ...d,
        status: 'queued' as const,
        error: outcome.error,
        attempts: outcome.kind === 'rate-limited' ? d.attempts - 1 : d.attempts,
      }))
      await this.record(rows)
      if (global) continue
      const waitMs = outcome.kind === 'rate-limited' ? outcome.waitMs : backoffMs * 2 ** (rows[0].attempts - 1) * (0.75 + Math.random() * 0.5)
      if (outcome.kind === 'rate-limited') await this.noteWait(rows[0].webhook_id, waitMs, 'webhook')
      const why = outcome.kind === 'rate-limited' ? 'Discord asked to wait' : 'not posted'
      log.info({ ...where, waitMs, error: outcome.error }, `killfeed: ${why}; will post again`)
      await clock.sleep(waitMs, this.abort.signal)
    }
    return 0
  }

  /** For the delivery log: until when Discord asked a webhook (or every webhook: '*') to wait. Best effort. */
  private async noteWait(webhookId: string, waitMs: number, scope: 'webhook' | 'global'): Promise<void> {
    await writeRateLimit(this.options.ch, webhookId, this.options.clock.now() + waitMs, scope).catch((err: unknown) =>
      this.options.log.warn({ err }, 'killfeed: could not record a rate-limit wait'),
    )
  }

  /**
   * Discord says the webhook is deleted (404 Unknown Webhook). Its docs ask not to use it again (repeated attempts
   * earn a temporary restriction), so the route is switched off with the reason shown, and the route's other posts
   * waiting for this webhook fail with the same answer instead of being sent.
   */
  private async webhookDeleted(d: Delivery, error: string, batchSize: number): Promise<void> {
    const reason = `Switched off: Discord says a webhook of this route no longer exists (${error.replace(/^Discord answered /, '')}). Change the webhook URL, then switch the route on again.`
    if (await disableRoute(this.options.ch, d.route_id, reason).catch(() => false))
      this.options.log.warn({ route: d.route_id, webhook: d.webhook_id }, 'killfeed: webhook deleted; route switched off')
    const queue = this.queues.get(d.webhook_id)
    if (!queue) return
    // The head of the queue is the batch the caller is settling; the route's later posts are removed here.
    const dropped = queue.slice(batchSize).filter((q) => q.route_id === d.route_id)
    for (const q of dropped) queue.splice(queue.indexOf(q), 1)
    await this.record(dropped.map((q) => ({ ...q, status: 'failed' as const, error })))
  }
}

/**
 * The posts to send as one message: the first queued post and the ones after it of the same route (same style and
 * mention), while they fit Discord's limits: 10 embeds and 6000 characters a message.
 */
export function takeBatch(queue: Delivery[]): Delivery[] {
  const batch = [queue[0]]
  let chars = payloadChars(queue[0])
  for (let i = 1; i < queue.length && batch.length < MAX_EMBEDS_PER_MESSAGE; i++) {
    const d = queue[i]
    if (d.route_id !== batch[0].route_id) break
    const n = payloadChars(d)
    if (chars + n > MAX_EMBED_CHARS_PER_MESSAGE) break
    batch.push(d)
    chars += n
  }
  return batch
}

function payloadChars(d: Delivery): number {
  try {
    return (JSON.parse(d.payload) as DiscordKillMessage).embeds.reduce((n, e) => n + embedChars(e), 0)
  } catch {
    return MAX_EMBED_CHARS_PER_MESSAGE
  }
}
