import { describe, expect, it } from 'vitest'
import { deathHeadline, formatKd, isTrackerAnswer, readTrackerAnswer, relativeTime, utcDateTime, utcTime } from './format'
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
    // The spec's answer has no name or path: still a tracker.
    const { name: _n, path: _p, ...spec } = answer
    expect(isTrackerAnswer(spec)).toBe(true)
  })

  it('says how long ago a kill was, and nothing for a time that does not parse', () => {
    const now = Date.parse('2026-12-02T12:00:00Z')
    expect(relativeTime('2026-12-02T09:00:00Z', now)).toBe('3 hours ago')
    expect(relativeTime('2026-12-02T11:59:59Z', now)).toBe('1 second ago')
    expect(relativeTime('2026-11-30T11:00:00Z', now)).toBe('2 days ago')
    expect(relativeTime('2026-12-02T12:05:00Z', now)).toBe('just now') // a server clock ahead of the browser's
    expect(relativeTime('yesterday-ish', now)).toBeNull()
  })

  it("reads an answer in the spec's shape: what it leaves out is null, and the address names the player", () => {
    const view = readTrackerAnswer(
      {
        characters: [7, 'x'],
        lastDeath: { daysSince: null, iso: null },
        last7d: { kills: 1, losses: 0, destroyedISK: 5, lostISK: 0, netISK: 5, kd: null, status: 'POSITIVE' },
        lists: {
          kills: [
            { id: 1, ship: { id: 587, name: 'Rifter' }, value: 5, url: 'https://zkillboard.com/kill/1/' },
            {
              id: 2,
              time: '2026-12-02T09:00:00Z',
              ship: { id: 587, name: 'Rifter', icon: 'https://img/types/587/render?size=32' },
              value: 5,
              url: 'u',
              system: { id: 3, name: 'J123456', class_label: 'C5' },
            },
            'not an entry',
          ],
        },
        meta: { fetchedAt: '2026-12-02T12:00:00Z' },
      },
      'bob',
    )
    expect(view.name).toBe('bob')
    expect(view.characters).toEqual([7])
    expect(view.charactersDetailed).toEqual([])
    expect(view.lists.kills).toEqual([
      { key: '1', time: null, ship: { name: 'Rifter', icon: null }, value: 5, url: 'https://zkillboard.com/kill/1/', system: null },
      {
        key: '2',
        time: '2026-12-02T09:00:00Z',
        ship: { name: 'Rifter', icon: 'https://img/types/587/render?size=32' },
        value: 5,
        url: 'u',
        system: { name: 'J123456', classLabel: 'C5' },
      },
      { key: 'row-2', time: null, ship: { name: null, icon: null }, value: null, url: null, system: null },
    ])
    expect(view.lists.losses).toEqual([])
    expect(view.last7d.kd).toBeNull()
  })
})
