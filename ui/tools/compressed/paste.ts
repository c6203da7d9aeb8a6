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
const NUMBER_PATTERN = /(?:^|[^0-9a-z])(?:([-\u2212])(?=\d)|x?\s*)(\d[\d,._]*)/i

/**
 * "1,000,000" / "250.000" / "5_000": separators dropped. A last group of one or two digits after a comma or a period is
 * a decimal part ("1,000,000.50", a spreadsheet's "2500.00"), not more digits: dropped, the need rounded up (half a
 * unit short is short). Groups of three stay thousands whichever the separator.
 */
function readAmount(token: string): number {
  const trimmed = token.replace(/[,._]+$/, '')
  const decimal = /^(.*\d)[.,](\d{1,2})$/.exec(trimmed)
  const whole = Number((decimal ? decimal[1] : trimmed).replace(/[,._]/g, ''))
  return decimal && Number(decimal[2]) > 0 ? whole + 1 : whole
}

/**
 * The Paste tab: one mineral per line ("Tritanium 1,000,000", "Pyerite\tx250.000", "Mexallon 5_000"). The line's
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
    const amount = number ? readAmount(number[2]) : null
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
