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
 * The Paste tab: one mineral per line ("Tritanium 1,000,000", "Pyerite\tx250.000", "Mexallon 5_000"). The line's
 * mineral is matched by name, its amount is the first number in the line with separators dropped, and a mineral
 * named twice is summed.
 */
export function parseMineralPaste(text: string): PasteResult {
  const targets: Partial<Record<MineralName, number>> = {}
  const skipped: PasteResult['skipped'] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (!line) return
    const name = MINERAL_PATTERN.exec(line)?.[1]
    const number = NUMBER_PATTERN.exec(line)
    const digits = number?.[2].replace(/[,._]/g, '')
    // a negative amount is not a need: skipped, not read as its size
    if (!name || !digits || number?.[1]) {
      skipped.push({ line: i + 1, text: line })
      return
    }
    const mineral = MINERAL_NAMES.find((m) => m.toLowerCase() === name.toLowerCase())!
    targets[mineral] = (targets[mineral] ?? 0) + Number(digits)
  })
  return { targets, skipped }
}
