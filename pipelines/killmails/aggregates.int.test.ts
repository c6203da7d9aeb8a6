import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { readActivity, readSummary } from '../../api/tools/killboard/queries.js'
import { KillmailsTopic } from '../../schemas/killmails.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { publish } from '../../platform/stream/typed.js'
import { KillmailWriter } from './store.js'
import { countStored, killMessage, waitForStored } from './testing.js'

// A small world computed by hand. "Now" is Sunday 2026-11-22 12:00 UTC; the 60-day window starts 2026-09-24.
const NOW = new Date('2026-11-22T12:00:00Z')
const S = 31_000_123
const OTHER = 31_000_456
const A = 98_000_001
const B = 98_000_002
const C = 98_000_003
const D = 98_000_004
const E = 98_000_005
const NPC_CORP = 1_000_125

const kills = [
  // k1: Sun 10:15, A's pilot dies to two B pilots and an NPC
  killMessage({
    id: 101,
    time: '2026-11-22T10:15:00Z',
    systemId: S,
    victim: { characterId: 1, corporationId: A, shipTypeId: 587 },
    attackers: [{ characterId: 2, corporationId: B }, { characterId: 3, corporationId: B }, { corporationId: NPC_CORP }],
  }),
  // k2: Sat 23:59:59, B dies to A
  killMessage({
    id: 102,
    time: '2026-11-21T23:59:59Z',
    systemId: S,
    victim: { characterId: 2, corporationId: B, shipTypeId: 587 },
    attackers: [{ characterId: 1, corporationId: A }],
  }),
  // k3: Fri 10:30, C dies to A
  killMessage({
    id: 103,
    time: '2026-11-20T10:30:00Z',
    systemId: S,
    victim: { characterId: 4, corporationId: C, shipTypeId: 587 },
    attackers: [{ characterId: 1, corporationId: A }],
  }),
  // k4: Sun 2026-11-15 03:00, D shoots its own (awox)
  killMessage({
    id: 104,
    time: '2026-11-15T03:00:00Z',
    systemId: S,
    victim: { characterId: 5, corporationId: D, shipTypeId: 670 },
    attackers: [{ characterId: 6, corporationId: D }],
  }),
  // k5: before the window: counts for nothing but "most recent" history
  killMessage({
    id: 105,
    time: '2026-09-20T00:00:00Z',
    systemId: S,
    victim: { characterId: 7, corporationId: E, shipTypeId: 587 },
    attackers: [{ characterId: 1, corporationId: A }],
  }),
  // k6: another system; the oldest stored day in the window (2026-10-01), so the data covers 53 days
  killMessage({
    id: 106,
    time: '2026-10-01T05:00:00Z',
    systemId: OTHER,
    victim: { characterId: 8, corporationId: E, shipTypeId: 587 },
    attackers: [{ characterId: 9, corporationId: E }],
  }),
]

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
  // k1 twice in one batch, then everything again: the at-least-once stream and two sources deliver repeats.
  await publish(
    app.ctx.stream,
    KillmailsTopic,
    [...kills, kills[0]].map((m) => ({ key: String(m.killmail_id), value: m })),
  )
  await waitForStored(
    app.ctx.ch,
    kills.map((k) => k.killmail_id),
  )
  await publish(
    app.ctx.stream,
    KillmailsTopic,
    kills.map((m) => ({ key: String(m.killmail_id), value: { ...m, source: 'backfill' as const } })),
  )
  await publish(app.ctx.stream, KillmailsTopic, [
    { key: 'marker', value: killMessage({ id: 999, time: '2026-11-22T11:00:00Z', systemId: 30_000_142, victim: { shipTypeId: 670 }, attackers: [] }) },
  ])
  await waitForStored(app.ctx.ch, [999])
})
afterAll(async () => {
  await app?.close()
})

describe('killmail store', () => {
  it('stores each kill once however often it is delivered', async () => {
    expect(await countStored(app.ctx.ch)).toBe(kills.length + 1)
    const [row] = await queryRows<{ n: number; source: string }>(
      app.ctx.ch,
      'SELECT count() AS n, any(source) AS source FROM killmails WHERE killmail_id = 101',
    )
    expect(Number(row.n)).toBe(1)
    expect(row.source).toBe('live') // the first delivery wins
    const [hourly] = await queryRows<{ kills: number }>(
      app.ctx.ch,
      'SELECT uniqExactMerge(kills) AS kills FROM killboard_system_hourly WHERE solar_system_id = {s:UInt32}',
      { s: S },
    )
    expect(Number(hourly.kills)).toBe(5)
  })

  it('keeps victim, attackers, system, time and value', async () => {
    const [row] = await queryRows<Record<string, unknown>>(app.ctx.ch, 'SELECT * FROM killmails WHERE killmail_id = 101')
    expect(row).toMatchObject({
      killmail_time: '2026-11-22 10:15:00',
      solar_system_id: S,
      victim_character_id: 1,
      victim_corporation_id: A,
      victim_ship_type_id: 587,
      attacker_character_ids: [2, 3, 0],
      attacker_corporation_ids: [B, B, NPC_CORP],
      final_blow_character_id: 2,
      total_value: 10_000_000,
    })
  })
})

describe('killboard summary aggregate', () => {
  it('matches the hand-computed summary', async () => {
    const s = await readSummary(app.ctx.ch, S, NOW)
    expect(s.totalKills).toBe(4)
    expect(s.daysCovered).toBe(53)
    expect(s.mostRecentKillMs).toBe(Date.parse('2026-11-22T10:15:00Z'))
    // A: 3 days (20, 21, 22 Nov); B: 2; C and D one day each, C seen more recently. NPC corporations never count.
    expect(s.corporations.map((c) => [c.id, c.activeDays, new Date(c.lastSeenMs).toISOString()])).toEqual([
      [A, 3, '2026-11-22T10:15:00.000Z'],
      [B, 2, '2026-11-22T10:15:00.000Z'],
      [C, 1, '2026-11-20T10:30:00.000Z'],
      [D, 1, '2026-11-15T03:00:00.000Z'],
    ])
  })

  it('knows the latest kill even before the window, and nothing for a quiet system', async () => {
    const later = new Date('2027-01-30T00:00:00Z') // window from 2026-12-02: nothing stored in it
    const s = await readSummary(app.ctx.ch, S, later)
    expect(s).toMatchObject({ totalKills: 0, daysCovered: 0, corporations: [] })
    expect(s.mostRecentKillMs).toBe(Date.parse('2026-11-22T10:15:00Z'))
    expect(await readSummary(app.ctx.ch, 31_009_999, NOW)).toEqual({ totalKills: 0, daysCovered: 53, mostRecentKillMs: null, corporations: [] })
  })
})

describe('a kill written by two store consumers at once', () => {
  it('is counted once in the summary and the heatmap (a Kafka rebalance hands a batch still being written to a new consumer)', async () => {
    const RACED = 31_000_789
    const k = killMessage({
      id: 201,
      time: '2026-11-22T09:00:00Z',
      systemId: RACED,
      victim: { characterId: 11, corporationId: A, shipTypeId: 587 },
      attackers: [{ characterId: 12, corporationId: B }],
    })
    // Each consumer has its own writer (one per process); both find the kill missing before either has inserted it.
    const results = await Promise.all([new KillmailWriter(app.ctx.ch).write([k]), new KillmailWriter(app.ctx.ch).write([k])])
    expect(results.map((r) => r.inserted + r.duplicates)).toEqual([1, 1])
    expect((await readSummary(app.ctx.ch, RACED, NOW)).totalKills).toBe(1)
    const a = await readActivity(app.ctx.ch, RACED, NOW)
    expect(a).toMatchObject({ totalKills: 1, max: 1 })
    expect(a.hours[6][9]).toBe(1) // Sunday 09:00
  })
})

describe('activity heatmap aggregate', () => {
  it('counts kills per UTC weekday and hour, Monday first', async () => {
    const a = await readActivity(app.ctx.ch, S, NOW)
    expect(a.days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    const cells = a.hours.flatMap((row, d) => row.map((n, h) => [a.days[d], h, n] as const)).filter(([, , n]) => n > 0)
    expect(cells).toEqual([
      ['Fri', 10, 1],
      ['Sat', 23, 1],
      ['Sun', 3, 1],
      ['Sun', 10, 1],
    ])
    expect(a).toMatchObject({ max: 1, totalKills: 4, daysCovered: 53 })
    expect(a.hours.every((row) => row.length === 24)).toBe(true)
  })
})
