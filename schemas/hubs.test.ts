import { describe, expect, it } from 'vitest'
import { hubFreshness, oldAfterMinutes } from './hubs.js'

describe('hubFreshness (the one rule of the pipeline card and the price rows)', () => {
  it('is FRESH up to 28 minutes, AGING up to 35, OLD beyond, at the default 30-minute cadence; NONE without prices', () => {
    expect(hubFreshness(28 * 60, 30)).toBe('FRESH')
    expect(hubFreshness(28 * 60 + 1, 30)).toBe('AGING')
    expect(hubFreshness(35 * 60, 30)).toBe('AGING')
    expect(hubFreshness(35 * 60 + 1, 30)).toBe('OLD')
    expect(hubFreshness(null, 30)).toBe('NONE')
    expect(oldAfterMinutes(30)).toBe(35)
  })

  it('follows the cadence: an hourly cadence is OLD after 65 minutes; a 1-minute cadence is FRESH for half a minute', () => {
    expect(hubFreshness(58 * 60, 60)).toBe('FRESH')
    expect(hubFreshness(65 * 60 + 1, 60)).toBe('OLD')
    expect(hubFreshness(30, 1)).toBe('FRESH')
    expect(hubFreshness(31, 1)).toBe('AGING')
  })
})
