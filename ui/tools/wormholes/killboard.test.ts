import { describe, expect, it } from 'vitest'
import { KillboardActivity, KillboardSummary } from '../../../schemas/killboard'
import { corporationLabel, readActivity, readSummary, relativeTime, topCorporations } from './killboard'

describe('relativeTime', () => {
  it('speaks in seconds, minutes, hours or days', () => {
    expect(relativeTime(0)).toBe('0 seconds ago')
    expect(relativeTime(1 / 86_400)).toBe('1 second ago')
    expect(relativeTime(59 / 86_400)).toBe('59 seconds ago')
    expect(relativeTime(60 / 86_400)).toBe('1 minute ago')
    expect(relativeTime(0.5 / 24)).toBe('30 minutes ago')
    expect(relativeTime(1 / 24)).toBe('1 hour ago')
    expect(relativeTime(23.9 / 24)).toBe('23 hours ago')
    expect(relativeTime(1)).toBe('1 day ago')
    expect(relativeTime(12.7)).toBe('12 days ago')
  })
})

describe('topCorporations', () => {
  it('keeps 10, most active days first, then the most recently seen', () => {
    const corps = Array.from({ length: 14 }, (_, i) => ({ id: i, name: `Corp ${i}`, activeDays: i % 5, lastSeenDaysAgo: i }))
    const top = topCorporations(corps)
    expect(top).toHaveLength(10)
    expect(top.map((c) => [c.activeDays, c.lastSeenDaysAgo])).toEqual([
      [4, 4],
      [4, 9],
      [3, 3],
      [3, 8],
      [3, 13],
      [2, 2],
      [2, 7],
      [2, 12],
      [1, 1],
      [1, 6],
    ])
  })
})

describe('reading the killboard answers', () => {
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
  const feed = {
    status: 'STALE' as const,
    newest_kill_at: '2026-11-22T09:00:00.000Z',
    newest_kill_age_seconds: 10_800,
    live_stored_at: '2026-11-22T09:00:05.000Z',
    live_stored_age_seconds: 10_795,
    stale_after_minutes: 30,
    zkill_answering: true,
    detail: 'The live feed last stored a kill 2 hours ago',
  }
  const { detail: _d, live_stored_at: _l, ...feedRead } = feed

  it('accepts the API answers, as its own schema describes them', () => {
    const summary = KillboardSummary.parse({
      solarsystemid: 31000488,
      totalKills: 5,
      daysCovered: 30,
      windowDays: 60,
      mostRecentKillDaysAgo: 0.2,
      activeCorporations: [
        { id: 1, name: 'A', activeDays: 2, lastSeenDaysAgo: 1 },
        { id: 2, name: null, activeDays: 1, lastSeenDaysAgo: 3.5 },
      ],
      feed,
    })
    expect(readSummary(summary)).toEqual({
      totalKills: 5,
      daysCovered: 30,
      mostRecentKillDaysAgo: 0.2,
      activeCorporations: summary.activeCorporations,
      feed: feedRead,
    })
    const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0))
    hours[2][14] = 3
    const activity = KillboardActivity.parse({ solarsystemid: 31000488, days, hours, max: 3, totalKills: 3, daysCovered: 30, feed })
    expect(readActivity(activity)).toEqual({ days, hours, max: 3, feed: feedRead })
    // an answer without the feed's state (or with a malformed one) is still drawn, without a freshness note
    expect(readActivity({ days, hours })).toEqual({ days, hours, max: 3, feed: null })
    expect(readActivity({ days, hours, feed: { status: 'LATE' } })?.feed).toBeNull()
  })

  it('refuses anything else, so the panel keeps loading', () => {
    expect(readSummary({ error: 'No such endpoint' })).toBeNull()
    expect(readSummary(null)).toBeNull()
    expect(readActivity({ days: ['Mon'], hours: [[1, 2, 3]] })).toBeNull()
    expect(readActivity({ days: ['Mon', 'Tue'], hours: [Array(24).fill(0)] })).toBeNull()
    // the field is `hours`, as the API answers; an answer in another shape is not drawn as an empty map
    expect(readActivity({ days, counts: Array.from({ length: 7 }, () => Array(24).fill(0)) })).toBeNull()
  })

  it('names a corporation by its id while the API has no name for it', () => {
    expect(corporationLabel({ id: 98000001, name: null })).toBe('Corporation 98000001')
    expect(corporationLabel({ id: 98000001, name: 'Hole Control' })).toBe('Hole Control')
  })
})
