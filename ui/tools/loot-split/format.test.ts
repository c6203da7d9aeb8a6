import { describe, expect, it } from 'vitest'
import { abbreviateIsk, billions1, formatShares, millions0 } from './format'

describe('loot splitter formats', () => {
  it('abbreviates site values with K, M or B: no decimals when whole, else one; a dash when unknown', () => {
    expect(abbreviateIsk(253_400_000)).toBe('253.4M')
    expect(abbreviateIsk(300_000_000)).toBe('300M')
    expect(abbreviateIsk(1_250_000_000)).toBe('1.3B')
    expect(abbreviateIsk(2_000_000_000)).toBe('2B')
    expect(abbreviateIsk(12_500)).toBe('12.5K')
    expect(abbreviateIsk(1_000)).toBe('1K')
    expect(abbreviateIsk(999)).toBe('999')
    // rounding up to a thousand of one unit is one of the next
    expect(abbreviateIsk(999_960_000)).toBe('1.0B')
    expect(abbreviateIsk(999_960)).toBe('1.0M')
    expect(abbreviateIsk(999.6)).toBe('1.0K')
    expect(abbreviateIsk(999_940_000)).toBe('999.9M')
    expect(abbreviateIsk(0)).toBe('—')
    expect(abbreviateIsk(Number.NaN)).toBe('—')
  })

  it('shows totals in billions to one decimal and millions with separators', () => {
    expect(billions1(1_835_800_000)).toBe('1.8B ISK')
    expect(billions1(363_200_000)).toBe('0.4B ISK')
    expect(millions0(2_204_400_000)).toBe('2,204M ISK')
    expect(millions0(33_600_000)).toBe('34M ISK')
  })

  it('prints shares without float noise', () => {
    expect(formatShares(2.6000000000000005)).toBe('2.6')
    expect(formatShares(6.75)).toBe('6.75')
    expect(formatShares(3)).toBe('3')
  })
})
