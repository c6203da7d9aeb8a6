import { MINERAL_NAMES, type MineralName } from '../../../schemas/ore-planner-constants'

export interface PasteResult {
  targets: Partial<Record<MineralName, number>>
  /** Lines that named no mineral or carried no number, or a negative one (1-based line numbers with their text). */
  skipped: Array<{ line: number; text: string }>
}

const MINERAL_PATTERN = new RegExp(`\\b(${MINERAL_NAMES.join('|')})\\b`, 'i')
/**
 * The first number: digits with commas, periods or underscores between them, optionally after an "x" (x1,000).
 * A minus sign right before the digits (-500, not "Tritanium - 500") is captured so the line can be refused.
 */
const NUMBER_PATTERN = /(?:^|[^0-9a-z])(?:([-\u2212])(?=\d)|x?\s*)(\d[\d,._]*)(?:\s?([kmb])(?![a-z]))?/i

const SUFFIXES: Record<string, bigint> = { k: 1_000n, m: 1_000_000n, b: 1_000_000_000n }

/**
 * What a mineral box holds: a whole number of units, its thousands grouped by commas or spaces or not at all
 * (`12500`, `12,500`, `12 500`), or a number with k, m or b (`12.5k` = 12,500, `1.5m` = 1,500,000). Anything else is
 * refused with a sentence, never read as something else: `12.5` is not whole units, `1e12` and `-5` are not amounts.
 */
export function readUnits(text: string, max: number): { ok: true; units: number } | { ok: false; error: string } {
  const t = text.trim()
  if (t === '') return { ok: true, units: 0 }
  if (/^[-\u2212]/.test(t)) return { ok: false, error: 'An amount is 0 or more.' }
  const m = /^(\d{1,3}(?:([, \u00a0])\d{3})(?:\2\d{3})*|\d+)(?:\.(\d+))?\s?([kmb])?$/i.exec(t)
  if (!m) return { ok: false, error: `Could not read “${t.slice(0, 20)}”: type a whole number such as 12,500, 12.5k or 1.5m.` }
  const digits = m[1].replace(/[, \u00a0]/g, '')
  const fraction = m[3] ?? ''
  const scale = m[4] ? SUFFIXES[m[4].toLowerCase()] : 1n
  const scaled = BigInt(digits + fraction) * scale
  const divisor = 10n ** BigInt(fraction.length)
  if (scaled % divisor !== 0n) return { ok: false, error: `${t} is not a whole number of units.` }
  const units = scaled / divisor
  if (units > BigInt(max)) return { ok: false, error: `At most ${max.toLocaleString('en-US')} units in one plan.` }
  return { ok: true, units: Number(units) }
}

/**
 * "1,000,000" / "250.000" / "5_000": separators dropped. A last group of one or two digits after a comma or a period is
 * a decimal part ("1,000,000.50", a spreadsheet's "2500.00"), not more digits: dropped, the need rounded up (half a
 * unit short is short). Groups of three stay thousands whichever the separator.
 */
function readAmount(token: string, suffix?: string): number {
  const trimmed = token.replace(/[,._]+$/, '')
  // 1.5k, 2.25m, 3b: a decimal point with a suffix is a decimal point (rounded up to whole units)
  if (suffix) return Math.ceil(Number(trimmed.replace(/[,_]/g, '')) * Number(SUFFIXES[suffix.toLowerCase()]) - 1e-9)
  const decimal = /^(.*\d)[.,](\d{1,2})$/.exec(trimmed)
  const whole = Number((decimal ? decimal[1] : trimmed).replace(/[,._]/g, ''))
  return decimal && Number(decimal[2]) > 0 ? whole + 1 : whole
}

/**
 * The Paste tab: one mineral per line ("Tritanium 1,000,000", "Pyerite\tx250.000", "Mexallon 5_000", "Isogen 1.5k"). The line's
 * mineral is matched by name, its amount is the first number in the line with separators dropped (a decimal part
 * rounded up), and a mineral named twice is summed.
 */
export function parseMineralPaste(text: string): PasteResult {
  const targets: Partial<Record<MineralName, number>> = {}
  const skipped: PasteResult['skipped'] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (!line) return
    const name = MINERAL_PATTERN.exec(line)?.[1]
    const number = NUMBER_PATTERN.exec(line)
    const amount = number ? readAmount(number[2], number[3]) : null
    // a negative amount is not a need: skipped, not read as its size
    if (!name || amount === null || number?.[1]) {
      skipped.push({ line: i + 1, text: line })
      return
    }
    const mineral = MINERAL_NAMES.find((m) => m.toLowerCase() === name.toLowerCase())!
    targets[mineral] = (targets[mineral] ?? 0) + amount
  })
  return { targets, skipped }
}
