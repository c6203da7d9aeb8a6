import { parseAmount } from '../../../schemas/appraisal/numbers'

/**
 * A mass as people paste or type it: "200,000,000 kg", "200 000 000", "200.000.000 kg", "13.500.000,5", read by the
 * appraisal's parser of numbers as the game prints them in any client language (underscores group too). A lone comma
 * that is no thousands separator ("200,5": 200.5 or 2,005?) is refused rather than guessed. null when it is not a
 * positive mass.
 */
export function parseMassKg(raw: string): number | null {
  const text = raw
    .trim()
    .replace(/\s*kg$/i, '')
    .replace(/_/g, ' ')
  if (/^\d+,\d+$/.test(text) && !/^\d{1,3},\d{3}$/.test(text)) return null
  const n = parseAmount(text)
  return n !== null && n > 0 ? n : null
}
