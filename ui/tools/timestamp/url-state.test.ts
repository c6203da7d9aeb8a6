import { describe, expect, it } from 'vitest'
import type { LocalSelection } from './convert'
import { selectionFromQuery, selectionToQuery } from './url-state'

const defaults = (): LocalSelection => ({ date: '2024-01-01', time: '12:00:00', zone: 'Europe/Berlin', later: false })
const read = (query: string) => selectionFromQuery(new URLSearchParams(query), defaults)

describe('selection in the query string', () => {
  it('round-trips a selection, marking only a later occurrence', () => {
    const sel: LocalSelection = { date: '2024-10-27', time: '01:30:00', zone: 'Europe/London', later: true }
    const query = selectionToQuery(sel).toString()
    expect(query).toBe('date=2024-10-27&time=01%3A30%3A00&tz=Europe%2FLondon&occ=later')
    expect(read(query)).toEqual({ selection: sel })
    expect(selectionToQuery({ ...sel, later: false }).has('occ')).toBe(false)
  })

  it('reads a zone written in another case under its listed name', () => {
    expect(read('date=2024-05-01&time=19:00:00&tz=europe/london').selection.zone).toBe('Europe/London')
    expect(read('date=2024-05-01&time=19:00:00&tz=utc').selection.zone).toBe('UTC')
    expect(read('date=2024-05-01&time=19:00:00&tz=asia/calcutta').selection.zone).toBe('Asia/Kolkata')
  })

  it('falls back to the defaults when there is nothing to read', () => {
    expect(read('')).toEqual({ selection: defaults() })
  })

  it('keeps the zone of a link and fills the time from the defaults when only tz is given', () => {
    expect(read('tz=UTC').selection).toEqual({ ...defaults(), zone: 'UTC' })
  })

  it('reads an older spelling of a zone in a link as the zone under its current name', () => {
    expect(read('tz=Asia/Calcutta').selection.zone).toBe('Asia/Kolkata')
  })

  it('accepts HH:mm and stores HH:mm:ss', () => {
    expect(read('date=2024-05-01&time=19:00&tz=UTC').selection.time).toBe('19:00:00')
  })

  it('reads t= (a Unix time or chat code) into the zone of the link, marking a repeated time', () => {
    expect(read('t=1714590000&tz=America/New_York').selection).toEqual({ date: '2024-05-01', time: '15:00:00', zone: 'America/New_York', later: false })
    expect(read(`t=${encodeURIComponent('<t:1729992600:F>')}&tz=Europe/London`).selection).toEqual({
      date: '2024-10-27',
      time: '01:30:00',
      zone: 'Europe/London',
      later: true,
    })
  })

  it("reads t= with a '+' offset typed into the link as is, which the query string turns into a space", () => {
    // '+' in a query string means a space: the link arrives as '2024-05-01T21:00:00 02:00' and was refused
    expect(read('t=2024-05-01T21:00:00+02:00&tz=UTC')).toEqual({ selection: { date: '2024-05-01', time: '19:00:00', zone: 'UTC', later: false } })
    expect(read('t=2024-05-01 21:00+0200&tz=UTC').selection.time).toBe('19:00:00')
    // a date and time written with a space keep it
    expect(read('t=2024-05-01 21:00&tz=UTC').selection.time).toBe('21:00:00')
  })

  it('says what was wrong with a bad link and shows something sensible', () => {
    const unknownZone = read('date=2024-05-01&time=19:00:00&tz=Mars/Olympus')
    expect(unknownZone.selection.zone).toBe('Europe/Berlin')
    expect(unknownZone.problem).toBe("The link names an unknown time zone 'Mars/Olympus'; showing Europe/Berlin instead.")
    expect(read('date=2024-05-01').problem).toBe('The link has an incomplete date or time; showing the current time instead.')
    expect(read('t=soon').problem).toMatch(/^The link's time could not be read: Could not read 'soon'/)
  })
})
