import { useEffect, useState } from 'react'
import { CategoryScale, Chart as ChartJS, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js'
import { Line } from 'react-chartjs-2'
import type { AppraisalRow } from '../../../schemas/appraisal/appraise'
import type { PriceHistoryResponse } from '../../../schemas/appraisals'
import type { z } from 'zod'
import { getAppraisalPriceHistory } from '../../../schemas/appraisals-endpoints'
import { formatNumber } from '../../../schemas/format'
import { callApi } from '../../lib/api'

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip)

/** The site's accent and --good colours (chart.js draws on a canvas, so it needs the values). */
const SELL = '#5cc8ff'
const BUY = '#43d17a'

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; rows: z.infer<typeof PriceHistoryResponse>['rows'] }

const price = (n: number | null) => (n === null ? '—' : `${formatNumber(n, 2)} ISK`)

/**
 * One line's details: the live unit price beside its 5- and 30-day medians, and a 30-day chart of the hub's daily
 * closing 5% prices from this site's own history.
 */
export function PriceHistory({ row, stationId, hub, onClose }: { row: AppraisalRow; stationId: number; hub: string; onClose: () => void }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const typeId = row.type_id
  useEffect(() => {
    if (typeId === null) return
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    callApi(getAppraisalPriceHistory, { query: { station_id: stationId, type_id: typeId, days: 30 } }, { signal: controller.signal })
      .then((answer) => setLoad({ kind: 'loaded', rows: answer.rows }))
      .catch(() => !controller.signal.aborted && setLoad({ kind: 'failed' }))
    return () => controller.abort()
  }, [typeId, stationId])

  return (
    <section className="price-history" aria-label={`Price history of ${row.name}`} data-testid="price-history">
      <div className="price-history-head">
        <h3>{row.name}</h3>
        <button type="button" className="button secondary small" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="price-history-figures">
        <div>
          <dt>Live unit price</dt>
          <dd data-testid="history-live">{price(row.price)}</dd>
        </div>
        <div>
          <dt>5-day median</dt>
          <dd data-testid="history-median-5d">{price(row.median_5d)}</dd>
        </div>
        <div>
          <dt>30-day median</dt>
          <dd data-testid="history-median-30d">{price(row.median_30d)}</dd>
        </div>
      </dl>
      {load.kind === 'loading' && <p className="muted">Loading the price history…</p>}
      {load.kind === 'failed' && (
        <p className="warning-text" role="alert">
          The price history could not be loaded just now; the live prices above are unaffected.
        </p>
      )}
      {load.kind === 'loaded' && load.rows.length === 0 && <p className="muted">No daily history at {hub} for this item yet.</p>}
      {load.kind === 'loaded' && load.rows.length > 0 && (
        <>
          <div className="price-history-chart" aria-hidden="true">
            <Line
              data={{
                labels: load.rows.map((r) => r.date.slice(5)),
                datasets: [
                  { label: 'Sell (5% close)', data: load.rows.map((r) => r.sell), borderColor: SELL, backgroundColor: SELL, spanGaps: true, pointRadius: 2 },
                  { label: 'Buy (5% close)', data: load.rows.map((r) => r.buy), borderColor: BUY, backgroundColor: BUY, spanGaps: true, pointRadius: 2 },
                ],
              }}
              options={{
                responsive: true,
                maintainAspectRatio: false,
                animation: false,
                scales: { x: { ticks: { color: '#9aa7bd', maxTicksLimit: 6 } }, y: { ticks: { color: '#9aa7bd' } } },
              }}
            />
          </div>
          <p className="muted small" data-testid="history-days">
            Daily closing 5% prices at {hub}, {load.rows.length} {load.rows.length === 1 ? 'day' : 'days'}: sell in blue, buy in green.
          </p>
        </>
      )}
    </section>
  )
}
