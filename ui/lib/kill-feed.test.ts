import { describe, expect, it } from 'vitest'
import { feedNote, noKillData, readFeed, secondsAgo, type FeedFreshness } from './kill-feed'

const feed = (over: Partial<FeedFreshness>): FeedFreshness => ({
  status: 'STALE',
  newest_kill_at: '2026-11-22T09:00:00.000Z',
  newest_kill_age_seconds: 3 * 3600 + 120,
  live_stored_age_seconds: 3 * 3600,
  stale_after_minutes: 30,
  zkill_answering: null,
  ...over,
})

describe('the killmail freshness note', () => {
  it('names the newest stored kill when it is older than the threshold', () => {
    expect(feedNote(feed({}))).toBe('Kill data may be incomplete: the newest kill stored is from 3 hours ago (zKillboard feed behind or down).')
  })

  it('names the live feed when only a backfill brought recent kills', () => {
    expect(feedNote(feed({ newest_kill_age_seconds: 60, live_stored_age_seconds: 2 * 86_400 }))).toBe(
      'Kill data may be incomplete: the live feed last stored a kill 2 days ago (zKillboard feed behind or down).',
    )
    expect(feedNote(feed({ newest_kill_age_seconds: 60, live_stored_age_seconds: null }))).toBe(
      'Kill data may be incomplete: the live feed has stored no kill yet (zKillboard feed behind or down).',
    )
  })

  it('says plainly that there is no kill data yet while nothing is stored, and that zKillboard is not answering when the server knows', () => {
    const starting = { status: 'STARTING' as const, newest_kill_at: null, newest_kill_age_seconds: null, live_stored_age_seconds: null }
    expect(feedNote(feed(starting))).toBe('No kill data yet: the zKillboard feed has not delivered any kill since this site started.')
    expect(feedNote(feed({ ...starting, zkill_answering: true }))).toBe(
      'No kill data yet: the zKillboard feed has not delivered any kill since this site started.',
    )
    expect(feedNote(feed({ ...starting, zkill_answering: false }))).toBe(
      'No kill data yet: the zKillboard feed has not delivered any kill since this site started. zKillboard is not answering.',
    )
    expect(noKillData(feed(starting))).toBe(true)
    expect(noKillData(feed({}))).toBe(false)
    expect(noKillData(null)).toBe(false)
  })

  it('says nothing while the feed is OK, or when the answer has no feed state', () => {
    expect(feedNote(feed({ status: 'OK', newest_kill_age_seconds: 30, live_stored_age_seconds: 5 }))).toBeNull()
    expect(feedNote(null)).toBeNull()
    expect(feedNote(readFeed(undefined))).toBeNull()
  })

  it('reads the API field, refusing other shapes', () => {
    expect(readFeed({ ...feed({}), live_stored_at: 'x', detail: 'y' })).toEqual(feed({}))
    expect(readFeed({ ...feed({}), zkill_answering: false })).toEqual(feed({ zkill_answering: false }))
    expect(readFeed({ status: 'STALE' })).toBeNull()
    expect(readFeed({ ...feed({}), newest_kill_age_seconds: -5 })).toBeNull()
    expect(readFeed('STALE')).toBeNull()
  })

  it('says ages in the largest whole unit', () => {
    expect([0, 1, 59, 60, 3599, 3600, 86_399, 86_400].map(secondsAgo)).toEqual([
      '0 seconds ago',
      '1 second ago',
      '59 seconds ago',
      '1 minute ago',
      '59 minutes ago',
      '1 hour ago',
      '23 hours ago',
      '1 day ago',
    ])
  })
})
