import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClickHouseClient } from '../../platform/clickhouse/client.js'
import { FRESHNESS_CACHE_MS, KillmailFreshness, feedState, withZkill } from './killmail-freshness.js'
import { ageInWords } from '../../schemas/killmail-constants.js'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const MIN = 60_000

describe('feedState', () => {
  it('is STARTING with nothing stored', () => {
    expect(feedState({ newestKillMs: null, liveStoredMs: null }, NOW)).toMatchObject({
      status: 'STARTING',
      newest_kill_at: null,
      live_stored_at: null,
      detail: 'No kill stored yet',
    })
  })

  it('is OK while the live feed stored a kill and the newest kill happened within the threshold', () => {
    const s = feedState({ newestKillMs: NOW - 30 * MIN, liveStoredMs: NOW - 30 * MIN }, NOW)
    expect(s).toEqual({
      status: 'OK',
      newest_kill_at: '2026-11-22T11:30:00.000Z',
      newest_kill_age_seconds: 1800,
      live_stored_at: '2026-11-22T11:30:00.000Z',
      live_stored_age_seconds: 1800,
      stale_after_minutes: 30,
      zkill_answering: null,
      detail: 'Newest kill 30 minutes ago; the live feed stored one 30 minutes ago',
    })
  })

  it('is STALE when the live feed stored nothing for longer than the threshold, even with recent backfilled kills', () => {
    expect(feedState({ newestKillMs: NOW - MIN, liveStoredMs: NOW - 31 * MIN }, NOW)).toMatchObject({
      status: 'STALE',
      detail: 'The live feed last stored a kill 31 minutes ago',
    })
    expect(feedState({ newestKillMs: NOW - MIN, liveStoredMs: null }, NOW)).toMatchObject({ status: 'STALE', detail: 'The live feed has stored no kill yet' })
  })

  it('is STALE when the feed stores kills, but only old ones (far behind)', () => {
    expect(feedState({ newestKillMs: NOW - 3 * 60 * MIN, liveStoredMs: NOW - 2000 }, NOW)).toMatchObject({
      status: 'STALE',
      detail: 'The newest kill stored happened 3 hours ago: the feed is behind',
    })
  })

  it('never reports a negative age (a kill clock slightly ahead of ours)', () => {
    expect(feedState({ newestKillMs: NOW + 5000, liveStoredMs: NOW + 5000 }, NOW)).toMatchObject({
      status: 'OK',
      newest_kill_age_seconds: 0,
      live_stored_age_seconds: 0,
    })
  })

  it('says ages in the largest whole unit', () => {
    expect([1, 59, 60, 3599, 3600, 7300, 86_400, 200_000].map(ageInWords)).toEqual([
      '1 second',
      '59 seconds',
      '1 minute',
      '59 minutes',
      '1 hour',
      '2 hours',
      '1 day',
      '2 days',
    ])
  })
})

describe('withZkill', () => {
  const starting = feedState({ newestKillMs: null, liveStoredMs: null }, NOW)
  it('says why nothing is stored when zKillboard is not answering', () => {
    expect(withZkill(starting, { ok: false, error: 'ENOTFOUND' })).toMatchObject({
      status: 'STARTING',
      zkill_answering: false,
      detail: 'No kill stored yet: zKillboard is not answering (ENOTFOUND)',
    })
    expect(withZkill(starting, { ok: false, error: null }).detail).toBe('No kill stored yet: zKillboard is not answering')
  })
  it('keeps the detail while zKillboard answers, or when the server has not asked yet', () => {
    expect(withZkill(starting, { ok: true, error: null })).toMatchObject({ zkill_answering: true, detail: 'No kill stored yet' })
    expect(withZkill(starting, null)).toMatchObject({ zkill_answering: null, detail: 'No kill stored yet' })
  })
  it('leaves the detail of a feed that stored kills (it already says how old they are)', () => {
    const stale = feedState({ newestKillMs: NOW - 3 * 60 * MIN, liveStoredMs: NOW - 3 * 60 * MIN }, NOW)
    expect(withZkill(stale, { ok: false, error: 'ENOTFOUND' })).toEqual({ ...stale, zkill_answering: false })
  })
})

describe('KillmailFreshness', () => {
  afterEach(() => vi.useRealTimers())

  /** A database that answers `rows` in turn (an Error is thrown), counting the reads. */
  const fakeDb = (rows: Array<{ newest_kill: number | null; live_stored: number | null } | Error>) => {
    const db = {
      reads: 0,
      query: async () => {
        const row = rows[Math.min(db.reads++, rows.length - 1)]
        if (row instanceof Error) throw row
        return { json: async () => [row] }
      },
    }
    return db
  }

  it('reads at most every 30 s while OK and every 5 s otherwise, and keeps the last reading when a read fails', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const fresh = { newest_kill: NOW / 1000 - 60, live_stored: NOW - 10_000 }
    const db = fakeDb([fresh, new Error('Connection refused'), { newest_kill: null, live_stored: null }])
    const errors: unknown[] = []
    const f = new KillmailFreshness(db as unknown as ClickHouseClient, (err) => errors.push(err))
    expect((await f.current()).status).toBe('OK')
    vi.setSystemTime(NOW + FRESHNESS_CACHE_MS.ok - 1)
    expect((await f.current()).newest_kill_age_seconds).toBe(60 + 29)
    expect(db.reads).toBe(1)
    vi.setSystemTime(NOW + FRESHNESS_CACHE_MS.ok)
    // the read fails: the last facts serve, aged by the clock, and the failure is reported
    expect((await f.current()).newest_kill_age_seconds).toBe(60 + 30)
    expect(db.reads).toBe(2)
    expect(errors).toHaveLength(1)
    expect((await f.current()).status).toBe('STARTING') // the next request reads again
    expect(db.reads).toBe(3)
    vi.setSystemTime(NOW + FRESHNESS_CACHE_MS.ok + FRESHNESS_CACHE_MS.other - 1)
    await f.current()
    expect(db.reads).toBe(3)
    vi.setSystemTime(NOW + FRESHNESS_CACHE_MS.ok + FRESHNESS_CACHE_MS.other)
    await f.current()
    expect(db.reads).toBe(4)
  })

  it('throws when the first read fails, and shares one read between concurrent requests', async () => {
    const failing = new KillmailFreshness(fakeDb([new Error('down')]) as unknown as ClickHouseClient)
    await expect(failing.current()).rejects.toThrow('down')
    const db = fakeDb([{ newest_kill: null, live_stored: null }])
    const f = new KillmailFreshness(db as unknown as ClickHouseClient)
    await Promise.all([f.current(), f.current(), f.current()])
    expect(db.reads).toBe(1)
  })
})
