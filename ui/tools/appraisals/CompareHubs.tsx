import { useEffect, useMemo, useState } from 'react'
import type { PriceMode } from '../../../schemas/appraisal/constants'
import { PRICE_MODE_LABELS } from '../../../schemas/appraisal/constants'
import type { CompareHubsResponse } from '../../../schemas/appraisals'
import { postAppraiseHubs } from '../../../schemas/appraisals-endpoints'
import { formatNumber } from '../../../schemas/format'
import type { Column } from '../../components/SortableTable'
import { ApiError, callApi } from '../../lib/api'
import { VirtualTable } from './VirtualTable'

type Row = CompareHubsResponse['rows'][number]
type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; answer: CompareHubsResponse }

const isk = (n: number) => formatNumber(n, 2)

/**
 * The same paste priced at all five hubs in the chosen mode: each hub's total (the best one marked) and, per line,
 * the unit price at every hub with the best hub named.
 */
export function CompareHubs({ text, mode, combine }: { text: string; mode: PriceMode; combine: boolean }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    callApi(postAppraiseHubs, { body: { text, mode, combine } }, { signal: controller.signal })
      .then((answer) => setLoad({ kind: 'loaded', answer }))
      .catch((err) => {
        if (controller.signal.aborted) return
        const reason = err instanceof ApiError && err.status === 400 ? err.message : 'The hubs could not be compared just now; try again in a minute.'
        setLoad({ kind: 'failed', message: reason })
      })
    return () => controller.abort()
  }, [text, mode, combine])

  const hubs = load.kind === 'loaded' ? load.answer.hubs : null
  const columns = useMemo<Column<Row>[]>(
    () =>
      hubs
        ? [
            { key: 'name', header: 'Item', value: (r) => r.name },
            { key: 'qty', header: 'Qty', value: (r) => r.qty, render: (r) => formatNumber(r.qty), align: 'right', firstDirection: 'desc' },
            ...hubs.map((h, i): Column<Row> => ({
              key: `hub-${h.station_id}`,
              header: h.hub,
              value: (r) => r.prices[i],
              render: (r) =>
                r.prices[i] === null ? '—' : <span className={r.best_station_id === h.station_id ? 'best-price' : undefined}>{isk(r.prices[i]!)}</span>,
              align: 'right',
              firstDirection: 'desc',
            })),
            {
              key: 'best',
              header: 'Best hub',
              value: (r) => hubs.find((h) => h.station_id === r.best_station_id)?.hub ?? null,
              render: (r) => (r.bpc ? 'copy: no market' : (hubs.find((h) => h.station_id === r.best_station_id)?.hub ?? '—')),
            },
          ]
        : [],
    [hubs],
  )

  if (load.kind === 'loading') return <p className="muted">Pricing the paste at every hub…</p>
  if (load.kind === 'failed')
    return (
      <p className="error-text" role="alert">
        {load.message}
      </p>
    )
  const { answer } = load
  return (
    <section aria-label="Compare hubs" data-testid="compare-hubs">
      <p className="muted">
        Unit prices at each hub, {PRICE_MODE_LABELS[mode]}; the highest of each line is marked. Region-wide prices stand in where a hub has no orders.
      </p>
      <div className="hub-totals" role="list">
        {answer.hubs.map((h) => (
          <div key={h.station_id} role="listitem" className={h.station_id === answer.best_station_id ? 'hub-total best' : 'hub-total'} data-testid="hub-total">
            <div className="hub-name">
              {h.hub}
              {h.station_id === answer.best_station_id && <span className="badge badge-good">best</span>}
            </div>
            <div className="hub-figure">{isk(h.total)} ISK</div>
            <div className="muted small">
              best for {h.best_lines} {h.best_lines === 1 ? 'line' : 'lines'}
              {h.unpriced ? `, ${h.unpriced} unpriced` : ''}
            </div>
          </div>
        ))}
      </div>
      <VirtualTable
        rows={answer.rows}
        columns={columns}
        rowKey={(r, i) => `${r.type_id ?? r.name}:${i}`}
        initialSort={{ key: 'name', direction: 'asc' }}
        label="Prices at every hub"
        maxHeight="50vh"
      />
    </section>
  )
}
