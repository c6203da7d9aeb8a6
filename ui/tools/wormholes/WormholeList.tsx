import { useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { compareValues, type SortState } from '../../components/SortableTable'
import type { IndexedWormhole } from './filters'
import { StaticChip } from './StaticChip'

const ROW_HEIGHT = 40
const CLASS_ORDER = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C13', 'Sentinel', 'Barbican', 'Vidette', 'Redoubt', 'Conflux']
const SORT_VALUES: Record<string, (r: IndexedWormhole) => string | number> = {
  class: (r) => CLASS_ORDER.indexOf(r.system.class_label),
  jcode: (r) => r.system.jcode,
  effect: (r) => r.effect,
}
export const DEFAULT_SORT: SortState = { key: 'jcode', direction: 'asc' }

/** History state of a system's address opened from the list (see WormholesPage's close). */
export interface DialogState {
  fromList: boolean
}
export const FROM_LIST: DialogState = { fromList: true }

/** Sorted once per sort change, before filtering (filtering keeps the order), so a keystroke never sorts. */
export function sortWormholes(rows: IndexedWormhole[], sort: SortState): IndexedWormhole[] {
  const value = SORT_VALUES[sort.key] ?? SORT_VALUES.jcode
  return rows
    .map((r, i) => ({ r, i, v: value(r) }))
    .sort((a, b) => compareValues(a.v, b.v, sort.direction) || a.i - b.i)
    .map((x) => x.r)
}

interface Props {
  /** Filtered rows, already in sort order. */
  rows: IndexedWormhole[]
  types: ReadonlyMap<string, WormholeTypeInfo>
  sort: SortState
  onSort: (sort: SortState) => void
  /** What an empty list says; the page says why when the search is for a system the list leaves out (Thera). */
  empty?: string
}

/** The systems as a virtual list: only the rows in view are in the page, so 2603 rows filter without jank. */
export function WormholeList({ rows: sorted, types, sort, onSort, empty = 'No wormhole matches these filters.' }: Props) {
  const location = useLocation()
  const body = useRef<HTMLDivElement>(null)
  const [offset, setOffset] = useState(0)
  // The list starts below the filters, whose height changes with the window width. Measured when the page's
  // size changes (after layout), not during every render: a forced layout per keystroke would cost a frame.
  useLayoutEffect(() => {
    const measure = () => {
      const top = body.current ? Math.round(body.current.getBoundingClientRect().top + window.scrollY) : 0
      setOffset((current) => (current === top ? current : top))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.documentElement)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({ count: sorted.length, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollMargin: offset })

  const header = (key: string, label: string) => {
    const active = sort.key === key
    return (
      <div role="columnheader" className={`wh-cell wh-${key}`} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className={`sort-button${active ? ' active' : ''}`}
          onClick={() => onSort(active ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' })}
        >
          {label}
          <span className="sort-indicator" aria-hidden="true">
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </div>
    )
  }

  return (
    <div className="wh-table" role="table" aria-label="Wormhole systems" aria-rowcount={sorted.length + 1}>
      <div className="wh-row wh-head" role="row">
        {header('class', 'Class')}
        {header('jcode', 'J-Code')}
        <div role="columnheader" className="wh-cell wh-statics">
          Statics
        </div>
        {header('effect', 'Effect')}
      </div>
      <div ref={body} className="wh-body" style={{ height: virtualizer.getTotalSize() }}>
        {sorted.length === 0 && <p className="empty wh-empty">{empty}</p>}
        {virtualizer.getVirtualItems().map((item) => {
          const { system, effect } = sorted[item.index]
          return (
            <div
              key={system.solarsystemid}
              className="wh-row"
              role="row"
              aria-rowindex={item.index + 2}
              data-jcode={system.jcode}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <div role="cell" className="wh-cell wh-class">
                {system.class_label}
              </div>
              <div role="cell" className="wh-cell wh-jcode">
                <Link to={{ pathname: `/wormholes/${system.jcode}`, search: location.search }} state={FROM_LIST}>
                  {system.jcode}
                </Link>
              </div>
              <div role="cell" className="wh-cell wh-statics">
                {system.statics.length ? (
                  system.statics.map((code) => <StaticChip key={code} code={code} type={types.get(code)} />)
                ) : (
                  <span className="muted">none known</span>
                )}
              </div>
              <div role="cell" className={`wh-cell wh-effect${system.effect ? '' : ' muted'}`}>
                {effect}
              </div>
            </div>
          )
        })}
      </div>
    </div>
  )
}
