import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../platform/testing/in-process-app.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { createLogger } from '../../platform/log.js'
import { battleKill, killMessage, startKillmailTestApp, waitForStored } from '../../pipelines/killmails/testing.js'
import { publish } from '../../platform/stream/typed.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { EsiClient } from '../../platform/esi/client.js'
import type { FakeEsi } from '../../platform/fakes/esi/server.js'
import { makeKillmail } from '../../platform/fakes/zkillboard/killmails.js'
import type { FakeZkill } from '../../platform/fakes/zkillboard/server.js'
import type { KillmailFakes } from '../../platform/fakes/zkillboard/with-esi.js'
import { runBackfill, utcDay, type BackfillDeps } from './backfill.js'
import { createZkillboard } from './zkillboard.js'

const log = createLogger('silent')
const NOW = new Date()
let app: TestApp
let esi: FakeEsi
let zkill: FakeZkill
let fakes: KillmailFakes
let running: Awaited<ReturnType<typeof startKillmailTestApp>>

/** A kill `daysBack` UTC days before today, at 12:00 (or now, for today). */
const killOn = (id: number, daysBack: number) =>
  makeKillmail({
    id,
    time: daysBack === 0 ? new Date(NOW.getTime() - 60_000) : `${utcDay(NOW, daysBack)}T12:00:00Z`,
    systemId: 31_000_777,
    victim: { characterId: 90_000_100 + id, corporationId: 98_000_100, shipTypeId: 587 },
    attackers: [{ characterId: 90_000_200, corporationId: 98_000_200, shipTypeId: 29984 }],
  })

function deps(apiIntervalMs = 5): BackfillDeps {
  return {
    ch: app.ctx.ch,
    stream: app.ctx.stream,
    // No retries inside the client: a failure shows up as "retry later" at once.
    esi: new EsiClient({ baseUrl: esi.url, userAgent: 'test', log, retries: 0, backoffMs: 10 }),
    zkill: createZkillboard(app.ctx.config, 'test', log, { r2z2IntervalMs: 5, apiIntervalMs }),
    log,
  }
}

const stored = async (ids: number[]) =>
  queryRows<{ killmail_id: number; total_value: number; source: string }>(
    app.ctx.ch,
    'SELECT killmail_id, total_value, source FROM killmails WHERE killmail_id IN {ids:Array(UInt64)} ORDER BY killmail_id',
    { ids },
  )

beforeAll(async () => {
  running = await startKillmailTestApp()
  ;({ app, fakes } = running)
  ;({ esi, zkill } = fakes)
})
afterAll(async () => {
  await running?.close()
})

describe('killmail backfill from zKillboard history', () => {
  it('loads each listed kill with its ESI body and zKillboard value, skips stored ones, and marks final days complete', async () => {
    // today: 1001, 1002; yesterday: 1003; three days ago: 1004, 1005 (bad hash at ESI), 1006 (zKillboard forgot it)
    for (const [id, back] of [
      [1001, 0],
      [1002, 0],
      [1003, 1],
      [1008, 2],
      [1004, 3],
      [1005, 3],
      [1006, 3],
    ] as const)
      zkill.addHistoricKill(killOn(id, back), { zkb: { totalValue: id * 1000 } })
    zkill.history.get(utcDay(NOW, 3).replaceAll('-', ''))!.set(1005, 'f'.repeat(40))
    zkill.zkb.delete(1006)
    // 1002 came in through the live feed already
    const live = killMessage({ id: 1002, time: new Date(NOW.getTime() - 60_000), systemId: 31_000_777, victim: { shipTypeId: 587 }, attackers: [] }, 5)
    await publish(app.ctx.stream, KillmailsTopic, [{ key: '1002', value: live }])
    await waitForStored(app.ctx.ch, [1002])

    const reports = await runBackfill(deps(), { days: 4, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(
      reports.map(({ day, listed, alreadyStored, published, failed, retryLater, complete }) => ({
        day,
        listed,
        alreadyStored,
        published,
        failed,
        retryLater,
        complete,
      })),
    ).toEqual([
      { day: utcDay(NOW, 0), listed: 2, alreadyStored: 1, published: 1, failed: 0, retryLater: 0, complete: false }, // today is not final
      { day: utcDay(NOW, 1), listed: 1, alreadyStored: 0, published: 1, failed: 0, retryLater: 0, complete: false }, // nor is yesterday
      { day: utcDay(NOW, 2), listed: 1, alreadyStored: 0, published: 1, failed: 0, retryLater: 0, complete: true },
      { day: utcDay(NOW, 3), listed: 3, alreadyStored: 0, published: 1, failed: 2, retryLater: 0, complete: true },
    ])
    expect(await stored([1001, 1002, 1003, 1004, 1005, 1006, 1008])).toEqual([
      { killmail_id: 1001, total_value: 1_001_000, source: 'backfill' },
      { killmail_id: 1002, total_value: 5, source: 'live' },
      { killmail_id: 1003, total_value: 1_003_000, source: 'backfill' },
      { killmail_id: 1004, total_value: 1_004_000, source: 'backfill' },
      { killmail_id: 1008, total_value: 1_008_000, source: 'backfill' },
    ])
    // The stored kill was not fetched again.
    expect(esi.requests.filter((r) => r.path.startsWith('/killmails/1002/'))).toEqual([])
    expect(zkill.requestsTo('/api/killID/1002/')).toEqual([])
  })

  it('resumes: finished days are not asked again, unfinished days only fetch what is missing', async () => {
    zkill.addHistoricKill(killOn(1007, 1), { zkb: { totalValue: 7 } })
    const before = zkill.requests.length
    const esiBefore = esi.requests.length
    const reports = await runBackfill(deps(), { days: 4, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(reports.map((r) => [r.day, r.skipped ?? false, r.published])).toEqual([
      [utcDay(NOW, 0), false, 0],
      [utcDay(NOW, 1), false, 1],
      [utcDay(NOW, 2), true, 0],
      [utcDay(NOW, 3), true, 0],
    ])
    const asked = zkill.requests.slice(before).map((r) => r.path)
    expect(asked).toEqual([
      `/api/history/${utcDay(NOW, 0).replaceAll('-', '')}.json`,
      `/api/history/${utcDay(NOW, 1).replaceAll('-', '')}.json`,
      '/api/killID/1007/',
    ])
    expect(esi.requests.slice(esiBefore).map((r) => r.path)).toEqual([expect.stringMatching(/^\/killmails\/1007\//)])
  })

  it('leaves a day unfinished when ESI is down, and finishes it on the next run', async () => {
    zkill.addHistoricKill(killOn(1010, 5))
    zkill.addHistoricKill(killOn(1011, 5))
    esi.failNext('/killmails/1011/', 503, 1)
    const first = await runBackfill(deps(), { days: 6, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(first[5]).toMatchObject({ listed: 2, published: 1, retryLater: 1, complete: false })
    const second = await runBackfill(deps(), { days: 6, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(second[5]).toMatchObject({ listed: 2, alreadyStored: 1, published: 1, retryLater: 0, complete: true })
    expect((await stored([1010, 1011])).length).toBe(2)
  })

  it('leaves a past day unfinished when its history file answers 404, instead of storing it as a day without kills', async () => {
    zkill.addHistoricKill(killOn(1015, 6))
    zkill.failNext(`/api/history/${utcDay(NOW, 6).replaceAll('-', '')}.json`, 404, 1)
    const first = await runBackfill(deps(), { days: 7, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(first[6]).toMatchObject({ error: 'zKillboard history unavailable (HTTP 404)' })
    expect(first[6].complete).not.toBe(true)
    const second = await runBackfill(deps(), { days: 7, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(second[6]).toMatchObject({ listed: 1, published: 1, complete: true })
  })

  it('leaves a past day unfinished when its history answers an empty list ({}), instead of marking it complete for good', async () => {
    const day = utcDay(NOW, 12).replaceAll('-', '')
    zkill.history.set(day, new Map()) // served as {}: the list is not made yet
    const first = await runBackfill(deps(), { days: 13, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(first[12]).toMatchObject({ listed: 0, complete: false, error: 'zKillboard history lists no kill for this day yet' })
    zkill.addHistoricKill(killOn(1050, 12))
    const second = await runBackfill(deps(), { days: 13, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(second[12]).toMatchObject({ listed: 1, published: 1, complete: true })
    expect((await stored([1050])).length).toBe(1)
  })

  it('stops when told and carries on where it stopped', async () => {
    for (let id = 1020; id < 1030; id++) zkill.addHistoricKill(killOn(id, 8))
    const abort = new AbortController()
    const running = runBackfill(deps(40), { days: 9, now: NOW, esiIntervalMs: 5 }, abort.signal)
    // ids are loaded newest (highest) first; stop once the first has been asked of ESI (the store gathers kills for
    // up to 500 ms, so waiting for it to be stored could see the whole day published first)
    await expect.poll(() => esi.requests.some((r) => r.path.includes('/killmails/1029/')), { timeout: 20_000, interval: 5 }).toBe(true)
    abort.abort()
    const partial = await running
    expect(partial.at(-1)!.complete).toBe(false)
    const [{ n }] = await queryRows<{ n: number }>(app.ctx.ch, 'SELECT count() AS n FROM killmails WHERE killmail_id BETWEEN 1020 AND 1029')
    expect(Number(n)).toBeLessThan(10)
    const resumed = await runBackfill(deps(), { days: 9, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(resumed.at(-1)).toMatchObject({ listed: 10, complete: true })
    expect(resumed.at(-1)!.alreadyStored + resumed.at(-1)!.published).toBe(10)
  })

  it('asks zKillboard one request at a time, at the configured pace', async () => {
    for (let id = 1040; id < 1045; id++) zkill.addHistoricKill(killOn(id, 10))
    const before = zkill.requests.length
    zkill.maxInFlight = 0
    await runBackfill(deps(120), { days: 11, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    const api = zkill.requests.slice(before)
    expect(api.length).toBeGreaterThanOrEqual(6)
    // paced at 120 ms by the client; arrival times at the fake carry event-loop jitter on a loaded machine
    for (let i = 1; i < api.length; i++) expect(api[i].at - api[i - 1].at).toBeGreaterThanOrEqual(100)
    expect(zkill.maxInFlight).toBe(1)
  })

  it("publishes a battle's kill of 20,000 attackers whole and stores it, instead of failing it for good as too big", async () => {
    const { esi, zkb } = battleKill(1060, 20_000, new Date(`${utcDay(NOW, 14)}T12:00:00Z`))
    zkill.addHistoricKill(esi, { zkb })
    const reports = await runBackfill(deps(), { days: 15, now: NOW, esiIntervalMs: 5 }, new AbortController().signal)
    expect(reports.at(-1)).toMatchObject({ day: utcDay(NOW, 14), listed: 1, published: 1, failed: 0, complete: true })
    const [row] = await queryRows<{ characters: number[] }>(app.ctx.ch, 'SELECT attacker_character_ids AS characters FROM killmails WHERE killmail_id = 1060')
    expect(row.characters.map(Number)).toEqual(esi.attackers.map((a) => a.character_id))
  })
})
