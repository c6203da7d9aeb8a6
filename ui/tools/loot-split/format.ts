import { formatInt } from '../../../schemas/format'

/**
 * A site value the way the participation grid shows it (spec section 9): from 1e3 up K, from 1e6 M, from 1e9 B,
 * with no decimals when the scaled number is whole and one otherwise; a dash when the value is unknown (0).
 */
export function abbreviateIsk(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '—'
  const units: Array<[number, string]> = [
    [1, ''],
    [1e3, 'K'],
    [1e6, 'M'],
    [1e9, 'B'],
  ]
  let unit = 0
  while (unit < units.length - 1 && value >= units[unit + 1][0]) unit++
  // whole numbers below 1K, one decimal above when not whole
  const text = (u: number) => {
    const scaled = value / units[u][0]
    return u === 0 ? String(Math.round(scaled)) : Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1)
  }
  // 999,960,000 rounds to 1000.0 in millions: that is the next unit's 1.0
  if (unit < units.length - 1 && Number(text(unit)) >= 1000) unit++
  return `${text(unit)}${units[unit][1]}`
}

/** The blue loot total: billions to one decimal, e.g. "1.8B ISK". */
export const billions1 = (isk: number) => `${(isk / 1e9).toFixed(1)}B ISK`
/** The participation total: millions without decimals, with separators, e.g. "2,204M ISK". */
export const millions0 = (isk: number) => `${formatInt(isk / 1e6)}M ISK`
/** Shares as typed or earned, without trailing zeros: 3, 2.5, 6.75, 2.1. */
export const formatShares = (shares: number) => String(Math.round(shares * 10_000) / 10_000)
