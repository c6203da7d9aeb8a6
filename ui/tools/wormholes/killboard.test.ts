import { describe, expect, it } from 'vitest'
import { readActivity, readSummary, relativeTime, topCorporations } from './killboard'

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
  it('accepts the spec shapes', () => {
    const summary = { totalKills: 5, daysCovered: 30, mostRecentKillDaysAgo: 0.2, activeCorporations: [{ id: 1, name: 'A', activeDays: 2, lastSeenDaysAgo: 1 }] }
    expect(readSummary(summary)).toEqual(summary)
    const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0))
    counts[2][14] = 3
    expect(readActivity({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], counts, max: 3 })).toMatchObject({ max: 3 })
    expect(readActivity({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], counts })?.max).toBe(3)
  })

  it('refuses anything else, so the panel keeps loading', () => {
    expect(readSummary({ error: 'No such endpoint' })).toBeNull()
    expect(readSummary(null)).toBeNull()
    expect(readActivity({ days: ['Mon'], counts: [[1, 2, 3]] })).toBeNull()
    expect(readActivity({ days: ['Mon', 'Tue'], counts: [Array(24).fill(0)] })).toBeNull()
  })
})
