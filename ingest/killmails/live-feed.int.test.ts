import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../platform/testing/in-process-app.js'
import { createLogger } from '../../platform/log.js'
import { countStored, startKillmailTestApp, waitFor } from '../../pipelines/killmails/testing.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import type { FakeEsi } from '../../platform/fakes/esi/server.js'
import { apiFixture, makeKillmail } from '../../platform/fakes/zkillboard/killmails.js'
import type { FakeZkill } from '../../platform/fakes/zkillboard/server.js'
import type { KillmailFakes } from '../../platform/fakes/zkillboard/with-esi.js'
import { KillmailsTopic, type EsiKillmail, type KillmailMessage } from '../../schemas/killmails.js'
import { storeNewKillmails } from '../../pipelines/killmails/store.js'
import { FEED_NAME, followLiveFeed, LIVE_FEED_DEFAULTS, type LiveFeedOptions, type LiveFeedStats } from './live-feed.js'
import { loadFeedPosition, saveFeedPosition } from './feed-state.js'
import { createZkillboard } from './zkillboard.js'
import { MemoryStream } from '../../platform/stream/memory.js'
import type { Stream } from '../../platform/stream/index.js'

const FAST: LiveFeedOptions = { ...LIVE_FEED_DEFAULTS, idleMs: 100, gapRecheckMs: 50, backoffMs: 50, maxBackoffMs: 200, saveEveryMs: 0 }

let app: TestApp
let esi: FakeEsi
let zkill: FakeZkill
let fakes: KillmailFakes
let running: Awaited<ReturnType<typeof startKillmailTestApp>>
let nextId = 200_000_001
const kill = (over: Partial<Parameters<typeof makeKillmail>[0]> = {}) =>
  makeKillmail({
    id: nextId++,
    time: new Date(Date.now() - 3_600_000),
    systemId: 31_000_005,
    victim: { characterId: 90_000_001, corporationId: 98_000_001, shipTypeId: 587 },
    attackers: [{ characterId: 90_000_002, corporationId: 98_000_002, shipTypeId: 29984 }],
    ...over,
  })

beforeAll(async () => {
  running = await startKillmailTestApp()
  ;({ app, fakes } = running)
  ;({ esi, zkill } = fakes)
})
afterAll(async () => {
  await running?.close()
})
beforeEach(async () => {
  await app.ctx.ch.command({ query: 'TRUNCATE TABLE killmail_feed_state' })
})

/** Run the feed until `until` holds, then stop it the way the ingest role does (abort) and wait for it to finish. */
/** Each run's client names itself by run in its User-Agent, so a test can tell its requests from a late one of the run before. */
let feedRuns = 0
const runAgent = (run: number) => `JSpaceToolbox/test-run-${run} `

async function runFeed(until: () => boolean | Promise<boolean>, options = FAST, stream: Stream = app.ctx.stream) {
  const abort = new AbortController()
  const zkillClient = createZkillboard(app.ctx.config, `test-run-${++feedRuns}`, createLogger('silent'), { r2z2IntervalMs: 5, apiIntervalMs: 5 })
  const deps = { ch: app.ctx.ch, stream, esi: app.ctx.esi, zkill: zkillClient, log: createLogger('silent') }
  const running = followLiveFeed(deps, abort.signal, options)
  try {
    await waitFor(until, 20_000, 'the feed')
  } finally {
    abort.abort()
  }
  return running
}

describe('zKillboard R2Z2 live feed', () => {
  it('reads the recorded R2Z2 sample and stores it with its zKillboard value', async () => {
    const sample = apiFixture<{ esi: EsiKillmail; zkb: { totalValue: number } }>('zkillboard/r2z2-ephemeral-96599404.json')
    const pushed = zkill.push(sample.esi, { zkb: sample.zkb as never, hash: 'aa937ee180fca44b172de00f2a26e751f5b2a851' })
    const stats = await runFeed(async () => (await countStored(app.ctx.ch, [134_265_477])) === 1)
    expect(stats.published).toBe(1)
    const [row] = await queryRows<{ total_value: number; victim_ship_type_id: number; solar_system_id: number; source: string }>(
      app.ctx.ch,
      'SELECT total_value, victim_ship_type_id, solar_system_id, source FROM killmails WHERE killmail_id = 134265477',
    )
    expect(row).toEqual({ total_value: 86_180_108.73, victim_ship_type_id: 17478, solar_system_id: 30_000_743, source: 'live' })
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))?.nextSequence).toBe(pushed.sequence + 1)
  })

  it('starts at the newest kill, reads onwards one request at a time with a descriptive User-Agent, and asks ESI when the file has no body', async () => {
    zkill.push(kill()) // before the feed starts: the newest file, where a fresh feed begins
    const before = zkill.requests.length
    const first = nextId - 1
    const later = [kill(), kill(), kill()]
    const feed = runFeed(async () => (await countStored(app.ctx.ch, [first, ...later.map((k) => k.killmail_id)])) === 4)
    await new Promise((r) => setTimeout(r, 150))
    zkill.push(later[0])
    const noBody = zkill.push(later[1], { withoutEsiBody: true })
    zkill.push(later[2])
    await feed
    const mine = zkill.requests.slice(before)
    expect(mine[0].path).toBe('/ephemeral/sequence.json')
    expect(mine.every((r) => /^JSpaceToolbox\/\S+ \(.+\)$/.test(r.userAgent ?? ''))).toBe(true)
    expect(zkill.maxInFlight).toBe(1)
    expect(esi.requests.map((r) => r.path)).toContain(`/killmails/${noBody.killmail_id}/${noBody.hash}/`)
  })

  it('resumes from the stored position after a restart, without missing or repeating kills', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const position = (await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence
    expect(position).toBe(zkill.nextSequence)

    // While the process is down, three kills arrive.
    const down = [kill(), kill(), kill()]
    for (const k of down) zkill.push(k)
    const before = zkill.requests.length
    await runFeed(
      async () =>
        (await countStored(
          app.ctx.ch,
          down.map((k) => k.killmail_id),
        )) === 3,
    )
    const afterRestart = zkill.requests.slice(before).map((r) => r.path)
    expect(afterRestart[0]).toBe(`/ephemeral/${position}.json`) // no jump to the newest: nothing in between is lost
    expect(afterRestart.filter((p) => p === `/ephemeral/${position - 1}.json`)).toEqual([]) // and nothing read twice
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(zkill.nextSequence)
  })

  it('with in-process topics, does not save a position past kills published but not stored yet (a crash loses the topic)', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const position = (await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence

    // The process dies with two kills published to its in-process topic but not yet written: a topic no store reads.
    const lost = [kill(), kill()]
    for (const k of lost) zkill.push(k)
    const doomed = new MemoryStream()
    const stats = await runFeed(async () => zkill.requestsTo(`/ephemeral/${zkill.nextSequence}.json`).length > 0, FAST, doomed)
    expect(stats.published).toBe(2)
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(position)

    // After the restart both kills are read again and stored.
    await runFeed(
      async () =>
        (await countStored(
          app.ctx.ch,
          lost.map((k) => k.killmail_id),
        )) === 2,
    )
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(zkill.nextSequence)
  })

  it('with in-process topics and a store that is down, stops reading at maxUnstored kills (position held at the oldest) and goes on once they are stored', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const position = (await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence

    const waiting = [kill(), kill(), kill(), kill()]
    for (const k of waiting) zkill.push(k)
    const noStore = new MemoryStream() // nothing consumes it until the "store" below comes back
    const abort = new AbortController()
    const stats: LiveFeedStats = { position: null, published: 0, skipped: 0, gaps: 0, lastKillAt: null }
    const deps = {
      ch: app.ctx.ch,
      stream: noStore,
      esi: app.ctx.esi,
      zkill: createZkillboard(app.ctx.config, `test-run-${++feedRuns}`, createLogger('silent'), { r2z2IntervalMs: 5, apiIntervalMs: 5 }),
      log: createLogger('silent'),
    }
    const feed = followLiveFeed(deps, abort.signal, { ...FAST, maxUnstored: 2 }, stats)
    try {
      await waitFor(() => stats.published >= 2, 20_000, 'two kills published')
      await new Promise((r) => setTimeout(r, 600)) // several idle rounds: it must not read on
      expect(stats.published).toBe(2)
      expect(zkill.requestsTo(`/ephemeral/${position + 2}.json`)).toEqual([])
      expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(position)

      // The store comes back and writes what the topic holds: the feed reads on and publishes the other two.
      const store = await noStore.consumer({ groupId: 'late-store', topics: [KillmailsTopic.name], fromBeginning: true })
      await store.run(async (messages) => {
        await storeNewKillmails(
          app.ctx.ch,
          messages.map((m) => m.value as KillmailMessage),
        )
      })
      await waitFor(
        async () =>
          (await countStored(
            app.ctx.ch,
            waiting.map((k) => k.killmail_id),
          )) === 4,
        20_000,
        'all four stored',
      )
      await store.stop()
    } finally {
      abort.abort()
    }
    await feed
    expect(stats.published).toBe(4)
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(zkill.nextSequence)
  })

  it('keeps reading when the feed position cannot be saved (ClickHouse briefly down) and saves it later', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    let refuse = true
    const ch = new Proxy(app.ctx.ch, {
      get(target, prop, receiver) {
        if (prop === 'insert')
          return async (args: { table: string }) => {
            if (refuse && args.table === 'killmail_feed_state') throw new Error('ClickHouse is restarting')
            return target.insert(args as never)
          }
        const value = Reflect.get(target, prop, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const later = [kill(), kill()]
    for (const k of later) zkill.push(k)
    const abort = new AbortController()
    const deps = {
      ch,
      stream: app.ctx.stream,
      esi: app.ctx.esi,
      zkill: createZkillboard(app.ctx.config, `test-run-${++feedRuns}`, createLogger('silent'), { r2z2IntervalMs: 5, apiIntervalMs: 5 }),
      log: createLogger('silent'),
    }
    const feed = followLiveFeed(deps, abort.signal, FAST)
    const outcome = feed.then(
      () => 'ended',
      (err: Error) => `failed: ${err.message}`,
    )
    try {
      await waitFor(
        async () =>
          (await countStored(
            app.ctx.ch,
            later.map((k) => k.killmail_id),
          )) === 2,
        20_000,
        'kills stored',
      )
      await new Promise((r) => setTimeout(r, 300)) // idle rounds that try to save and fail
      refuse = false
      await waitFor(async () => (await loadFeedPosition(app.ctx.ch, FEED_NAME))?.nextSequence === zkill.nextSequence, 20_000, 'position saved')
    } finally {
      abort.abort()
    }
    expect(await outcome).toBe('ended')
  })

  it('waits for ClickHouse when the stored position cannot be read at start (briefly down), logging once, instead of ending the feed job', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const position = (await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence
    let refused = 0
    const ch = new Proxy(app.ctx.ch, {
      get(target, prop, receiver) {
        if (prop === 'query')
          return async (args: { query: string }) => {
            if (refused < 3 && args.query.includes('killmail_feed_state')) {
              refused++
              throw new Error('ClickHouse is restarting')
            }
            return target.query(args as never)
          }
        const value = Reflect.get(target, prop, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const warnings: string[] = []
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push((JSON.parse(line) as { msg: string }).msg) })
    const b = kill()
    zkill.push(b)
    const abort = new AbortController()
    const deps = {
      ch,
      stream: app.ctx.stream,
      esi: app.ctx.esi,
      zkill: createZkillboard(app.ctx.config, `test-run-${++feedRuns}`, createLogger('silent'), { r2z2IntervalMs: 5, apiIntervalMs: 5 }),
      log,
    }
    const outcome = followLiveFeed(deps, abort.signal, FAST).then(
      () => 'ended',
      (err: Error) => `failed: ${err.message}`,
    )
    try {
      await waitFor(
        async () => (await countStored(app.ctx.ch, [b.killmail_id])) === 1 || (await Promise.race([outcome, 'running'])) !== 'running',
        20_000,
        'the kill stored',
      )
    } finally {
      abort.abort()
    }
    expect(await outcome).toBe('ended')
    expect(refused).toBe(3)
    expect(warnings.filter((m) => /stored feed position/.test(m))).toHaveLength(1)
    // resumed from the stored position: its first request is that file, not where the newest kill is
    const mine = zkill.requests.filter((r) => r.userAgent?.startsWith(runAgent(feedRuns)))
    expect(mine[0].path).toBe(`/ephemeral/${position}.json`)
  })

  it('abandons a position older than R2Z2 keeps files and starts at the newest kill', async () => {
    const newest = kill()
    zkill.push(newest)
    await saveFeedPosition(app.ctx.ch, FEED_NAME, 1, new Date(Date.now() - 13 * 3_600_000))
    await runFeed(async () => (await countStored(app.ctx.ch, [newest.killmail_id])) === 1)
    expect(zkill.requestsTo('/ephemeral/1.json')).toEqual([])
  })

  it('starts at the newest kill when R2Z2 numbers far below the stored position (numbered anew), instead of waiting there forever', async () => {
    await saveFeedPosition(app.ctx.ch, FEED_NAME, zkill.nextSequence + 50_000)
    const a = kill()
    zkill.push(a)
    const stats = await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    expect(stats.published).toBe(1)
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(zkill.nextSequence)
  })

  it('skips a sequence number whose file is missing once the pointer has moved past it', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const gap = zkill.skipSequence()
    const b = kill()
    zkill.push(b)
    const before = zkill.requests.length
    const stats = await runFeed(async () => (await countStored(app.ctx.ch, [b.killmail_id])) === 1)
    expect(stats.gaps).toBe(1)
    // asked, re-checked, then skipped: at least two asks (one failed pointer or file request under load adds one more)
    expect(zkill.requests.slice(before).filter((r) => r.path === `/ephemeral/${gap}.json`).length).toBeGreaterThanOrEqual(2)
  })

  it('asks once more for a file that is not JSON, then skips it instead of stopping the feed there', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const broken = zkill.pushRaw('{"killmail_id": 1, "hash": "ab') // cut off mid-write
    const b = kill()
    zkill.push(b)
    const before = zkill.requests.length
    const stats = await runFeed(async () => (await countStored(app.ctx.ch, [b.killmail_id])) === 1)
    expect(stats.skipped).toBe(1)
    expect(zkill.requests.slice(before).filter((r) => r.path === `/ephemeral/${broken}.json`).length).toBe(2)
  })

  it('asks ESI for a kill whose R2Z2 file carries a broken ESI body, instead of skipping the kill', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const b = kill()
    const pushed = zkill.addHistoricKill(b) // ESI knows it
    zkill.pushRaw(JSON.stringify({ killmail_id: b.killmail_id, hash: pushed.hash, esi: { killmail_id: b.killmail_id, victim: {} }, zkb: pushed.zkb }))
    const stats = await runFeed(async () => (await countStored(app.ctx.ch, [b.killmail_id])) === 1)
    expect(stats).toMatchObject({ published: 1, skipped: 0 })
    expect(esi.requests.map((r) => r.path)).toContain(`/killmails/${b.killmail_id}/${pushed.hash}/`)
  })

  it('asks ESI for a kill whose R2Z2 body has a time that is no date, so the store does not leave it out and the position moves on', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const b = kill()
    const pushed = zkill.addHistoricKill(b)
    zkill.pushRaw(JSON.stringify({ killmail_id: b.killmail_id, hash: pushed.hash, esi: { ...b, killmail_time: 'yesterday' }, zkb: pushed.zkb }))
    await runFeed(async () => (await countStored(app.ctx.ch, [b.killmail_id])) === 1)
    const [row] = await queryRows<{ t: string }>(app.ctx.ch, `SELECT toString(killmail_time) AS t FROM killmails WHERE killmail_id = ${b.killmail_id}`)
    expect(row.t).toBe(b.killmail_time.replace('T', ' ').replace(/(\.\d+)?Z$/, ''))
    expect((await loadFeedPosition(app.ctx.ch, FEED_NAME))!.nextSequence).toBe(zkill.nextSequence)
  })

  it('honours a 429 Retry-After before the next request, and backs off after a 5xx', async () => {
    const a = kill()
    zkill.push(a)
    await runFeed(async () => (await countStored(app.ctx.ch, [a.killmail_id])) === 1)
    const b = kill()
    // the failures go to b's own file, so no other caller of the fake (a status check of sequence.json) can take them;
    // the asks counted are this run's (a request the previous run sent before it stopped can arrive late)
    const file = `/ephemeral/${zkill.push(b).sequence}.json`
    zkill.failNext(file, 429, 1, { 'Retry-After': '1' })
    zkill.failNext(file, 502, 1)
    const before = zkill.requests.length
    await runFeed(async () => (await countStored(app.ctx.ch, [b.killmail_id])) === 1)
    const agent = runAgent(feedRuns)
    const asks = zkill.requests.slice(before).filter((r) => r.path === file && r.userAgent?.startsWith(agent))
    expect(asks.map((r) => r.status)).toEqual([429, 502, 200])
    expect(asks[1].at - asks[0].at).toBeGreaterThanOrEqual(990) // the 429 said one second
  })

  it('waits after a 404 at the head of the feed instead of hammering zKillboard', async () => {
    const a = kill()
    zkill.push(a)
    const before = zkill.requests.length
    const started = Date.now()
    await runFeed(async () => Date.now() - started > 1_000, { ...FAST, idleMs: 400 })
    const feedReads = zkill.requests.slice(before).filter((r) => /^\/ephemeral\/\d+\.json$/.test(r.path))
    // about one read per 400 ms idle pause (plus the kill itself), not hundreds
    expect(feedReads.length).toBeLessThanOrEqual(5)
  })
})
