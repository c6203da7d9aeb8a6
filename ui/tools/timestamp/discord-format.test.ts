import { describe, expect, it } from 'vitest'
import { relativeTime, renderPreview, STYLES, timestampCode } from './discord-format'

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
  it('English (US): 12-hour clock, month first', () => {
    const render = (style: (typeof STYLES)[number]) => renderPreview(MS, style, 'America/New_York', 'en-US', NOW)
    expect(render('t')).toBe('9:01 AM')
    expect(render('T')).toBe('9:01:00 AM')
    expect(render('d')).toBe('11/28/2018')
    expect(render('D')).toBe('November 28, 2018')
    expect(render('f')).toBe('November 28, 2018 9:01 AM')
    expect(render('F')).toBe('Wednesday, November 28, 2018 9:01 AM')
    expect(render('R')).toBe('3 years ago')
  })

  it('English (UK): 24-hour clock, day first, zero-padded short date', () => {
    const render = (style: (typeof STYLES)[number]) => renderPreview(Date.parse('2021-04-20T15:20:30Z'), style, 'Europe/London', 'en-GB', NOW)
    expect(render('t')).toBe('16:20')
    expect(render('T')).toBe('16:20:30')
    expect(render('d')).toBe('20/04/2021')
    expect(render('D')).toBe('20 April 2021')
    expect(render('f')).toBe('20 April 2021 16:20')
    expect(render('F')).toBe('Tuesday, 20 April 2021 16:20')
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
