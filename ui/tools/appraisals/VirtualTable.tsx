import { useMemo, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { nextSort, SortHeader, sortRows, type Column, type SortState } from '../../components/SortableTable'

interface Props<Row> {
  rows: Row[]
  columns: Column<Row>[]
  rowKey: (row: Row, index: number) => string | number
  initialSort: SortState
  rowClassName?: (row: Row) => string | undefined
  /** Height of the scrolling body; the header stays in view. */
  maxHeight?: string
  label?: string
}

/** Estimated row height (px); rows are one line of text. */
const ROW_HEIGHT = 35

/**
 * The scrolling body's height before it can be measured (`70vh` → 70% of the window), so the very first render
 * already holds the rows in view: the table appears in one pass instead of empty, measured, then filled.
 */
const expectedHeight = (maxHeight: string) => {
  const vh = /^(\d+(?:\.\d+)?)vh$/.exec(maxHeight)
  return typeof window === 'undefined' ? 0 : vh ? (window.innerHeight * Number(vh[1])) / 100 : window.innerHeight
}

/**
 * A sortable table that renders only the rows in view, so a 20,000-line appraisal scrolls and re-sorts without
 * stalling the page. Sorting follows the shared table's rules (`nextSort`, `sortRows`: stable, missing values last).
 */
export function VirtualTable<Row>({ rows, columns, rowKey, initialSort, rowClassName, maxHeight = '70vh', label }: Props<Row>) {
  const [sort, setSort] = useState<SortState>(initialSort)
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort])
  const scroller = useRef<HTMLDivElement>(null)
  const [initialRect] = useState(() => ({ width: 0, height: expectedHeight(maxHeight) }))
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect,
  })
  const items = virtualizer.getVirtualItems()
  const top = items[0]?.start ?? 0
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)

  return (
    <div className="table-wrap virtual-table" ref={scroller} style={{ maxHeight }}>
      <table className="data-table" aria-rowcount={sorted.length + 1} aria-label={label}>
        <SortHeader columns={columns} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
        <tbody>
          {top > 0 && <Spacer height={top} span={columns.length} />}
          {items.map((v) => {
            const row = sorted[v.index]
            return (
              <tr key={rowKey(row, v.index)} className={rowClassName?.(row)} aria-rowindex={v.index + 2} data-index={v.index}>
                {columns.map((c) => (
                  <td key={c.key} className={`align-${c.align ?? 'left'}`}>
                    {c.render ? c.render(row) : String(c.value?.(row) ?? '')}
                  </td>
                ))}
              </tr>
            )
          })}
          {bottom > 0 && <Spacer height={bottom} span={columns.length} />}
        </tbody>
      </table>
    </div>
  )
}

/** Stands in for the rows scrolled out of view, so the scrollbar keeps the whole table's length. */
const Spacer = ({ height, span }: { height: number; span: number }) => (
  <tr aria-hidden="true" className="virtual-spacer">
    <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
  </tr>
)
