/**
 * Numbers as the game's windows print them, in any client language: thousands grouped by `,` `.` `'` or a
 * (no-break, narrow or thin) space, decimals after `.` or `,`. No zod here: the appraisal page imports this.
 */

const GROUP_SPACES = /[ '\u00a0\u202f\u2009\u2019]/
/** Digits grouped by spaces or apostrophes: `1 000`, `9'584'701`, `3\u00a0225`. */
const SPACE_GROUPED = /^\d{1,3}(?:[ '\u00a0\u202f\u2009\u2019]\d{3})+(?:[.,]\d+)?$/
const PLAIN = /^\d+(?:[.,]\d+)*$/

/**
 * The value of a number cell, or null when the text is not a number. A single `.` or `,` followed by exactly
 * three digits (and a short leading part) is a thousands separator (`1,000`, `1.000`); otherwise it is the
 * decimal mark (`305.0`, `3.05`). When both marks appear, the last one is the decimal mark (`1.234,50`).
 */
export function parseAmount(raw: string): number | null {
  let text = raw.trim()
  if (text.startsWith('+')) text = text.slice(1)
  let negative = false
  if (text.startsWith('-')) {
    negative = true
    text = text.slice(1)
  }
  if (!text) return null
  if (GROUP_SPACES.test(text)) {
    if (!SPACE_GROUPED.test(text)) return null
    text = text.replace(/[ '\u00a0\u202f\u2009\u2019]/g, '')
  }
  if (!PLAIN.test(text)) return null
  const dots = count(text, '.')
  const commas = count(text, ',')
  let normalised: string
  if (dots && commas) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ','
    const group = decimal === '.' ? ',' : '.'
    const [whole, fraction] = [text.slice(0, text.lastIndexOf(decimal)), text.slice(text.lastIndexOf(decimal) + 1)]
    if (whole.includes(decimal) || !validGroups(whole, group)) return null
    normalised = `${whole.split(group).join('')}.${fraction}`
  } else if (dots + commas > 1) {
    const mark = dots ? '.' : ','
    if (!validGroups(text, mark)) return null
    normalised = text.split(mark).join('')
  } else if (dots + commas === 1) {
    const mark = dots ? '.' : ','
    const [whole, fraction] = text.split(mark)
    const thousands = fraction.length === 3 && whole.length <= 3 && whole !== '0'
    normalised = thousands ? whole + fraction : `${whole}.${fraction}`
  } else {
    normalised = text
  }
  const value = Number(normalised)
  if (!Number.isFinite(value)) return null
  return negative ? -value : value
}

function count(text: string, ch: string): number {
  let n = 0
  for (const c of text) if (c === ch) n++
  return n
}

/** `1,234,567`: a first group of 1-3 digits, then groups of exactly three. */
function validGroups(text: string, mark: string): boolean {
  const groups = text.split(mark)
  return groups[0].length >= 1 && groups[0].length <= 3 && groups.slice(1).every((g) => g.length === 3)
}

/**
 * A quantity as the appraisal counts it: whole units, and 1 when the text is missing, not a number or not
 * positive (the game leaves the quantity of an assembled ship or a single module blank). Above MAX_STACK the
 * parser refuses the line.
 */
export function toQuantity(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 1
  const whole = Math.trunc(value)
  if (whole < 1) return 1
  return whole
}

/**
 * The most units one stack can hold: the game keeps quantities as signed 32-bit integers (2^31 - 1). A larger
 * quantity cannot come from the game, so the line is refused with a message rather than capped.
 */
export const MAX_STACK = 2_147_483_647
