import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { InfoTip } from './InfoTip'
import { TableWrap } from './TableWrap'

export type SortDirection = 'asc' | 'desc'
export interface SortState {
  key: string
  direction: SortDirection
}

export interface Column<Row> {
  key: string
  header: ReactNode
  /** Opened by a '?' mark after the header text (hover, keyboard focus or a tap). */
  tooltip?: string
  /** The value sorted by; columns without one are not sortable. null/undefined/NaN sort last either way. */
  value?: (row: Row) => number | string | null | undefined
  render?: (row: Row) => ReactNode
  align?: 'left' | 'right' | 'center'
  /** Direction used when this column becomes the sort column (default ascending). */
  firstDirection?: SortDirection
}

/** The usual header-click rule: a new column starts in its first direction, the active column flips. */
export function nextSort<Row>(current: SortState, column: Column<Row>): SortState {
  if (current.key === column.key) return { key: column.key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { key: column.key, direction: column.firstDirection ?? 'asc' }
}

const isMissing = (v: unknown) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))

/** One collator for every comparison: `localeCompare` with options builds a new one per call, which makes sorting thousands of rows take a second. */
const textOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export function compareValues(a: number | string | null | undefined, b: number | string | null | undefined, direction: SortDirection): number {
  if (isMissing(a) || isMissing(b)) return isMissing(a) === isMissing(b) ? 0 : isMissing(a) ? 1 : -1
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : textOrder.compare(String(a), String(b))
  return direction === 'asc' ? order : -order
}

export function sortRows<Row>(rows: Row[], columns: Column<Row>[], sort: SortState): Row[] {
  const column = columns.find((c) => c.key === sort.key)
  if (!column?.value) return rows
  const value = column.value
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((x, y) => compareValues(x.v, y.v, sort.direction) || x.i - y.i)
    .map((x) => x.row)
}

interface Props<Row> {
  rows: Row[]
  columns: Column<Row>[]
  rowKey: (row: Row, index: number) => string | number
  /** Names the table's scroll region when it is too wide for the screen. */
  label: string
  initialSort?: SortState
  /** Controlled sort, for pages that keep it elsewhere (URL, custom grouping). */
  sort?: SortState
  onSortChange?: (sort: SortState) => void
  /** Skip the built-in sort (the caller passes rows already ordered). */
  presorted?: boolean
  rowClassName?: (row: Row) => string | undefined
  onRowClick?: (row: Row) => void
  empty?: ReactNode
  caption?: ReactNode
  className?: string
  footer?: ReactNode
}

/**
 * The header row: a column with a value sorts on click and says how it is sorted (aria-sort and an arrow). A column's
 * tooltip is an InfoTip after the header text; the <th> is then named by the header text alone (aria-labelledby),
 * since screen readers read a cell's column header with every cell, and the mark's name would ride along.
 */
export function SortHeader<Row>({ columns, sort, onSort }: { columns: Column<Row>[]; sort: SortState; onSort: (column: Column<Row>) => void }) {
  const idBase = useId()
  return (
    <thead>
      <tr>
        {columns.map((c, i) => {
          const active = sort.key === c.key
          const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
          const nameId = c.tooltip ? `${idBase}-h${i}` : undefined
          return (
            <th key={c.key} scope="col" className={`align-${c.align ?? 'left'}`} aria-sort={c.value ? ariaSort : undefined} aria-labelledby={nameId}>
              {c.value ? (
                <button type="button" id={nameId} className={`sort-button${active ? ' active' : ''}`} onClick={() => onSort(c)}>
                  {c.header}
                  <span className="sort-indicator" aria-hidden="true">
                    {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              ) : nameId ? (
                <span id={nameId}>{c.header}</span>
              ) : (
                c.header
              )}
              {c.tooltip && <InfoTip text={c.tooltip} label={typeof c.header === 'string' ? `About ${c.header}` : undefined} />}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

/** A table whose headers sort it. Sorting is stable; missing values always sort last. */
/** A focusable row acts like a button: Enter or Space opens it, and Space does not also scroll the page. */
function openOnKey(e: KeyboardEvent<HTMLTableRowElement>, open: () => void) {
  if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return
  e.preventDefault()
  open()
}

export function SortableTable<Row>({
  rows,
  columns,
  rowKey,
  label,
  initialSort,
  sort: controlled,
  onSortChange,
  presorted,
  rowClassName,
  onRowClick,
  empty,
  caption,
  className,
  footer,
}: Props<Row>) {
  const [own, setOwn] = useState<SortState>(initialSort ?? { key: columns[0]?.key ?? '', direction: 'asc' })
  const sort = controlled ?? own
  const sorted = useMemo(() => (presorted ? rows : sortRows(rows, columns, sort)), [rows, columns, sort, presorted])

  const onHeader = (column: Column<Row>) => {
    const next = nextSort(sort, column)
    if (!controlled) setOwn(next)
    onSortChange?.(next)
  }

  return (
    <TableWrap label={label}>
      <table className={`data-table${className ? ` ${className}` : ''}`}>
        {caption && <caption>{caption}</caption>}
        <SortHeader columns={columns} sort={sort} onSort={onHeader} />
        <tbody>
          {sorted.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row, i) => (
              <tr
                key={rowKey(row, i)}
                className={rowClassName?.(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onKeyDown={onRowClick ? (e) => openOnKey(e, () => onRowClick(row)) : undefined}
              >
                {columns.map((c) => (
                  <td key={c.key} className={`align-${c.align ?? 'left'}`}>
                    {c.render ? c.render(row) : String(c.value?.(row) ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </TableWrap>
  )
}
