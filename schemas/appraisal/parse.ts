import { MAX_STACK } from './numbers.js'
import type { ChainParser, Item, Line } from './parsers/chain.js'
import { fittingParser } from './parsers/fitting.js'
import { headerTableParser } from './parsers/header-table.js'
import { industryBlueprintsParser } from './parsers/industry-blueprints.js'
import { killmailParser } from './parsers/killmail.js'
import { listingParser } from './parsers/listing.js'
import { materialInformationParser } from './parsers/material-information.js'

/**
 * Turns whatever a player copies out of the game into item lines. Pure and dependency-free: the appraisal page
 * (badge count) and the server (`POST /api/appraise`, saved snapshots) run the same code.
 *
 * A chain of parsers, one per game window, in order of preference (`PARSERS`); each takes the lines it understands
 * and hands the rest on (docs/tools/appraisals.md lists the windows with examples). What none takes is reported as
 * unread, with its line number, never turned into an item.
 */

/** One reading of a line: a name or a type id, and the quantity that goes with it. */
export interface Reading {
  name: string
  typeId?: number
  qty: number
}

export interface ParsedItem extends Reading {
  /** 0-based line of the paste. */
  line: number
  /** Further readings to try, in order, when the main one names no type (a renamed ship, a ledger's other columns). */
  alternatives?: Reading[]
  /** A blueprint copy: it has no market, so it is never priced like the original. */
  blueprintCopy?: boolean
  /** Runs left on a blueprint copy, when the window shows them. */
  runs?: number
  /**
   * The line is a name alone, with no quantity or column around it: when it names no known type it is a line of
   * text (a title, a remark), which is listed as unread rather than made an Invalid row.
   */
  bare?: boolean
}

/** A line no parser read, or one refused; `reason` says why when it is not simply unknown to every parser. */
export interface UnreadLine {
  /** 0-based line of the paste. */
  line: number
  text: string
  reason?: string
}

export interface ParseResult {
  items: ParsedItem[]
  /** Non-empty lines understood to carry no item (section titles, empty slots, killmail headers, column headers). */
  skippedLines: number
  /** Non-empty lines no parser read, and lines refused (a quantity no stack can hold). */
  unparsed: UnreadLine[]
  /** Lines of the paste (a trailing newline starts none). */
  lineCount: number
}

/** The chain, in order of preference: windows with a shape of their own first, the line-by-line forms last. */
export const PARSERS: readonly ChainParser[] = [
  industryBlueprintsParser,
  materialInformationParser,
  killmailParser,
  fittingParser,
  headerTableParser,
  listingParser,
]

/** Zero-width characters, and dashes other than '-', in any Unicode form. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g
/** Spaces other than U+0020 and tab (NFKC already folds most of them). */
const ODD_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g

/** Swiss and some other locales group digits with a typographic apostrophe: `1’000`. */
const DIGIT_GROUP_QUOTE = /(?<=\d)[\u2018\u2019](?=\d{3}(?!\d))/g

/** Normalise the whole paste once: compatibility forms (m³ → m3, full-width digits), no-break spaces, dashes. */
export function normalisePaste(text: string): string {
  return text.normalize('NFKC').replace(ZERO_WIDTH, '').replace(ODD_SPACES, ' ').replace(DASHES, '-').replace(DIGIT_GROUP_QUOTE, "'")
}

export const tooLargeQuantity = (text: string) =>
  `The quantity on this line is more than ${MAX_STACK.toLocaleString('en-US')}, the most one stack can hold in the game: the line was left out (${text.slice(0, 80)}).`

export const parseAppraisalText = (text: string): ParseResult => runChain(text, PARSERS)

/** The paste through the given parsers (the whole chain, or one parser alone in its own tests). */
export function runChain(text: string, parsers: readonly ChainParser[]): ParseResult {
  const rawLines = normalisePaste(text).split(/\r\n|\r|\n/)
  if (rawLines.length > 1 && rawLines[rawLines.length - 1] === '') rawLines.pop()
  const lines: Line[] = rawLines.map((raw, no) => ({ no, raw, text: raw.trim(), owner: null }))
  const perLine: Item[][] = []
  let skippedLines = 0
  for (const parser of parsers) {
    parser.parse(lines, {
      items(line, items) {
        line.owner = parser.name
        perLine[line.no] = items
      },
      skip(line) {
        line.owner = parser.name
        skippedLines++
      },
    })
  }
  const items: ParsedItem[] = []
  const unparsed: UnreadLine[] = []
  for (const line of lines) {
    if (!line.text) continue
    if (line.owner === null) {
      unparsed.push({ line: line.no, text: line.text })
      continue
    }
    const read = perLine[line.no]
    if (!read) continue
    if (read.some((item) => item.qty > MAX_STACK)) {
      unparsed.push({ line: line.no, text: line.text, reason: tooLargeQuantity(line.text) })
      continue
    }
    for (const item of read) items.push({ line: line.no, ...item })
  }
  return { items, skippedLines, unparsed, lineCount: text === '' ? 0 : lines.length }
}
