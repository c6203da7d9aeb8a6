import { describe, expect, it } from 'vitest'
import { deathHeadline, formatKd, isTrackerAnswer, utcDateTime, utcTime } from './format'
import { formatIskCompact as formatMoney } from '../../../schemas/format'

describe('kill tracker formats', () => {
  it('shows ISK with k/m/b/t from 1e3/1e6/1e9/1e12 and 2 decimals, otherwise 0 decimals', () => {
    expect(formatMoney(0)).toBe('0')
    expect(formatMoney(999.4)).toBe('999')
    expect(formatMoney(999.6)).toBe('1000')
    expect(formatMoney(1000)).toBe('1.00k')
    expect(formatMoney(86_180_108.73)).toBe('86.18m')
    expect(formatMoney(999_999)).toBe('1000.00k')
    expect(formatMoney(3_375_084_389.45)).toBe('3.38b')
    expect(formatMoney(1.5e12)).toBe('1.50t')
    expect(formatMoney(-268_883_360.72)).toBe('-268.88m')
    expect(formatMoney(-500)).toBe('-500')
    expect(formatMoney(-0.4)).toBe('0')
  })

  it('shows K/D with 2 decimals, or ∞ when not finite', () => {
    expect(formatKd(2)).toBe('2.00')
    expect(formatKd(1 / 3)).toBe('0.33')
    expect(formatKd(null)).toBe('∞')
    expect(formatKd(Infinity)).toBe('∞')
    expect(formatKd(NaN)).toBe('∞')
  })

  it("says 'day' for one day and 'days' otherwise, and has a line for no deaths", () => {
    expect(deathHeadline('Bob', 1)).toBe("It's been 1 day since Bob last died.")
    expect(deathHeadline('Bob', 0)).toBe("It's been 0 days since Bob last died.")
    expect(deathHeadline('Bob', 12)).toBe("It's been 12 days since Bob last died.")
    expect(deathHeadline('Bob', null)).toBe('No recorded deaths (yet?)')
  })

  it('writes UTC times', () => {
    expect(utcDateTime('2026-03-25T14:26:36.000Z')).toBe('2026-03-25 14:26')
    expect(utcTime('2026-03-25T14:26:36.000Z')).toBe('14:26:36')
  })

  it('tells a kill tracker answer from the answers of the API routes its catch-all stands behind', () => {
    const answer = {
      name: 'Bob',
      path: 'bob',
      characters: [1],
      lastDeath: { daysSince: null, iso: null },
      last7d: { kills: 0, losses: 0, destroyedISK: 0, lostISK: 0, netISK: 0, kd: 0, status: 'NEUTRAL' },
      lists: { kills: [], losses: [] },
      meta: { fetchedAt: '2026-11-22T01:14:00.000Z' },
    }
    expect(isTrackerAnswer(answer)).toBe(true)
    expect(isTrackerAnswer({ ok: true, version: '1.0.0', uptime_seconds: 5 })).toBe(false) // /api/health
    expect(isTrackerAnswer({ tracking: 0, kills: [] })).toBe(false) // /api/live-kills
    expect(isTrackerAnswer([])).toBe(false)
    expect(isTrackerAnswer(null)).toBe(false)
    expect(isTrackerAnswer({ ...answer, lists: { kills: [] } })).toBe(false)
  })
})
