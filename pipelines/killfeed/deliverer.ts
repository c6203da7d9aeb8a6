import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import type { Logger } from '../../platform/log.js'
import { writeDeliveries, type Delivery } from './deliveries.js'
import type { DiscordWebhookClient } from './discord.js'

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
    const run = async () => {
      const queue = this.queues.get(webhookId)!
      while (queue.length && !this.abort.signal.aborted) {
        const delivery = queue[0]
        try {
          const waitMs = await this.deliver(delivery)
          queue.shift()
          if (waitMs > 0) await sleep(waitMs, this.abort.signal)
        } catch (err) {
          // The "sending" mark could not be stored, so nothing was sent: try the same post again shortly.
          this.options.log.error({ err, killmail: delivery.killmail_id, route: delivery.route_id }, 'killfeed: could not record a post; retrying')
          await sleep(5000, this.abort.signal)
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
        await sleep(500 * 2 ** attempt, this.abort.signal)
      }
    }
  }

  /** Wait out a global pause, however often it is extended meanwhile; a stop ends the wait at once. */
  private async globalPause(): Promise<void> {
    for (let left = this.pausedUntil - Date.now(); left > 0 && !this.abort.signal.aborted; left = this.pausedUntil - Date.now()) {
      await sleep(left, this.abort.signal)
    }
  }

  /** Post one delivery to the end (posted, failed, or left queued by a stop). Returns the wait before the next post. */
  private async deliver(d: Delivery): Promise<number> {
    const { client, log, maxAttempts, backoffMs, maxRateLimitWaits } = this.options
    const where = { killmail: d.killmail_id, route: d.route_id, webhook: d.webhook_id }
    let rateLimited = 0
    while (!this.abort.signal.aborted) {
      await this.globalPause()
      if (this.abort.signal.aborted) break
      const attempt: Delivery = { ...d, status: 'sending', attempts: d.attempts + 1 }
      // Nothing is sent unless the "sending" mark is stored: a crash after it makes the post "unknown", never a repeat.
      if (!(await this.record([attempt]))) throw new Error('the sending mark could not be stored')
      d = attempt
      const outcome = await client.post(d.webhook_url, d.payload)
      if (outcome.kind === 'posted') {
        await this.record([{ ...d, status: 'posted', error: '', posted_at: Date.now() }])
        log.info(where, 'killfeed: posted to Discord')
        return outcome.waitMs
      }
      const global = outcome.kind === 'rate-limited' && outcome.global
      if (global) {
        // The whole app or IP is limited: set before anything else is awaited, and even when this post gives up.
        // Every worker waits for it before its next post (globalPause), this one included (so no sleep below).
        // Logged once per pause: posts already in flight may come back with the same global 429.
        const now = Date.now()
        if (this.pausedUntil <= now)
          log.warn({ ...where, waitMs: outcome.waitMs, error: outcome.error }, 'killfeed: Discord global rate limit; every webhook waits')
        this.pausedUntil = Math.max(this.pausedUntil, now + outcome.waitMs)
      }
      const giveUp =
        outcome.kind === 'failed' ||
        (outcome.kind === 'retry' && d.attempts >= maxAttempts) ||
        (outcome.kind === 'rate-limited' && ++rateLimited > maxRateLimitWaits)
      if (giveUp) {
        await this.record([{ ...d, status: 'failed', error: outcome.error }])
        log.warn({ ...where, error: outcome.error, attempts: d.attempts }, 'killfeed: post to Discord failed')
        return 0
      }
      // Not posted (429), or most likely not (5xx): safe to send again after the wait. A 429 (global or not) does not
      // use up a try.
      d = { ...d, status: 'queued', error: outcome.error, attempts: outcome.kind === 'rate-limited' ? d.attempts - 1 : d.attempts }
      await this.record([d])
      if (global) continue
      const waitMs = outcome.kind === 'rate-limited' ? outcome.waitMs : backoffMs * 2 ** (d.attempts - 1) * (0.75 + Math.random() * 0.5)
      const why = outcome.kind === 'rate-limited' ? 'Discord asked to wait' : 'not posted'
      log.info({ ...where, waitMs, error: outcome.error }, `killfeed: ${why}; will post again`)
      await sleep(waitMs, this.abort.signal)
    }
    return 0
  }
}
