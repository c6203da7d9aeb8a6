import { describe, expect, it } from 'vitest'
import { relativeTime, renderPreview, STYLES, timestampCode } from './discord-format'

// Wednesday 2018-11-28 09:01:00 in New York is 14:01:00Z (EST, UTC-5).
const MS = Date.parse('2018-11-28T14:01:00Z')
const NOW = Date.parse('2021-11-28T14:01:00Z')

describe('timestamp codes', () => {
  it("builds <t:UNIX:STYLE> for all nine of Discord's styles, in its reference's order, in whole seconds", () => {
    expect(STYLES).toEqual(['t', 'T', 'd', 'D', 'f', 'F', 's', 'S', 'R'])
    expect(timestampCode(MS + 999, 'F')).toBe('<t:1543413660:F>')
    expect(timestampCode(MS, 's')).toBe('<t:1543413660:s>')
    expect(timestampCode(-500, 'R')).toBe('<t:-1:R>')
  })
})

describe('previews as the chat client renders them (CLDR widths, October 2025 styles)', () => {
  // Discord's reference example: Tuesday 2021-04-20 16:20:30 (15:20:30Z in London, BST), as each English setting shows it.
  const APRIL = Date.parse('2021-04-20T15:20:30Z')
  const cases = [
    {
      language: 'en-US' as const,
      zone: 'Europe/London',
      expected: {
        t: '4:20 PM',
        T: '4:20:30 PM',
        d: '4/20/21',
        D: 'April 20, 2021',
        f: 'April 20, 2021 at 4:20 PM',
        F: 'Tuesday, April 20, 2021 at 4:20 PM',
        s: '4/20/21, 4:20 PM',
        S: '4/20/21, 4:20:30 PM',
        R: '4 months ago',
      },
    },
    {
      language: 'en-GB' as const,
      zone: 'Europe/London',
      expected: {
        t: '16:20',
        T: '16:20:30',
        d: '20/04/2021',
        D: '20 April 2021',
        f: '20 April 2021 at 16:20',
        F: 'Tuesday, 20 April 2021 at 16:20',
        s: '20/04/2021, 16:20',
        S: '20/04/2021, 16:20:30',
        R: '4 months ago',
      },
    },
  ]
  const now = Date.parse('2021-08-28T12:00:00Z')
  for (const { language, zone, expected } of cases) {
    it(`${language}: ${language === 'en-US' ? '12-hour clock, month first' : '24-hour clock, day first'}, all nine styles`, () => {
      const rendered = Object.fromEntries(STYLES.map((style) => [style, renderPreview(APRIL, style, zone, language, now)]))
      expect(rendered).toEqual(expected)
    })
  }

  it('renders in the viewer zone, so the same code reads differently across zones', () => {
    expect(renderPreview(MS, 't', 'UTC', 'en-GB', NOW)).toBe('14:01')
    expect(renderPreview(MS, 't', 'Asia/Tokyo', 'en-GB', NOW)).toBe('23:01')
    expect(renderPreview(MS, 'd', 'Pacific/Kiritimati', 'en-GB', NOW)).toBe('29/11/2018')
    expect(renderPreview(MS, 'f', 'America/New_York', 'en-US', NOW)).toBe('November 28, 2018 at 9:01 AM')
  })

  it('drops the milliseconds the code cannot carry', () => {
    expect(renderPreview(Date.parse('2021-04-20T15:20:30.999Z'), 'T', 'UTC', 'en-GB', NOW)).toBe('15:20:30')
  })
})

describe('relative time', () => {
  const at = (seconds: number) => relativeTime(NOW + seconds * 1000, NOW)
  it('uses words for one of a unit and switches units at 45 s, 45 min, 22 h and 26 d', () => {
    expect(at(0)).toBe('a few seconds ago')
    expect(at(10)).toBe('in a few seconds')
    expect(at(-44)).toBe('a few seconds ago')
    expect(at(45)).toBe('in a minute')
    expect(at(89)).toBe('in a minute')
    expect(at(90)).toBe('in 2 minutes')
    expect(at(44 * 60)).toBe('in 44 minutes')
    expect(at(45 * 60)).toBe('in an hour')
    expect(at(-90 * 60)).toBe('2 hours ago')
    expect(at(21 * 3600)).toBe('in 21 hours')
    expect(at(22 * 3600)).toBe('in a day')
    expect(at(-2 * 86400)).toBe('2 days ago')
    expect(at(25 * 86400)).toBe('in 25 days')
    expect(at(26 * 86400)).toBe('in a month')
  })

  it('counts months and years by the calendar, not by an average month (46 days is a month)', () => {
    expect(at(46 * 86400)).toBe('in a month')
    expect(at(-46 * 86400)).toBe('a month ago')
    // 2021-11-28 + 62 days = 2022-01-29: two whole calendar months
    expect(at(62 * 86400)).toBe('in 2 months')
    expect(at(300 * 86400)).toBe('in 9 months')
    expect(at(366 * 86400)).toBe('in a year')
    // 2019-11-29 02:01 to 2021-11-28 14:01 is 23 whole months (2020 had a 29 February): still a year
    expect(at(-730.5 * 86400)).toBe('a year ago')
    expect(at(-732 * 86400)).toBe('2 years ago')
  })
})
