import { parseAmount, toQuantity } from '../numbers.js'
import type { Item } from './chain.js'

/** Pieces more than one parser of the chain uses: quantity tokens, name cleaning, CSV cells. */

/** A quantity token: digits with `,` `.` `'` or space grouping, and a decimal mark after space groups (`1 234,50`). */
export const QTY = String.raw`\d[\d.,']*(?: \d{3})*(?:[.,]\d+)?`
export const X = String.raw`[x×*]`

export const quantity = (text: string) => toQuantity(parseAmount(text))

/** A reading with the name cleaned; blueprint markers and a renamed ship's type become flags and alternatives. */
export function reading(rawName: string, qty: number): Item {
  const { name, blueprintCopy } = cleanName(rawName)
  const item: Item = { name, qty }
  if (blueprintCopy) item.blueprintCopy = true
  // "Doc Harrel's Minmatar Shuttle": a ship its pilot renamed is still a Minmatar Shuttle.
  const possessive = /^.+?'s (.+)$/.exec(name)
  if (possessive) item.alternatives = [{ name: possessive[1], qty }]
  return item
}

export function cleanName(raw: string): { name: string; blueprintCopy: boolean } {
  let name = raw
    .trim()
    // A list's bullet or number, and a chat quote's '>' (no type name starts with either).
    .replace(/^(?:[-*•]|\d+[.)])\s+|^>+\s*/, '')
    // A name in double quotes (no type name starts with one; some start with a single quote, as 'Basic' Gyrostabilizer).
    .replace(/^"(.+)"$/, '$1')
    .replace(/\s*\/\s*offline$/i, '')
    .replace(/\*+$/, '')
    .trim()
  let blueprintCopy = false
  const marker = /\s*\((copy|original|bpc|bpo)\)$/i.exec(name)
  if (marker) {
    blueprintCopy = /copy|bpc/i.test(marker[1])
    name = name.slice(0, marker.index).trim()
  }
  return { name, blueprintCopy }
}

/** Comma-separated cells, where a quoted cell may hold commas: a spreadsheet writes a formatted `1,000` as `"1,000"`. */
export function csvCells(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let k = 0; k < line.length; k++) {
    const ch = line[k]
    if (ch === '"' && quoted && line[k + 1] === '"') {
      cell += '"'
      k++
    } else if (ch === '"') quoted = !quoted
    else if (ch === ',' && !quoted) {
      cells.push(cell)
      cell = ''
    } else cell += ch
  }
  cells.push(cell)
  return cells
}

/** Every type name holds a letter or a digit: a line of symbols alone ('----', '???', '→') is a divider or noise. */
export const hasWord = (line: string) => /[\p{L}\p{N}]/u.test(line)

/** `[Rifter, Fleet Tackle]`: an EFT fit's first line (a killmail or a table ends where one starts). */
export const EFT_HEADER = /^\[([^[\],]+),(.*)\]$/

const KILLMAIL_ITEM = /^(.+?)(?:, Qty: ([\d.,' ]+))?(?: \(([^()]+)\))?$/
/** A killmail's item line pasted on its own, without the killmail around it. */
export const KILLMAIL_QTY = /^[^\t]+?, Qty: [\d.,' ]+(?: \([^()]+\))?$/

/** `Warrior II, Qty: 5 (Drone Bay)`: where it was is dropped; a name with its own brackets is tried whole too. */
export function killmailItem(line: string): Item {
  const m = KILLMAIL_ITEM.exec(line)!
  const qty = toQuantity(m[2] ? parseAmount(m[2]) : 1)
  const item = reading(m[1], qty)
  if (m[3]) {
    if (/^copy$/i.test(m[3])) return { ...item, blueprintCopy: true }
    item.alternatives = [...(item.alternatives ?? []), { name: cleanName(`${m[1]} (${m[3]})`).name, qty }]
  }
  return item
}
