import { classifyCell, splitColumns } from '../cells.js'
import { toQuantity } from '../numbers.js'
import type { ChainParser, LineResult } from './chain.js'
import { csvCells, EFT_HEADER, reading } from './shared.js'

/**
 * Tables with a header row that names the columns (market and wallet exports, assets exported to a spreadsheet,
 * CSV files): the header names the item (or its type id) and the quantity; the rows below it are read by those
 * columns until a blank line. Tab, multi-space or comma separated.
 */

/** Column headers that name the item, its type id, or its quantity. */
const NAME_HEADERS = new Set(['name', 'type', 'item', 'item name', 'type name', 'typename', 'item type', 'ore type', 'ship', 'ship type', 'product'])
const ID_HEADERS = new Set(['typeid', 'type id', 'type_id', 'ore typeid', 'item id', 'itemtypeid'])
const QTY_HEADERS = new Set(['quantity', 'qty', 'count', 'amount', 'units', 'volremaining', 'vol remaining', 'volume remaining', 'remaining', 'number'])
const QTY_HEADER_WORD = /quantity|qty|count|amount|units|remaining|number/i

export interface Table {
  separator: 'columns' | 'comma'
  name: number
  id: number
  qty: number
}

export function tableHeader(raw: string): Table | null {
  // Most lines are items: a header must name a quantity column, so skip the cell work when no such word is there.
  if (!QTY_HEADER_WORD.test(raw)) return null
  const columns = splitColumns(raw)
  const separator = columns ? 'columns' : csvCells(raw).length >= 2 ? 'comma' : null
  if (!separator) return null
  const cells = (columns ?? csvCells(raw)).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase())
  const name = cells.findIndex((c) => NAME_HEADERS.has(c))
  const id = cells.findIndex((c) => ID_HEADERS.has(c))
  const qty = cells.findIndex((c) => QTY_HEADERS.has(c))
  if (qty < 0 || (name < 0 && id < 0)) return null
  return { separator, name, id, qty }
}

function tableRow(raw: string, table: Table): LineResult {
  const cells = (table.separator === 'columns' ? (splitColumns(raw) ?? [raw]) : csvCells(raw)).map((c) => c.trim().replace(/^"|"$/g, ''))
  const qtyCell = classifyCell(cells[table.qty] ?? '')
  const qty = toQuantity(qtyCell.kind === 'number' ? qtyCell.value : null)
  const id = table.id >= 0 ? Number(cells[table.id]) : Number.NaN
  const name = table.name >= 0 ? (cells[table.name] ?? '') : ''
  if (Number.isInteger(id) && id > 0) return [{ ...reading(name || String(id), qty), typeId: id }]
  if (/^total:?$/i.test(name)) return 'skip'
  return name ? [reading(name, qty)] : 'skip'
}

export const headerTableParser: ChainParser = {
  name: 'header-table',
  parse(lines, sink) {
    let table: Table | null = null
    for (const l of lines) {
      // A blank line, a killmail or a fit ends the table; a fitting section title inside it does not.
      if (!l.text || l.owner === 'killmail' || (l.owner === 'fitting' && EFT_HEADER.test(l.text))) {
        table = null
        continue
      }
      if (l.owner !== null) continue
      const header = tableHeader(l.raw)
      if (header) {
        table = header
        sink.skip(l)
      } else if (table) {
        const row = tableRow(l.raw, table)
        if (row === 'skip') sink.skip(l)
        else sink.items(l, row)
      }
    }
  },
}
