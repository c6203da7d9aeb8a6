import type { AppContext } from '../../platform/context.js'
import { EsiNameCache } from '../../platform/esi/names.js'
import { esiUserAgent } from '../../platform/esi/client.js'
import type { Route, TrackedItem } from '../../schemas/killfeed.js'
import { splitWebhookList } from '../../schemas/killfeed-constants.js'
import { KillmailsTopic, type KillmailMessage } from '../../schemas/killmails.js'
import type { LiveKill } from '../../schemas/live-kill.js'
import { LiveEventsTopic } from '../../schemas/topics.js'
import type { Pipeline } from '../index.js'
import type { Consumer } from '../../platform/stream/index.js'
import { publish, subscribe } from '../../platform/stream/typed.js'
import { deliveriesWithStatus, knownPostKeys, postKey, webhookId, writeDeliveries, type Delivery } from './deliveries.js'
import { Deliverer } from './deliverer.js'
import { describeKill, type DescribedKill } from './describe.js'
import { DiscordWebhookClient } from './discord.js'
import { killEmbed } from './embed.js'
import { knownLiveKillIds, saveLiveKills } from './live-store.js'
import { matchSide, type Side } from './match.js'
import { FilterCache, killFacts, killPasses, worldFromCatalog, type CompiledFilter, type FilterWorld, type KillFacts } from './filters.js'
import type { Catalog } from '../../platform/catalog/catalog.js'
import { KillNames } from './names.js'
import { listRoutes, listTracked } from './store.js'

const worlds = new WeakMap<Catalog, FilterWorld>()
/** The filters' view of the static data, built once per loaded catalog. */
export function filterWorld(catalog: Catalog): FilterWorld {
  let world = worlds.get(catalog)
  if (!world) worlds.set(catalog, (world = worldFromCatalog(catalog)))
  return world
}

/** Kills older than this (by kill time) are not posted or pushed: a late or replayed kill is not news. */
export const KILL_MAX_AGE_MS = 24 * 3_600_000
export const KILLFEED_GROUP = 'killfeed-router'

export interface KillfeedRouterOptions {
  groupId?: string
  /** First backoff after a Discord 5xx (tests make it small). */
  backoffMs?: number
  maxAttempts?: number
  /** Where a new consumer group starts: the oldest retained kill (tests of a restart) or only new ones (default). */
  fromBeginning?: boolean
}

export interface RouteMatch {
  route: Route
  side: Side
}

/** The compiled filters of a route; null when they can match nothing (the route posts nothing). */
export type FilterOf = (route: Route) => CompiledFilter | null

const defaultFilters = new FilterCache(() => null)

/** Which enabled routes (entity, mode, then filters) and tracked entities a kill matches. */
export function matchKill(msg: KillmailMessage, routes: Route[], tracked: TrackedItem[], filterOf: FilterOf = (r) => defaultFilters.get(r.filters)) {
  const routeMatches: RouteMatch[] = []
  let facts: KillFacts | null = null
  for (const route of routes) {
    const side = route.enabled ? matchSide(msg.esi, route) : null
    if (!side) continue
    const filter = filterOf(route)
    if (!filter || !killPasses(filter, (facts ??= killFacts(msg)))) continue
    routeMatches.push({ route, side })
  }
  const trackedMatches: LiveKill['matched'] = []
  for (const t of tracked) {
    const side = matchSide(msg.esi, t)
    if (side) trackedMatches.push({ item_type: t.item_type, entity_id: t.entity_id, display_name: t.display_name, side })
  }
  return { routeMatches, trackedMatches }
}

/**
 * The killfeed router: consumes `killmails` with a group of its own, matches each fresh live kill against the
 * enabled routes and the tracked entities, queues one Discord post per (kill, webhook) that has never been
 * queued before (by any route), and pushes kills of tracked entities to the site's live killfeed. Posting happens in the
 * Deliverer, apart from the stream, so a rate-limited channel never holds up the topic.
 */
export class KillfeedRouter {
  readonly deliverer: Deliverer
  private names: KillNames
  private log: AppContext['log']
  readonly filters: FilterCache

  constructor(
    private ctx: AppContext,
    options: KillfeedRouterOptions = {},
  ) {
    this.log = ctx.log.child({ component: 'killfeed' })
    const client = new DiscordWebhookClient({ baseUrl: ctx.config.DISCORD_API_BASE_URL, userAgent: esiUserAgent(ctx.version, ctx.config.USER_AGENT_CONTACT) })
    this.deliverer = new Deliverer({ client, ch: ctx.ch, log: this.log, backoffMs: options.backoffMs, maxAttempts: options.maxAttempts })
    this.names = new KillNames(new EsiNameCache(ctx.esi), ctx.catalog, this.log)
    this.filters = new FilterCache(() => (ctx.catalog.ready ? filterWorld(ctx.catalog.current()) : null))
  }

  /**
   * After a restart: posts still `queued` are sent (they never left); posts caught `sending` become `unknown` and
   * are not sent again, because Discord may have shown them already.
   */
  async recover(): Promise<void> {
    const interrupted = await deliveriesWithStatus(this.ctx.ch, 'sending')
    if (interrupted.length) {
      await writeDeliveries(
        this.ctx.ch,
        interrupted.map((d) => ({
          ...d,
          status: 'unknown' as const,
          error: 'The process stopped while this post was being sent; it is not sent again, so it can never appear twice.',
        })),
      )
      this.log.warn({ posts: interrupted.length }, 'killfeed: posts interrupted mid-send marked unknown')
    }
    const queued = await deliveriesWithStatus(this.ctx.ch, 'queued')
    if (queued.length) this.log.info({ posts: queued.length }, 'killfeed: resuming queued posts')
    this.deliverer.enqueue(queued)
  }

  private turn: Promise<unknown> = Promise.resolve()

  /**
   * One batch from the topic. Safe to run again on the same kills (a redelivered batch posts nothing twice).
   * Batches are handled one at a time, so the check for earlier posts and the new queue rows never interleave.
   */
  handle(messages: KillmailMessage[], now = Date.now()): Promise<void> {
    const run = this.turn.then(() => this.handleNow(messages, now))
    this.turn = run.catch(() => {})
    return run
  }

  private async handleNow(messages: KillmailMessage[], now: number): Promise<void> {
    const byId = new Map<number, KillmailMessage>()
    for (const m of messages) {
      if (m.source === 'live' && now - Date.parse(m.esi.killmail_time) <= KILL_MAX_AGE_MS) byId.set(m.killmail_id, m)
    }
    if (!byId.size) return
    const [routes, tracked] = await Promise.all([listRoutes(this.ctx.ch, { enabledOnly: true }), listTracked(this.ctx.ch)])
    if (!routes.length && !tracked.length) return

    const matched = [...byId.values()]
      .map((msg) => ({ msg, ...matchKill(msg, routes, tracked, (r) => this.filters.get(r.filters)) }))
      .filter((m) => m.routeMatches.length || m.trackedMatches.length)
    if (!matched.length) return
    const names = await this.names.lookupFor(matched.map((m) => m.msg))
    const described = new Map(
      matched.map((m) => [m.msg.killmail_id, describeKill(m.msg, names, { zkill: this.ctx.config.ZKILL_BASE_URL, images: this.ctx.config.IMAGE_SERVER_URL })]),
    )

    await this.pushLive(matched.filter((m) => m.trackedMatches.length).map((m) => ({ ...described.get(m.msg.killmail_id)!, matched: m.trackedMatches })))
    await this.queuePosts(matched.flatMap((m) => m.routeMatches.map((r) => ({ ...r, kill: described.get(m.msg.killmail_id)! }))))
  }

  private async pushLive(kills: LiveKill[]): Promise<void> {
    if (!kills.length) return
    const known = await knownLiveKillIds(
      this.ctx.ch,
      kills.map((k) => k.killmail_id),
    )
    const fresh = kills.filter((k) => !known.has(k.killmail_id))
    if (!fresh.length) return
    // Pushed before it is stored: a crash between the two pushes it again (pages drop repeats), never loses it.
    await publish(
      this.ctx.stream,
      LiveEventsTopic,
      fresh.map((kill) => ({ key: String(kill.killmail_id), value: { message: { type: 'kill' as const, kill }, retain: false } })),
    )
    await saveLiveKills(this.ctx.ch, fresh)
  }

  private async queuePosts(matches: Array<RouteMatch & { kill: DescribedKill }>): Promise<void> {
    if (!matches.length) return
    const now = Date.now()
    const candidates: Delivery[] = matches.flatMap(({ route, side, kill }) => {
      const payload = JSON.stringify(killEmbed(kill, route, side, this.ctx.config.IMAGE_SERVER_URL))
      return splitWebhookList(route.webhook_url).map((url) => ({
        route_id: route.id,
        killmail_id: kill.killmail_id,
        webhook_id: webhookId(url),
        webhook_url: url,
        status: 'queued' as const,
        attempts: 0,
        error: '',
        payload,
        queued_at: now,
        posted_at: null,
      }))
    })
    // One post per kill and webhook, whichever routes match: two routes to one channel (an alliance and one of its
    // corporations, say) would otherwise show the kill there twice. The first route (oldest) posts it.
    const taken = await knownPostKeys(this.ctx.ch, [...new Set(candidates.map((c) => c.killmail_id))])
    const fresh = candidates.filter((c) => {
      const key = postKey(c)
      if (taken.has(key)) return false
      taken.add(key)
      return true
    })
    if (!fresh.length) return
    await writeDeliveries(this.ctx.ch, fresh)
    this.deliverer.enqueue(fresh)
  }

  async start(options: KillfeedRouterOptions = {}): Promise<Consumer[]> {
    await this.recover()
    const consumer = await subscribe(
      this.ctx.stream,
      KillmailsTopic,
      { groupId: options.groupId ?? KILLFEED_GROUP, fromBeginning: options.fromBeginning, log: this.log, maxBatchSize: 200 },
      (values) => this.handle(values),
    )
    const deliverer = this.deliverer
    return [consumer, { run: async () => {}, stop: () => deliverer.stop() }]
  }
}

export async function startKillfeedRouter(ctx: AppContext, options: KillfeedRouterOptions = {}): Promise<{ router: KillfeedRouter; consumers: Consumer[] }> {
  const router = new KillfeedRouter(ctx, options)
  return { router, consumers: await router.start(options) }
}

export const killfeedPipeline: Pipeline = {
  name: 'killfeed-router',
  start: async (ctx) => (await startKillfeedRouter(ctx)).consumers,
}
