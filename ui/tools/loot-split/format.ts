import { formatInt } from '../../lib/format'

/**
 * A site value the way the participation grid shows it (spec section 9): from 1e3 up K, from 1e6 M, from 1e9 B,
 * with no decimals when the scaled number is whole and one otherwise; a dash when the value is unknown (0).
 */
export function abbreviateIsk(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '—'
  const units: Array<[number, string]> = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ]
  for (const [scale, suffix] of units) {
    if (value >= scale) {
      const scaled = value / scale
      return `${Number.isInteger(scaled) ? scaled : scaled.toFixed(1)}${suffix}`
    }
  }
  return String(Math.round(value))
}

/** The blue loot total: billions to one decimal, e.g. "1.8B ISK". */
export const billions1 = (isk: number) => `${(isk / 1e9).toFixed(1)}B ISK`
/** The participation total: millions without decimals, with separators, e.g. "2,204M ISK". */
export const millions0 = (isk: number) => `${formatInt(isk / 1e6)}M ISK`
/** Shares as typed or earned, without trailing zeros: 3, 2.5, 6.75, 2.1. */
export const formatShares = (shares: number) => String(Math.round(shares * 10_000) / 10_000)
