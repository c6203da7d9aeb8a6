import { classifyCell, splitColumns } from '../cells.js'
import { toQuantity } from '../numbers.js'
import type { ChainParser, Line } from './chain.js'
import { reading } from './shared.js'

/**
 * The industry window's "Copy Material Information": section titles (a line of its own before a table), a header row
 * (`Item <tab> Required <tab> Available <tab> Est. Unit price <tab> typeID`, columns named, in any order), then one
 * row per material. The quantity is the Required column; a typeID column, when there, names the type exactly. The
 * titles and the header rows carry no item.
 */

interface Columns {
  item: number
  required: number
  typeId: number
}

function materialHeader(raw: string): Columns | null {
  if (!/required/i.test(raw)) return null
  const cells = (splitColumns(raw) ?? []).map((c) => c.trim().toLowerCase())
  const item = cells.findIndex((c) => c === 'item' || c === 'material' || c === 'name')
  const required = cells.findIndex((c) => c === 'required' || c === 'required quantity')
  if (item < 0 || required < 0) return null
  return { item, required, typeId: cells.findIndex((c) => c === 'typeid' || c === 'type id') }
}

/** The next line with text after `from`, or undefined. */
function nextText(lines: Line[], from: number): Line | undefined {
  for (let j = from + 1; j < lines.length; j++) if (lines[j].text) return lines[j]
  return undefined
}

export const materialInformationParser: ChainParser = {
  name: 'material-information',
  parse(lines, sink) {
    let columns: Columns | null = null
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]
      if (l.owner !== null) continue
      if (!l.text) {
        columns = null
        continue
      }
      const header = materialHeader(l.raw)
      if (header) {
        columns = header
        sink.skip(l)
        continue
      }
      // Most pastes hold no material table: outside one, only a title right before a header row is looked at.
      const cells = columns ? splitColumns(l.raw) : null
      // A section title: a line of its own right before a header row, or between two parts of the same table.
      if (!cells || !columns) {
        if (columns || !/\t|\S {2,}\S/.test(l.text)) {
          const next = nextText(lines, i)
          if (next && (materialHeader(next.raw) || (columns && splitColumns(next.raw)))) sink.skip(l)
          else columns = null
        }
        continue
      }
      const name = cells[columns.item]?.trim() ?? ''
      if (!name) {
        sink.skip(l)
        continue
      }
      const required = classifyCell(cells[columns.required] ?? '')
      const qty = toQuantity(required.kind === 'number' ? required.value : null)
      const id = columns.typeId >= 0 ? Number(cells[columns.typeId]?.trim()) : Number.NaN
      sink.items(l, [Number.isInteger(id) && id > 0 ? { ...reading(name, qty), typeId: id } : reading(name, qty)])
    }
  },
}
