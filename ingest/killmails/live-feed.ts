import type { EsiClient } from '../../platform/esi/client.js'
import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { storedKillmailIds } from '../../pipelines/killmails/store.js'
import type { Logger } from '../../platform/log.js'
import type { Stream } from '../../platform/stream/index.js'
import { MAX_MESSAGE_BYTES, messageSize } from '../../platform/stream/size.js'
import { publish } from '../../platform/stream/typed.js'
import { KillmailsTopic, type KillmailMessage } from '../../schemas/killmails.js'
import { fetchKillmailBody } from './esi-killmail.js'
import { loadFeedPosition, saveFeedPosition } from './feed-state.js'
import { sleep } from '../../platform/sleep.js'
import type { R2z2Record, Zkillboard } from './zkillboard.js'

export const FEED_NAME = 'r2z2'

export interface LiveFeedDeps {
  ch: ClickHouseClient
  stream: Stream
  esi: EsiClient
  zkill: Zkillboard
  log: Logger
}

export interface LiveFeedOptions {
  /** Pause after a 404 at the head of the feed ("no newer kill yet"); zKillboard asks for at least 6 s. */
  idleMs: number
  /** Wait before asking again for a file the pointer says exists but that answered 404 (then it is skipped as a gap). */
  gapRecheckMs: number
  /** First pause after an error (5xx, no answer, ESI or stream trouble); doubles up to maxBackoffMs. */
  backoffMs: number
  maxBackoffMs: number
  /** A stored position older than this is abandoned for the newest kill (R2Z2 keeps files for about a day). */
  staleAfterMs: number
  /** The position is written at most this often while kills flow (and whenever the feed is idle or stops). */
  saveEveryMs: number
  /**
   * In-process topics: at most this many kills published but not stored yet. At the limit the feed stops reading
   * (the position it saves stays at the oldest of them) until the store catches up, so a store that stays down
   * holds memory bounded instead of piling kills up in the topic.
   */
  maxUnstored: number
}

export const LIVE_FEED_DEFAULTS: LiveFeedOptions = {
  idleMs: 6_000,
  gapRecheckMs: 2_000,
  backoffMs: 1_000,
  maxBackoffMs: 60_000,
  staleAfterMs: 12 * 3_600_000,
  saveEveryMs: 1_000,
  // Twice the store's largest batch: a store that is merely slow never makes the feed wait.
  maxUnstored: 4_000,
}

/**
 * How far R2Z2's newest file may be behind our position before we take it that the numbers started again. A pointer
 * served from a cache lags by a few kills at most; a margin keeps such a lag from sending the feed back to reread them.
 */
export const RENUMBERED_MARGIN = 1_000

/** What the feed has done since it started (logs, tests and the status page). */
export interface LiveFeedStats {
  position: number | null
  published: number
  skipped: number
  gaps: number
  lastKillAt: string | null
}

/**
 * Follow zKillboard's R2Z2 feed: every kill zKillboard receives gets the next sequence number and a file
 * `ephemeral/{sequence}.json`. Starting from the stored position (or the newest kill), read the files one at a time
 * (paced by the R2Z2 client), publish each kill on the `killmails` topic, and after a 404 at the head of the feed
 * wait before asking again. The position is stored in ClickHouse so a restart resumes where it stopped; a kill
 * read twice around a restart is dropped by the pipeline's dedupe.
 */
export async function followLiveFeed(
  deps: LiveFeedDeps,
  signal: AbortSignal,
  options: LiveFeedOptions = LIVE_FEED_DEFAULTS,
  stats: LiveFeedStats = newStats(),
): Promise<LiveFeedStats> {
  const { ch, zkill } = deps
  const log = deps.log.child({ component: 'killmail-feed' })
  let backoff = options.backoffMs
  const failed = async (why: string, details: Record<string, unknown> = {}) => {
    log.warn({ ...details, retryInMs: backoff }, why)
    await sleep(backoff, signal)
    backoff = Math.min(backoff * 2, options.maxBackoffMs)
  }

  let next = await startPosition(deps, signal, options, log, failed)
  if (next === null) return stats
  stats.position = next
  let saved = next
  let savedAt = Date.now()
  // In-process topics live in memory until the store writes them: a crash or a stop loses what is still queued. So
  // with them the saved position never passes a published kill that is not stored yet (Kafka has it once published).
  const unstored: Array<{ sequence: number; killmailId: number }> = []
  const durablePosition = async (): Promise<number> => {
    if (deps.stream.kind !== 'memory' || !unstored.length) return next!
    const stored = await storedKillmailIds(
      ch,
      unstored.map((k) => k.killmailId),
    )
    while (unstored.length && stored.has(unstored[0].killmailId)) unstored.shift()
    return unstored.length ? unstored[0].sequence : next!
  }
  const save = async (force: boolean) => {
    if (next === null || next === saved || (!force && Date.now() - savedAt < options.saveEveryMs)) return
    const position = await durablePosition()
    savedAt = Date.now()
    if (position === saved) return
    await saveFeedPosition(ch, FEED_NAME, position)
    saved = position
  }
  log.info({ sequence: next }, 'following the zKillboard R2Z2 feed')

  let gapChecked = -1
  let malformedChecked = -1
  let holding = false
  try {
    while (!signal.aborted) {
      if (deps.stream.kind === 'memory' && unstored.length >= options.maxUnstored) {
        // Publishing more would only grow memory; the saved position already keeps every held kill for a restart.
        const position = await durablePosition().catch(() => null)
        if (position !== null && unstored.length < options.maxUnstored) {
          if (holding) log.info({ unstored: unstored.length }, 'the store caught up; reading the feed again')
          holding = false
          continue
        }
        if (!holding)
          log.warn(
            { unstored: unstored.length, sequence: unstored[0]?.sequence },
            'too many published kills are not stored yet; waiting for the store before reading more',
          )
        holding = true
        await save(true).catch((err) => log.warn({ err }, 'could not store the feed position; trying again later'))
        await sleep(options.idleMs, signal)
        continue
      }
      const read = await zkill.readFeed(next, signal).catch((err) => {
        if (signal.aborted) return null
        throw err
      })
      if (!read) break
      if (read.kind === 'record') {
        if (read.esiProblem)
          log.warn({ sequence: next, killmail_id: read.record.killmail_id, problem: read.esiProblem }, 'R2Z2 file has a broken ESI body; asking ESI for it')
        const message = await toMessage(deps, read.record, signal)
        if (message === 'retry') {
          await failed('ESI did not give the killmail body; trying the same kill again', { sequence: next, killmail_id: read.record.killmail_id })
          continue
        }
        const outcome = message ? await publishKill({ ...deps, log }, message, signal, failed) : 'skipped'
        if (outcome === 'stopped') break
        if (message && outcome === 'published') {
          if (deps.stream.kind === 'memory') unstored.push({ sequence: next, killmailId: message.killmail_id })
          stats.published++
          stats.lastKillAt = message.esi.killmail_time
        } else {
          stats.skipped++
        }
        backoff = options.backoffMs
        next++
        stats.position = next
        await save(false).catch((err) => log.warn({ err }, 'could not store the feed position; trying again later'))
        continue
      }
      if (read.kind === 'malformed') {
        // Ask once more (it may have been caught mid-write), then move on: a file that stays broken must not stop the feed.
        if (malformedChecked !== next) {
          malformedChecked = next
          await failed('R2Z2 file is not a killmail record; asking once more', { sequence: next, problem: read.problem })
          continue
        }
        log.error({ sequence: next, problem: read.problem }, 'skipping an R2Z2 file that is not a killmail record')
        stats.skipped++
        next++
        stats.position = next
        continue
      }
      if (read.kind === 'missing') {
        await save(true).catch((err) => log.warn({ err }, 'could not store the feed position; trying again later'))
        const pointer = await zkill.sequencePointer(signal).catch(() => null)
        if (pointer?.ok && pointer.value < next - RENUMBERED_MARGIN) {
          // Waiting here would wait forever: the numbers were handed out anew, or this position is another feed's.
          log.warn({ sequence: next, newest: pointer.value }, 'R2Z2 newest file is far behind the stored position; starting at the newest kill')
          next = pointer.value
          stats.position = next
          continue
        }
        if (pointer?.ok && pointer.value > next) {
          // The pointer is past this number, so its file should exist. Ask once more (a 404 can be cached briefly), then move on.
          if (gapChecked !== next) {
            gapChecked = next
            await sleep(options.gapRecheckMs, signal)
            continue
          }
          log.warn({ sequence: next, newest: pointer.value }, 'R2Z2 has no file for this sequence number; skipping it as a gap')
          stats.gaps++
          next++
          stats.position = next
          continue
        }
        await sleep(options.idleMs, signal)
        continue
      }
      // 429 and 403 already paused the R2Z2 client; anything else backs off here.
      if (read.status !== 429 && read.status !== 403) await failed('R2Z2 feed unavailable', { sequence: next, status: read.status })
    }
  } finally {
    await save(true).catch((err) => log.error({ err }, 'could not store the feed position'))
  }
  return stats
}

function newStats(): LiveFeedStats {
  return { position: null, published: 0, skipped: 0, gaps: 0, lastKillAt: null }
}

async function startPosition(
  deps: LiveFeedDeps,
  signal: AbortSignal,
  options: LiveFeedOptions,
  log: LiveFeedDeps['log'],
  failed: (why: string, d?: Record<string, unknown>) => Promise<void>,
): Promise<number | null> {
  const stored = await storedPosition(deps, signal, options, log)
  if (stored === undefined) return null
  if (stored && Date.now() - stored.updatedAt.getTime() < options.staleAfterMs) return stored.nextSequence
  while (!signal.aborted) {
    const pointer = await deps.zkill.sequencePointer(signal).catch((err) => {
      if (signal.aborted) return null
      throw err
    })
    if (!pointer) return null
    if (pointer.ok) {
      if (stored)
        log.warn(
          { stored: stored.nextSequence, storedAt: stored.updatedAt.toISOString(), newest: pointer.value },
          'stored feed position is too old to resume; starting at the newest kill (a backfill fills the gap)',
        )
      return pointer.value
    }
    if (pointer.status !== 429 && pointer.status !== 403) await failed('R2Z2 sequence pointer unavailable', { status: pointer.status })
  }
  return null
}

/**
 * The stored position (null when none), asked again with a growing pause while ClickHouse does not answer: the feed job
 * has no schedule, so giving up here would stop the feed until the process restarts. Logged once, not at every try;
 * undefined when stopped before an answer.
 */
async function storedPosition(deps: LiveFeedDeps, signal: AbortSignal, options: LiveFeedOptions, log: LiveFeedDeps['log']) {
  let backoff = options.backoffMs
  let warned = false
  while (!signal.aborted) {
    try {
      const stored = await loadFeedPosition(deps.ch, FEED_NAME)
      if (warned) log.info('the stored feed position could be read again')
      return stored
    } catch (err) {
      if (!warned) log.warn({ err, retryInMs: backoff }, 'could not read the stored feed position; trying again until it can be read')
      warned = true
      await sleep(backoff, signal)
      backoff = Math.min(backoff * 2, options.maxBackoffMs)
    }
  }
  return undefined
}

/** The topic message for one R2Z2 record; null when the kill cannot be had (ESI refuses its hash), 'retry' when ESI may answer later. */
async function toMessage(deps: LiveFeedDeps, record: R2z2Record, signal: AbortSignal): Promise<KillmailMessage | null | 'retry'> {
  let esi = record.esi
  if (!esi) {
    const body = await fetchKillmailBody(deps.esi, record.killmail_id, record.hash, signal)
    if (!body.ok) {
      if (!body.permanent) return 'retry'
      deps.log.error({ killmail_id: record.killmail_id, reason: body.message }, 'skipping a feed kill ESI will not give')
      return null
    }
    esi = body.body
  }
  if (esi.killmail_id !== record.killmail_id) {
    deps.log.error({ killmail_id: record.killmail_id, esi_id: esi.killmail_id }, 'skipping an R2Z2 record whose ESI body is another kill')
    return null
  }
  return { killmail_id: record.killmail_id, hash: record.hash, esi, zkb: record.zkb, source: 'live', received_at: new Date().toISOString() }
}

/**
 * The largest kill message we publish, in the bytes a Kafka broker weighs: the topic is compressed, so the gzipped JSON
 * (`MAX_MESSAGE_BYTES`: the broker's default `message.max.bytes`, 1 MiB, less a margin). A broker refuses a bigger
 * one, and at every retry again. Applied on both transports, so a kill is published alike in embedded and
 * distributed mode.
 */
export const MAX_KILL_MESSAGE_BYTES = MAX_MESSAGE_BYTES

/** How a kill goes on the topic: whole, slimmed, or not at all; `bytes` as the broker weighs it (the last form tried). */
export type KillFit = { fit: 'whole' | 'slim'; message: KillmailMessage; bytes: number; json: number } | { fit: 'too-big'; bytes: number; json: number }

/**
 * The kill as it fits on the topic, measured compressed as the broker will see it. Whole whenever it fits (gzip takes
 * a battle's kill down about sevenfold: some 40,000 attackers fit). Past that it loses the victim's items and the
 * attackers' weapons and security status, which no consumer reads (the store, the aggregates and the killfeed use
 * ids, ships and values); 'too-big' when it is still over the limit then.
 */
export async function fitKillMessage(message: KillmailMessage, maxBytes = MAX_KILL_MESSAGE_BYTES): Promise<KillFit> {
  const whole = await messageSize(message, KillmailsTopic.compressed ?? false, maxBytes)
  if (whole.wire <= maxBytes) return { fit: 'whole', message, bytes: whole.wire, json: whole.json }
  const { items: _items, ...victim } = message.esi.victim as KillmailMessage['esi']['victim'] & { items?: unknown }
  const attackers = message.esi.attackers.map(({ weapon_type_id: _weapon, security_status: _status, ...kept }) => kept)
  const slim = { ...message, esi: { ...message.esi, victim, attackers } }
  const slimmed = await messageSize(slim, KillmailsTopic.compressed ?? false, maxBytes)
  if (slimmed.wire <= maxBytes) return { fit: 'slim', message: slim, bytes: slimmed.wire, json: slimmed.json }
  return { fit: 'too-big', bytes: slimmed.wire, json: slimmed.json }
}

export type PublishOutcome = 'published' | 'skipped' | 'stopped'

/**
 * Publish one kill, keyed by its id (one partition per kill, so redeliveries stay in order); retried until it goes or we
 * stop. A kill too big for the topic even compressed and without its items, or one the broker refuses as too large,
 * is skipped with an error log: retrying could never succeed and would hold every later kill back.
 */
export async function publishKill(
  deps: Pick<LiveFeedDeps, 'stream' | 'log'>,
  message: KillmailMessage,
  signal: AbortSignal,
  failed: (why: string, d?: Record<string, unknown>) => Promise<void>,
  maxBytes = MAX_KILL_MESSAGE_BYTES,
): Promise<PublishOutcome> {
  const fitted = await fitKillMessage(message, maxBytes)
  const size = { killmail_id: message.killmail_id, attackers: message.esi.attackers.length, maxBytes }
  if (fitted.fit === 'too-big') {
    deps.log.error({ ...size, compressedBytes: fitted.bytes }, 'skipping a kill too big for the topic even compressed and without its items')
    return 'skipped'
  }
  if (fitted.fit === 'slim')
    deps.log.warn(
      { ...size, compressedBytes: fitted.bytes },
      'publishing a kill without its victim items and attacker weapons: whole, it is too big for the topic even compressed',
    )
  while (!signal.aborted) {
    try {
      await publish(deps.stream, KillmailsTopic, [{ key: String(message.killmail_id), value: fitted.message }])
      return 'published'
    } catch (err) {
      if ((err as { type?: string }).type === 'MESSAGE_TOO_LARGE') {
        deps.log.error({ ...size, compressedBytes: fitted.bytes, err: (err as Error).message }, 'skipping a kill the Kafka broker refuses as too large')
        return 'skipped'
      }
      await failed('could not publish a kill; trying again', { killmail_id: message.killmail_id, err: (err as Error).message })
    }
  }
  return 'stopped'
}
