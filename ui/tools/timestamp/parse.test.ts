import { describe, expect, it } from 'vitest'
import { parseTimeInput } from './parse'

const ok = (text: string, zone = 'UTC') => {
  const r = parseTimeInput(text, zone)
  if (!r.ok) throw new Error(r.error)
  return { iso: new Date(r.unixMs).toISOString(), style: r.style, read: r.read }
}

describe('reading pasted times', () => {
  it('reads a chat code with or without a style, also inside a longer message', () => {
    expect(ok('<t:1714590000:F>')).toEqual({ iso: '2024-05-01T19:00:00.000Z', style: 'F', read: 'code' })
    expect(ok('<t:1714590000>')).toEqual({ iso: '2024-05-01T19:00:00.000Z', style: undefined, read: 'code' })
    expect(ok('Fleet forms <t:1714590000:R> in home, bring ships')).toMatchObject({ iso: '2024-05-01T19:00:00.000Z', style: 'R' })
    expect(ok('<t:-86400:d>').iso).toBe('1969-12-31T00:00:00.000Z')
  })

  it('reads back a code of every one of the nine styles, the October 2025 s and S too', () => {
    for (const style of ['t', 'T', 'd', 'D', 'f', 'F', 's', 'S', 'R']) {
      expect(ok(`<t:1714590000:${style}>`)).toEqual({ iso: '2024-05-01T19:00:00.000Z', style, read: 'code' })
    }
  })

  it('rejects an unknown style letter', () => {
    expect(parseTimeInput('<t:1714590000:x>', 'UTC')).toEqual({ ok: false, error: "'x' is not a timestamp style (use t, T, d, D, f, F, s, S or R)." })
  })

  it('reads bare Unix numbers as seconds, and from 1e11 up as milliseconds', () => {
    expect(ok('1714590000')).toEqual({ iso: '2024-05-01T19:00:00.000Z', style: undefined, read: 'seconds' })
    expect(ok(' 1714590000123 ')).toEqual({ iso: '2024-05-01T19:00:00.123Z', style: undefined, read: 'milliseconds' })
    expect(ok('99999999999').read).toBe('seconds')
    expect(ok('100000000000')).toMatchObject({ iso: '1973-03-03T09:46:40.000Z', read: 'milliseconds' })
    expect(ok('0').iso).toBe('1970-01-01T00:00:00.000Z')
  })

  it('reads a Unix number pasted with its thousands grouped, as a spreadsheet shows it', () => {
    expect(ok('1,714,590,000')).toMatchObject({ iso: '2024-05-01T19:00:00.000Z', read: 'seconds' })
    expect(ok('1 714 590 000 123')).toMatchObject({ iso: '2024-05-01T19:00:00.123Z', read: 'milliseconds' })
    expect(ok('-86,400').iso).toBe('1969-12-31T00:00:00.000Z')
    // only whole groups of three: anything else is not a number it could be sure of
    expect(parseTimeInput('17,14590000', 'UTC').ok).toBe(false)
    expect(parseTimeInput('1,714 590,000', 'UTC').ok).toBe(false)
  })

  it('reads in-game EVE time (UTC) whatever zone is selected', () => {
    expect(ok('2024.05.01 19:00', 'America/New_York')).toEqual({ iso: '2024-05-01T19:00:00.000Z', style: undefined, read: 'eve' })
    expect(ok('2024.05.01 19:00:30').iso).toBe('2024-05-01T19:00:30.000Z')
    expect(parseTimeInput('2024.02.30 19:00', 'UTC').ok).toBe(false)
  })

  it('reads the EVE time in a pasted chat log line or a kill report copied from the game', () => {
    expect(ok('[ 2024.05.01 19:00:30 ] Fleet Boss > form up on me', 'Europe/London')).toMatchObject({ iso: '2024-05-01T19:00:30.000Z', read: 'eve' })
    expect(ok('2024.05.01 19:00:00\n\nVictim: Some Pilot\nCorp: Some Corp\nDestroyed: Tengu', 'Asia/Tokyo')).toMatchObject({
      iso: '2024-05-01T19:00:00.000Z',
      read: 'eve',
    })
    expect(parseTimeInput('[ 2024.02.30 19:00:00 ] Pilot > hi', 'UTC')).toEqual({ ok: false, error: '2024.02.30 19:00:00 is not a valid date and time.' })
  })

  it('reads ISO 8601, in the selected zone when it carries no offset', () => {
    expect(ok('2024-05-01T19:00:00Z', 'Asia/Tokyo').iso).toBe('2024-05-01T19:00:00.000Z')
    expect(ok('2024-05-01T21:00:00+02:00').iso).toBe('2024-05-01T19:00:00.000Z')
    expect(ok('2024-05-01T15:00', 'America/New_York')).toMatchObject({ iso: '2024-05-01T19:00:00.000Z', read: 'iso' })
  })

  it('explains what it accepts when it cannot read the input', () => {
    for (const text of ['', 'tomorrow', '12:00', '<t:abc:F>']) {
      const r = parseTimeInput(text, 'UTC')
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error).toContain('<t:1700000000:F>')
    }
  })

  it('refuses times the date input cannot show', () => {
    expect(parseTimeInput('<t:999999999999:F>', 'UTC')).toEqual({ ok: false, error: 'That time is outside the years 1 to 9999.' })
    expect(parseTimeInput('-99999999999999999', 'UTC').ok).toBe(false)
    expect(parseTimeInput('253402300799', 'UTC').ok).toBe(true) // 253402300799 ms is read as 1978
    // In range in UTC, but the page would show it in the selected zone as year 0 or 10000.
    expect(parseTimeInput('<t:-62135596800:F>', 'America/New_York').ok).toBe(false)
    expect(parseTimeInput('<t:253402300799:F>', 'Asia/Tokyo').ok).toBe(false)
    expect(parseTimeInput('<t:253402300799:F>', 'UTC').ok).toBe(true)
  })

  it('reads a repeated local ISO time as its first occurrence, whatever the time of year it is read', () => {
    // luxon alone picks by the zone's offset on the day the code runs; these are the page's own rules.
    expect(ok('2024-10-27T01:30', 'Europe/London').iso).toBe('2024-10-27T00:30:00.000Z')
    expect(ok('2024-11-03T01:30', 'America/New_York').iso).toBe('2024-11-03T05:30:00.000Z')
    expect(ok('2024-04-07T02:30', 'Australia/Sydney').iso).toBe('2024-04-06T15:30:00.000Z')
    // a skipped time is the same distance after the change; an explicit offset is taken as written
    expect(ok('2024-03-31T01:30', 'Europe/London').iso).toBe('2024-03-31T01:30:00.000Z')
    expect(ok('2024-10-27T01:30+00:00', 'Europe/London').iso).toBe('2024-10-27T01:30:00.000Z')
    expect(ok('2024-10-27T01:30:15.250Z', 'Asia/Tokyo').iso).toBe('2024-10-27T01:30:15.250Z')
    expect(ok('2024-05-01', 'Asia/Kolkata').iso).toBe('2024-04-30T18:30:00.000Z')
  })

  it('reads a date and time written with a space, as killboards and databases write it', () => {
    expect(ok('2024-05-01 19:00:00')).toMatchObject({ iso: '2024-05-01T19:00:00.000Z', read: 'iso' })
    expect(ok('2024-05-01 15:00', 'America/New_York').iso).toBe('2024-05-01T19:00:00.000Z')
    expect(ok('2024-05-01 19:00:00 UTC', 'Asia/Tokyo').iso).toBe('2024-05-01T19:00:00.000Z')
    expect(ok('2024-05-01 19:00Z', 'Asia/Tokyo').iso).toBe('2024-05-01T19:00:00.000Z')
    expect(ok('2024-05-01 21:00:00.5 +02:00').iso).toBe('2024-05-01T19:00:00.500Z')
    expect(ok('2024-10-27 01:30', 'Europe/London').iso).toBe('2024-10-27T00:30:00.000Z')
    expect(parseTimeInput('2024-05-01 25:00', 'UTC').ok).toBe(false)
  })
})
