import { describe, expect, it } from 'vitest'
import { relativeTime, renderPreview, STYLES, timestampCode, type Style } from './discord-format'

// Wednesday 2018-11-28 09:01:00 in New York is 14:01:00Z (EST, UTC-5).
const MS = Date.parse('2018-11-28T14:01:00Z')
const NOW = Date.parse('2021-11-28T14:01:00Z')

describe('timestamp codes', () => {
  it('builds <t:UNIX:STYLE> for every style in page order, in whole seconds', () => {
    expect(STYLES).toEqual(['d', 'D', 't', 'T', 'f', 'F', 'R'])
    expect(timestampCode(MS + 999, 'F')).toBe('<t:1543413660:F>')
    expect(timestampCode(-500, 'R')).toBe('<t:-1:R>')
  })
})

describe('previews as the chat client renders them', () => {
  // The same moment, 2018-11-28 09:01 in New York / 14:01 in London, as each English setting shows it.
  const cases = [
    {
      language: 'en-US' as const,
      zone: 'America/New_York',
      expected: {
        t: '9:01 AM',
        T: '9:01:00 AM',
        d: '11/28/2018',
        D: 'November 28, 2018',
        f: 'November 28, 2018 9:01 AM',
        F: 'Wednesday, November 28, 2018 9:01 AM',
      },
    },
    {
      language: 'en-GB' as const,
      zone: 'Europe/London',
      expected: { t: '14:01', T: '14:01:00', d: '28/11/2018', D: '28 November 2018', f: '28 November 2018 14:01', F: 'Wednesday, 28 November 2018 14:01' },
    },
  ]
  for (const { language, zone, expected } of cases) {
    it(`${language}: ${language === 'en-US' ? '12-hour clock, month first' : '24-hour clock, day first'}`, () => {
      const rendered = Object.fromEntries(Object.keys(expected).map((style) => [style, renderPreview(MS, style as Style, zone, language, NOW)]))
      expect(rendered).toEqual(expected)
      expect(renderPreview(MS, 'R', zone, language, NOW)).toBe('3 years ago')
    })
  }

  it('pads single-digit days and months the way the client does', () => {
    expect(renderPreview(Date.parse('2021-04-05T15:20:30Z'), 'd', 'UTC', 'en-US', NOW)).toBe('04/05/2021')
    expect(renderPreview(Date.parse('2021-04-05T15:20:30Z'), 'd', 'UTC', 'en-GB', NOW)).toBe('05/04/2021')
    expect(renderPreview(Date.parse('2021-04-05T05:20:30Z'), 't', 'UTC', 'en-GB', NOW)).toBe('05:20')
  })

  it('renders in the viewer zone, so the same code reads differently across zones', () => {
    expect(renderPreview(MS, 't', 'UTC', 'en-GB', NOW)).toBe('14:01')
    expect(renderPreview(MS, 't', 'Asia/Tokyo', 'en-GB', NOW)).toBe('23:01')
    expect(renderPreview(MS, 'd', 'Pacific/Kiritimati', 'en-GB', NOW)).toBe('29/11/2018')
  })

  it('drops the milliseconds the code cannot carry', () => {
    expect(renderPreview(Date.parse('2021-04-20T15:20:30.999Z'), 'T', 'UTC', 'en-GB', NOW)).toBe('15:20:30')
  })
})

describe('relative time (moment.js fromNow thresholds)', () => {
  const at = (seconds: number) => relativeTime(NOW + seconds * 1000, NOW)
  it('uses words for one of a unit and switches units at 45 s, 45 min, 22 h, 26 d, 11 months', () => {
    expect(at(0)).toBe('a few seconds ago')
    expect(at(10)).toBe('in a few seconds')
    expect(at(-44)).toBe('a few seconds ago')
    expect(at(45)).toBe('in a minute')
    expect(at(89)).toBe('in a minute')
    expect(at(90)).toBe('in 2 minutes')
    expect(at(44 * 60)).toBe('in 44 minutes')
    expect(at(45 * 60)).toBe('in an hour')
    expect(at(-90 * 60)).toBe('2 hours ago')
    expect(at(3 * 3600)).toBe('in 3 hours')
    expect(at(21 * 3600)).toBe('in 21 hours')
    expect(at(22 * 3600)).toBe('in a day')
    expect(at(-2 * 86400)).toBe('2 days ago')
    expect(at(25 * 86400)).toBe('in 25 days')
    expect(at(26 * 86400)).toBe('in a month')
    expect(at(-60 * 86400)).toBe('2 months ago')
    expect(at(320 * 86400)).toBe('in a year')
    expect(at(300 * 86400)).toBe('in 10 months')
    expect(at(-2 * 365.25 * 86400)).toBe('2 years ago')
  })
})
