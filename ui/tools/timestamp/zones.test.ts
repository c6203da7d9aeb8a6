import { describe, expect, it } from 'vitest'
import { canonicalZoneName, currentZoneName, listZones, MAX_ZONE_MATCHES, searchZones } from './zones'

const zones = listZones()

describe('time zone list', () => {
  it('holds every zone the runtime knows plus UTC, UTC first', () => {
    expect(zones[0]).toBe('UTC')
    expect(zones.length).toBe(
      new Set(Intl.supportedValuesOf('timeZone').map(currentZoneName)).size + (Intl.supportedValuesOf('timeZone').includes('UTC') ? 0 : 1),
    )
    expect(zones).toContain('Europe/London')
    expect(new Set(zones).size).toBe(zones.length)
  })
})

describe('current zone names', () => {
  it('names a zone as IANA does today, and leaves other names alone', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv')
    expect(currentZoneName('Europe/London')).toBe('Europe/London')
  })
})

describe('time zone search', () => {
  it('caps the list at 20 and reports how many matched', () => {
    const r = searchZones('america', zones)
    expect(r.matches).toHaveLength(MAX_ZONE_MATCHES)
    expect(r.total).toBeGreaterThan(100)
    expect(r.matches.every((z) => z.toLowerCase().includes('america'))).toBe(true)
  })

  it('matches case-insensitively with spaces standing for underscores, places starting with the query first', () => {
    expect(searchZones('NEW YORK', zones).matches[0]).toBe('America/New_York')
    expect(searchZones('lond', zones).matches[0]).toBe('Europe/London')
    // 'lon' starts Longyearbyen and London and sits inside Miquelon and Blanc-Sablon: the starts come first.
    const lon = searchZones('lon', zones).matches
    const startsWith = (z: string) =>
      z
        .slice(z.lastIndexOf('/') + 1)
        .toLowerCase()
        .startsWith('lon')
    expect(lon.slice(0, 2)).toEqual(['Arctic/Longyearbyen', 'Europe/London'])
    expect(lon.findIndex((z) => !startsWith(z))).toBe(lon.filter(startsWith).length)
    expect(searchZones('utc', zones).matches[0]).toBe('UTC')
  })

  it('finds nothing for nonsense and everything (capped) for an empty query', () => {
    expect(searchZones('zzzz', zones)).toEqual({ matches: [], total: 0 })
    expect(searchZones('', zones).matches).toHaveLength(MAX_ZONE_MATCHES)
  })

  it('finds zones by their current names, which the runtime lists under older spellings (Calcutta, Kiev, Saigon)', () => {
    expect(searchZones('kolkata', zones).matches).toEqual(['Asia/Kolkata'])
    expect(searchZones('kyiv', zones).matches).toEqual(['Europe/Kyiv'])
    expect(searchZones('ho chi minh', zones).matches).toEqual(['Asia/Ho_Chi_Minh'])
    expect(searchZones('yangon', zones).matches).toEqual(['Asia/Yangon'])
    expect(searchZones('kathmandu', zones).matches).toEqual(['Asia/Kathmandu'])
    // listed once, under the current name only
    expect(zones).not.toContain('Asia/Calcutta')
    expect(searchZones('calcutta', zones).matches).toEqual([])
  })

  it('finds UTC by the names EVE pilots give it: GMT, EVE time, Zulu', () => {
    // 'gmt' and 'eve' found no zone at all, although the page itself calls UTC 'EVE time'
    for (const q of ['gmt', 'GMT', 'eve', 'EVE time', 'zulu']) expect(searchZones(q, zones).matches[0], q).toBe('UTC')
    expect(searchZones('eve', zones).total).toBe(1)
    // other zones are still found by their own names only
    expect(searchZones('london', zones).matches).toEqual(['Europe/London'])
  })

  it('offers any other valid IANA name when typed in full', () => {
    expect(searchZones('US/Eastern', zones).matches[0]).toBe(canonicalZoneName('US/Eastern'))
  })

  it('offers the zone a legacy short name stands for (CET, EST, Japan) first, in any case', () => {
    // 'EST' found only zones with 'est' inside their names (America/Creston, Europe/Budapest), 'CET' nothing at all
    for (const q of ['CET', 'cet', 'EST', 'Japan']) {
      const zone = canonicalZoneName(q)
      expect(zone, q).toMatch(/\//)
      expect(searchZones(q, zones).matches[0], q).toBe(zone)
    }
    expect(searchZones('EST', zones).matches).toContain('America/Creston')
  })

  it('offers a full name typed in another case once, under the name the list uses', () => {
    // 'europe/london' used to be offered as itself above Europe/London, and choosing it showed 'In europe/london'
    expect(searchZones('europe/london', zones)).toEqual({ matches: ['Europe/London'], total: 1 })
    expect(searchZones('asia/calcutta', zones)).toEqual({ matches: ['Asia/Kolkata'], total: 1 })
    expect(searchZones('Asia/Calcutta', zones).matches).toEqual(['Asia/Kolkata'])
  })
})
