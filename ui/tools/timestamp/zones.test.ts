import { describe, expect, it } from 'vitest'
import { listZones, MAX_ZONE_MATCHES, searchZones } from './zones'

const zones = listZones()

describe('time zone list', () => {
  it('holds every zone the runtime knows plus UTC, UTC first', () => {
    expect(zones[0]).toBe('UTC')
    expect(zones.length).toBe(Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC').length + 1)
    expect(zones).toContain('Europe/London')
    expect(new Set(zones).size).toBe(zones.length)
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
    const startsWith = (z: string) => z.slice(z.lastIndexOf('/') + 1).toLowerCase().startsWith('lon')
    expect(lon.slice(0, 2)).toEqual(['Arctic/Longyearbyen', 'Europe/London'])
    expect(lon.findIndex((z) => !startsWith(z))).toBe(lon.filter(startsWith).length)
    expect(searchZones('utc', zones).matches[0]).toBe('UTC')
  })

  it('finds nothing for nonsense and everything (capped) for an empty query', () => {
    expect(searchZones('zzzz', zones)).toEqual({ matches: [], total: 0 })
    expect(searchZones('', zones).matches).toHaveLength(MAX_ZONE_MATCHES)
  })

  it('offers a valid IANA name typed in full even when the runtime lists it under an older spelling', () => {
    const r = searchZones('Asia/Kolkata', zones)
    expect(r.matches[0]).toBe('Asia/Kolkata')
  })
})
