import { describe, expect, it } from 'vitest'
import { formatInZone, formatUtc, instantToLocal, localToInstant, offsetLabel, unixSeconds, type LocalSelection } from './convert'

const sel = (date: string, time: string, zone: string, later = false): LocalSelection => ({ date, time, zone, later })
const iso = (ms: number) => new Date(ms).toISOString()

describe('localToInstant', () => {
  it('converts an ordinary summer time in London (BST, UTC+1)', () => {
    const c = localToInstant(sel('2024-07-01', '12:00:00', 'Europe/London'))
    expect(c).toEqual({ ok: true, kind: 'normal', unixMs: Date.parse('2024-07-01T11:00:00Z') })
  })

  it('treats UTC as a zone with no offset', () => {
    const c = localToInstant(sel('2024-05-01', '19:00:00', 'UTC'))
    expect(c.ok && unixSeconds(c.unixMs)).toBe(1714590000)
  })

  it('accepts a time without seconds, as a time input gives when seconds are zero', () => {
    const c = localToInstant(sel('2024-05-01', '19:00', 'UTC'))
    expect(c.ok && iso(c.unixMs)).toBe('2024-05-01T19:00:00.000Z')
  })

  it('reads a time in the London spring-forward gap as the same distance past the change', () => {
    // 2024-03-31 01:00 GMT clocks go to 02:00 BST: 01:30 never happens and is read as 02:30 BST = 01:30Z.
    const c = localToInstant(sel('2024-03-31', '01:30:00', 'Europe/London'))
    expect(c).toEqual({ ok: true, kind: 'gap', unixMs: Date.parse('2024-03-31T01:30:00Z'), gapMinutes: 60 })
    expect(formatInZone(Date.parse('2024-03-31T01:30:00Z'), 'Europe/London')).toBe('Sunday, 31 March 2024 02:30:00 BST (UTC+01:00)')
  })

  it('offers both instants for a time London repeats when clocks go back, the earlier by default', () => {
    // 2024-10-27 02:00 BST clocks go back to 01:00 GMT: 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
    const first = localToInstant(sel('2024-10-27', '01:30:00', 'Europe/London'))
    expect(first).toEqual({
      ok: true,
      kind: 'ambiguous',
      unixMs: Date.parse('2024-10-27T00:30:00Z'),
      earlierMs: Date.parse('2024-10-27T00:30:00Z'),
      laterMs: Date.parse('2024-10-27T01:30:00Z'),
    })
    const second = localToInstant(sel('2024-10-27', '01:30:00', 'Europe/London', true))
    expect(second.ok && iso(second.unixMs)).toBe('2024-10-27T01:30:00.000Z')
  })

  it('handles New York: 02:30 on the spring-forward day is 03:30 EDT, 01:30 on the fall-back day is ambiguous', () => {
    const gap = localToInstant(sel('2024-03-10', '02:30:00', 'America/New_York'))
    expect(gap.ok && gap.kind).toBe('gap')
    expect(gap.ok && iso(gap.unixMs)).toBe('2024-03-10T07:30:00.000Z')
    const amb = localToInstant(sel('2024-11-03', '01:30:00', 'America/New_York'))
    expect(amb.ok && amb.kind === 'ambiguous' && [iso(amb.earlierMs), iso(amb.laterMs)]).toEqual(['2024-11-03T05:30:00.000Z', '2024-11-03T06:30:00.000Z'])
  })

  it('gets the edges of the gap right: the last second before it and the first after it are ordinary', () => {
    const before = localToInstant(sel('2024-03-31', '00:59:59', 'Europe/London'))
    expect(before.ok && before.kind === 'normal' && iso(before.unixMs)).toBe('2024-03-31T00:59:59.000Z')
    const after = localToInstant(sel('2024-03-31', '02:00:00', 'Europe/London'))
    expect(after.ok && after.kind === 'normal' && iso(after.unixMs)).toBe('2024-03-31T01:00:00.000Z')
    const lastAmbiguous = localToInstant(sel('2024-10-27', '01:59:59', 'Europe/London'))
    expect(lastAmbiguous.ok && lastAmbiguous.kind).toBe('ambiguous')
    const firstAfter = localToInstant(sel('2024-10-27', '02:00:00', 'Europe/London'))
    expect(firstAfter.ok && firstAfter.kind === 'normal' && iso(firstAfter.unixMs)).toBe('2024-10-27T02:00:00.000Z')
  })

  it('handles half-hour changes (Lord Howe Island) and the southern hemisphere (Sydney)', () => {
    // Lord Howe goes from UTC+10:30 to UTC+11 on 2024-10-06 at 02:00: 02:15 does not exist.
    const lh = localToInstant(sel('2024-10-06', '02:15:00', 'Australia/Lord_Howe'))
    expect(lh.ok && lh.kind === 'gap' && lh.gapMinutes).toBe(30)
    expect(lh.ok && iso(lh.unixMs)).toBe('2024-10-05T15:45:00.000Z')
    // Sydney goes back from UTC+11 to UTC+10 on 2024-04-07 at 03:00: 02:30 happens twice.
    const syd = localToInstant(sel('2024-04-07', '02:30:00', 'Australia/Sydney'))
    expect(syd.ok && syd.kind === 'ambiguous' && [iso(syd.earlierMs), iso(syd.laterMs)]).toEqual(['2024-04-06T15:30:00.000Z', '2024-04-06T16:30:00.000Z'])
  })

  it('rejects missing or impossible input with a sentence', () => {
    expect(localToInstant(sel('', '12:00:00', 'UTC'))).toEqual({ ok: false, error: 'Pick a date.' })
    expect(localToInstant(sel('2024-01-01', '', 'UTC'))).toEqual({ ok: false, error: 'Pick a time.' })
    expect(localToInstant(sel('2023-02-29', '12:00:00', 'UTC'))).toEqual({ ok: false, error: '2023-02-29 is not a date.' })
    expect(localToInstant(sel('2024-02-29', '12:00:00', 'UTC')).ok).toBe(true)
    expect(localToInstant(sel('2024-01-01', '24:00:00', 'UTC'))).toEqual({ ok: false, error: '24:00:00 is not a time of day.' })
    expect(localToInstant(sel('2024-01-01', '12:00:00', 'Mars/Olympus'))).toEqual({ ok: false, error: "Unknown time zone 'Mars/Olympus'." })
  })

  it('keeps years below 100 as written (no 19xx mapping)', () => {
    const c = localToInstant(sel('0099-06-01', '00:00:00', 'UTC'))
    expect(c.ok && iso(c.unixMs)).toBe('0099-06-01T00:00:00.000Z')
  })
})

describe('instantToLocal', () => {
  it('marks the second occurrence of a repeated wall-clock time', () => {
    expect(instantToLocal(Date.parse('2024-10-27T00:30:00Z'), 'Europe/London')).toEqual(sel('2024-10-27', '01:30:00', 'Europe/London', false))
    expect(instantToLocal(Date.parse('2024-10-27T01:30:00Z'), 'Europe/London')).toEqual(sel('2024-10-27', '01:30:00', 'Europe/London', true))
  })

  it('round-trips instants across 2024 in zones with different rules, agreeing with Intl, densely around each change', () => {
    const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata']
    const start = Date.parse('2024-01-01T00:00:00Z')
    const end = Date.parse('2025-01-01T00:00:00Z')
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      })
      const parts = (ms: number) => Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]))
      const check = (ms: number) => {
        const local = instantToLocal(ms, zone)
        const p = parts(ms)
        expect(`${local.date} ${local.time}`).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`)
        const back = localToInstant(local)
        if (!back.ok || back.unixMs !== ms)
          throw new Error(`${zone} ${iso(ms)} → ${local.date} ${local.time} later=${local.later} → ${back.ok ? iso(back.unixMs) : back.error}`)
      }
      // A 97-minute stride visits every hour and many minutes; where the offset changes, sweep every 5 minutes.
      const stride = 97 * 60_000
      for (let ms = start; ms < end; ms += stride) {
        check(ms)
        if (parts(ms).timeZoneName !== parts(ms + stride).timeZoneName) for (let m = ms; m < ms + stride; m += 5 * 60_000) check(m)
      }
    }
  })
})

describe('formatting', () => {
  it('floors to whole seconds, also before 1970', () => {
    expect(unixSeconds(1714590000999)).toBe(1714590000)
    expect(unixSeconds(-1500)).toBe(-2)
  })

  it('shows UTC and the zone reading', () => {
    expect(formatUtc(Date.parse('2024-05-01T19:00:05Z'))).toBe('2024-05-01 19:00:05 UTC')
    expect(formatInZone(Date.parse('2024-05-01T19:00:05Z'), 'America/New_York')).toBe('Wednesday, 1 May 2024 15:00:05 EDT (UTC-04:00)')
  })

  it('names the zone with the English abbreviation people use, or only the offset where there is none', () => {
    const winter = Date.parse('2024-01-15T12:00:00Z')
    const summer = Date.parse('2024-07-15T12:00:00Z')
    expect(offsetLabel(summer, 'Europe/London')).toBe('BST (UTC+01:00)')
    expect(offsetLabel(winter, 'Europe/London')).toBe('GMT (UTC+00:00)')
    expect(offsetLabel(winter, 'America/New_York')).toBe('EST (UTC-05:00)')
    expect(offsetLabel(summer, 'Europe/Berlin')).toBe('CEST (UTC+02:00)')
    expect(offsetLabel(winter, 'Australia/Sydney')).toBe('AEDT (UTC+11:00)')
    expect(offsetLabel(summer, 'Asia/Kolkata')).toBe('IST (UTC+05:30)')
    expect(offsetLabel(summer, 'Asia/Tokyo')).toBe('(UTC+09:00)')
    expect(offsetLabel(summer, 'UTC')).toBe('UTC (UTC+00:00)')
  })
})
