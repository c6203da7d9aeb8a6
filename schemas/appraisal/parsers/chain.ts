import type { ParsedItem } from '../parse.js'

/**
 * The parser chain's shared shapes. Each module under `parsers/` reads one game window (or one family of line forms):
 * it walks the paste's lines in order, takes the lines it understands (an item, or a line it knows carries none, such
 * as a section title or a header row) and leaves the rest to the parsers after it. `parse.ts` runs them in order of
 * preference (the shape of go-evepraisal's parser chain) and lists what no parser took as unread.
 */

/** One line of the paste. `owner` is the parser that took it (null while no parser has). */
export interface Line {
  /** 0-based line number in the paste. */
  no: number
  /** The line as pasted (after `normalisePaste`), tabs kept. */
  raw: string
  /** Trimmed. */
  text: string
  owner: string | null
}

export type Item = Omit<ParsedItem, 'line'>
/** Items read from one line, or 'skip' for a line understood to carry none. */
export type LineResult = Item[] | 'skip'

/** What a parser reports for the lines it takes. */
export interface Sink {
  /** Items read from the line (the line is taken). */
  items(line: Line, items: Item[]): void
  /** The line is understood and carries no item: a title, a header row, an empty slot (the line is taken). */
  skip(line: Line): void
}

export interface ChainParser {
  /** The window or form it reads, as `owner` of the lines it takes. */
  name: string
  parse(lines: Line[], sink: Sink): void
}

/** Lines no parser has taken yet, blank ones left out. */
export const open = (lines: Line[]) => lines.filter((l) => l.owner === null && l.text !== '')
