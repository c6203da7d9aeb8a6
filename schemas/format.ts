// signDisplay 'negative': an amount that rounds to zero reads "0", never "-0".
const grouped0 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, signDisplay: 'negative' })
const grouped2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' })

/** 1234567.8 → "1,234,568" */
export const formatInt = (n: number) => grouped0.format(Math.round(n))
/** 1234.5 → "1,234.50" */
export const formatFixed2 = (n: number) => grouped2.format(n)
// Formatters by decimals, made once: a new Intl.NumberFormat per call cost a table of thousands of cells dearly.
const byDecimals = new Map<number, Intl.NumberFormat>()
/** A number with thousands separators and the given decimals. */
export const formatNumber = (n: number, decimals = 0) => {
  let format = byDecimals.get(decimals)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'negative' })
    byDecimals.set(decimals, format)
  }
  return format.format(n)
}
const asTyped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })
/** A percentage as the user typed it, to at most 4 decimals: 10 → "10", 7.25 → "7.25". */
export const formatPercentAsTyped = (n: number) => asTyped.format(n)
/** ISK with separators: "1,234,567 ISK" */
export const formatIsk = (n: number, decimals = 0) => `${formatNumber(n, decimals)} ISK`
/** ISK, or "n/a" for an amount that cannot be computed (a price it needs is missing): never a made-up 0. */
export const iskOrNa = (n: number | null, decimals = 0) => (n === null ? 'n/a' : formatIsk(n, decimals))

/**
 * Compact ISK, the spec's money format: at or above 1e3, 1e6, 1e9, 1e12 (absolute) two decimals and k, m, b, t;
 * below 1000 no decimals. 1234567 → "1.23m", -2500 → "-2.50k", 999 → "999".
 */
export function formatIskCompact(n: number): string {
  const abs = Math.abs(n)
  for (const [size, suffix] of [
    [1e12, 't'],
    [1e9, 'b'],
    [1e6, 'm'],
    [1e3, 'k'],
  ] as const) {
    if (abs >= size) return `${(n / size).toFixed(2)}${suffix}`
  }
  // A small negative amount rounds to 0, not "-0".
  return (Math.round(n) || 0).toFixed(0)
}
