import { parseAmount } from './numbers.js'

/**
 * What one column of a copied game table holds. ISK amounts, volumes, distances, dates and percentages are never
 * quantities; `text` cells are candidates for the item name.
 */
export type CellKind = 'empty' | 'number' | 'isk' | 'volume' | 'distance' | 'date' | 'percent' | 'text'

export interface Cell {
  text: string
  kind: CellKind
  /** The value of a `number` cell. */
  value?: number
}

const NUMBERISH = String.raw`[-+]?\d[\d.,' ]*`
const ISK = new RegExp(String.raw`^(?:${NUMBERISH}\s*)?ISK$`, 'i')
const VOLUME = new RegExp(String.raw`^${NUMBERISH}\s*m3$`, 'i')
const DISTANCE = new RegExp(String.raw`^(?:${NUMBERISH}\s*(?:m|km|AU)|-)$`)
const PERCENT = new RegExp(String.raw`^${NUMBERISH}\s*%$`)
/** `2017.10.11`, `2014.01.04 16:08`, `2026-03-25T12:00:00`, or a bare time of day `03:21:19`. */
const DATE = /^(?:\d{4}[./-]\d{2}[./-]\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?|\d{2}:\d{2}(?::\d{2})?)$/

export function classifyCell(raw: string): Cell {
  const text = raw.trim()
  if (!text) return { text, kind: 'empty' }
  const value = parseAmount(text)
  if (value !== null) return { text, kind: 'number', value }
  if (ISK.test(text)) return { text, kind: 'isk' }
  if (VOLUME.test(text)) return { text, kind: 'volume' }
  if (DISTANCE.test(text)) return { text, kind: 'distance' }
  if (PERCENT.test(text)) return { text, kind: 'percent' }
  if (DATE.test(text)) return { text, kind: 'date' }
  return { text, kind: 'text' }
}

/** Columns are tabs, or runs of two or more spaces (tables retyped or pasted through chat). */
export function splitColumns(line: string): string[] | null {
  if (line.includes('\t')) return line.split('\t')
  const trimmed = line.trim()
  if (/\S {2,}\S/.test(trimmed)) return trimmed.split(/ {2,}/)
  return null
}

/** A cell that can never be the quantity of the item beside it. */
export const isIgnoredValue = (c: Cell) => c.kind === 'isk' || c.kind === 'volume' || c.kind === 'distance' || c.kind === 'percent'

/**
 * Trailing ISK amounts and volumes on a one-line item (`Tritanium 100 500.00 ISK`). Space-grouped amounts are not
 * recognised here: `100 520.00 ISK` would be ambiguous (tables, where this matters, come with tabs).
 */
const TRAILING_VALUE = /\s+[-+]?\d[\d.,']*\s*(?:ISK|m3)$/i
const TRAILING_UNIT = /\s+(?:ISK|m3)$/i

export function stripTrailingValues(line: string): string {
  let out = line
  for (;;) {
    let next = out.replace(TRAILING_VALUE, '')
    if (next === out) next = out.replace(TRAILING_UNIT, '')
    if (next === out) return out
    out = next
  }
}
