const grouped0 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const grouped2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 1234567.8 → "1,234,568" */
export const formatInt = (n: number) => grouped0.format(Math.round(n))
/** 1234.5 → "1,234.50" */
export const formatFixed2 = (n: number) => grouped2.format(n)
/** A number with thousands separators and the given decimals. */
export const formatNumber = (n: number, decimals = 0) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n)
/** ISK with separators: "1,234,567 ISK" */
export const formatIsk = (n: number, decimals = 0) => `${formatNumber(n, decimals)} ISK`
