/** Digits, optionally with a decimal point: "13500000", "1500000.25". */
const PLAIN = /^(\d+)(?:\.(\d+))?$/
/** Thousands grouped with commas, decimal point: "200,000,000", "1,500,000.25". */
const COMMA_GROUPS = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/
/** Thousands grouped with spaces (as French and many other languages do), apostrophes or underscores; either decimal mark. */
const SPACE_GROUPS = /^(\d{1,3}(?:([ \u00a0\u202f'_])\d{3})(?:\2\d{3})*)(?:[.,](\d+))?$/
/** Thousands grouped with dots, decimal comma (as German and many other languages do): "200.000.000", "13.500.000,5". */
const DOT_GROUPS = /^(\d{1,3}(?:\.\d{3}){2,})(?:,(\d+))?$|^(\d{1,3}\.\d{3}),(\d+)$/

/**
 * A mass as people paste or type it: "200,000,000 kg", "200 000 000", "200.000.000 kg", "200000000".
 * A separator counts only where it splits thousands, so a mass it could misread ("200,5": 200.5 or 2,005?) is
 * refused rather than guessed. null when it is not a positive mass.
 */
export function parseMassKg(raw: string): number | null {
  const text = raw.trim().toLowerCase().replace(/\s*kg$/, '')
  let whole: string
  let fraction: string | undefined
  let m: RegExpExecArray | null
  if ((m = PLAIN.exec(text)) || (m = COMMA_GROUPS.exec(text))) [whole, fraction] = [m[1], m[2]]
  else if ((m = SPACE_GROUPS.exec(text))) [whole, fraction] = [m[1], m[3]]
  else if ((m = DOT_GROUPS.exec(text))) [whole, fraction] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]]
  else return null
  const n = Number(`${whole.replace(/\D/g, '')}${fraction === undefined ? '' : `.${fraction}`}`)
  return n > 0 && Number.isFinite(n) ? n : null
}
