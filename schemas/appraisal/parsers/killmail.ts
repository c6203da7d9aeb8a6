import type { ChainParser, Item, Line } from './chain.js'
import { parseLine } from './listing.js'
import { EFT_HEADER, KILLMAIL_QTY, killmailItem, reading } from './shared.js'

/**
 * Killmail text (the game's "Copy killmail"): a date, `Victim:`/`Corp:` and other `Key: value` header lines, the
 * involved parties, then `Destroyed items:` and `Dropped items:` with `Name, Qty: N (Location)` lines. The lost ship
 * (`Destroyed: …`) counts one. Header and party lines are taken as read; a line that no killmail holds (a tab, a
 * fitting header, or text that is no field outside the item sections) ends it and goes on down the chain.
 */

const KILLMAIL_DATE = /^\d{4}[./-]\d{2}[./-]\d{2} \d{2}:\d{2}(?::\d{2})?$/
/** The first line after a killmail's date: `Victim: …` for a ship, `Corp: …` for a structure or control tower. */
const KILLMAIL_START = /^(?:Victim|Corp): /
/** A line of a killmail's header or involved parties: `Victim: …`, `Damage Taken: …`, `Ship: …`, an empty `Alliance:`. */
const KILLMAIL_FIELD = /^\p{L}[\p{L} ]*:(?: |$)/u

type Section = 'header' | 'involved' | 'items'

function killmailSection(line: string): 'involved' | 'items' | null {
  if (line === 'Involved parties:') return 'involved'
  if (line === 'Destroyed items:' || line === 'Dropped items:') return 'items'
  return null
}

function nextNonEmpty(lines: Line[], from: number): string | undefined {
  for (let j = from + 1; j < lines.length; j++) if (lines[j].text) return lines[j].text
  return undefined
}

/**
 * An item line of a killmail's item sections; when the line names no type as a whole, also its ordinary reading, for
 * a list pasted after the killmail (`Tritanium 100`, `5 x Hobgoblin II`), which no killmail line can end.
 */
function killmailItemOrLine(line: string): Item {
  const item = killmailItem(line)
  if (KILLMAIL_QTY.test(line)) return item
  const plain = parseLine(line)
  if (plain === 'skip' || plain.length !== 1) return item
  const { kind: _kind, alternatives = [], ...main } = plain[0]
  const others = [main, ...alternatives].filter((r) => r.name !== item.name || r.qty !== item.qty)
  return others.length ? { ...item, alternatives: [...(item.alternatives ?? []), ...others] } : item
}

export const killmailParser: ChainParser = {
  name: 'killmail',
  parse(lines, sink) {
    let section: Section | null = null
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]
      if (l.owner !== null || !l.text) continue
      const line = l.text
      if (KILLMAIL_DATE.test(line) && KILLMAIL_START.test(nextNonEmpty(lines, i) ?? '')) {
        section = 'header'
        sink.skip(l)
        continue
      }
      if (section === null) continue
      // A killmail's lines never hold a tab or a fitting header, and its header and involved parties are all
      // `Key: value`: any other line is a second paste after the killmail (one with no items ends at its attackers).
      if (l.raw.includes('\t') || EFT_HEADER.test(line) || (section !== 'items' && !KILLMAIL_FIELD.test(line) && !killmailSection(line))) {
        section = null
        continue
      }
      const next = killmailSection(line)
      if (next) {
        section = next
        sink.skip(l)
      } else if (section === 'items') sink.items(l, [killmailItemOrLine(line)])
      else if (section === 'header' && line.startsWith('Destroyed: ')) sink.items(l, [reading(line.slice('Destroyed: '.length), 1)])
      else sink.skip(l)
    }
  },
}
