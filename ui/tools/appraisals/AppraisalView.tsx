import { memo, useMemo, type ReactNode } from 'react'
import type { AppraisalRow, AppraisalTotals } from '../../../schemas/appraisal/appraise'
import {
  COPY_CONFIRM_MS,
  NO_PRICE_DATA_TEXT,
  PRICE_MODE_LABELS,
  PRICE_SOURCE_LABELS,
  STATUS_TEXT,
  type LineStatus,
  type PriceMode,
} from '../../../schemas/appraisal/constants'
import type { UnreadLine } from '../../../schemas/appraisal/parse'
import { Collapsible } from '../../components/Collapsible'
import { CopyButton } from '../../components/CopyButton'
import { GameImage } from '../../components/GameImage'
import type { Column } from '../../components/SortableTable'
import { formatNumber } from '../../../schemas/format'
import { VirtualTable } from './VirtualTable'

/** The preview table and the totals, shared by the new-appraisal page and the saved (read-only) one. */

/**
 * Formatters made once, not per cell: `formatNumber` builds a new Intl.NumberFormat on every call, and a table
 * scrolled or re-sorted formats hundreds of cells. The same output as `formatNumber(n, 2)` and `formatNumber(n)`.
 */
const fixed = (decimals: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'negative' }).format
const isk = fixed(2)
const whole = fixed(0)
/** Up to three decimals: a stack of ammunition is a few litres, a ship thousands of m³. */
const volume = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format
const STATUS_TONE: Record<LineStatus, string> = { ok: 'badge-good', unpriced: 'badge-warn', invalid: 'badge-bad' }

/** The item cell: its icon (a lettered placeholder when the image server cannot be reached), the current name, the
 * name as pasted when the type was renamed, a "did you mean" on an Invalid line, and the button opening its history. */
function ItemCell({ row, imageServer, onHistory }: { row: AppraisalRow; imageServer: string | null; onHistory?: (row: AppraisalRow) => void }) {
  return (
    <span className="item-cell">
      {imageServer && row.type_id !== null && (
        <GameImage src={`${imageServer}/types/${row.type_id}/icon?size=32`} alt={row.name} size={24} className="item-icon" />
      )}
      <span className="item-name">
        {onHistory && row.type_id !== null && !row.bpc ? (
          <button type="button" className="link-button" onClick={() => onHistory(row)} title="Price history and medians">
            {row.name}
          </button>
        ) : (
          row.name
        )}
        {row.renamed_from && (
          <span className="muted renamed" data-testid="renamed-from">
            {' '}
            (pasted as “{row.renamed_from}”)
          </span>
        )}
        {row.status === 'invalid' && row.suggestion && (
          <span className="suggestion" data-testid="suggestion">
            {' '}
            Did you mean “{row.suggestion}”?
          </span>
        )}
      </span>
    </span>
  )
}

/** `noPriceData`: there was no market snapshot, so an unpriced line lacks data rather than orders. */
const columns = (noPriceData: boolean, imageServer: string | null, onHistory?: (row: AppraisalRow) => void): Column<AppraisalRow>[] => [
  { key: 'name', header: 'Item', value: (r) => r.name, render: (r) => <ItemCell row={r} imageServer={imageServer} onHistory={onHistory} /> },
  { key: 'qty', header: 'Qty', value: (r) => r.qty, render: (r) => whole(r.qty), align: 'right', firstDirection: 'desc' },
  {
    key: 'm3',
    header: 'm³',
    tooltip: 'Volume of the line; ships and capital modules count packaged',
    value: (r) => r.m3,
    render: (r) =>
      r.m3 === null ? (
        r.type_id === null ? (
          ''
        ) : (
          <span className="muted" title="Packaged volume not known yet">
            unknown
          </span>
        )
      ) : (
        volume(r.m3)
      ),
    align: 'right',
    firstDirection: 'desc',
  },
  { key: 'price', header: 'Unit price', value: (r) => r.price, render: (r) => (r.price === null ? '—' : isk(r.price)), align: 'right', firstDirection: 'desc' },
  {
    key: 'isk_per_m3',
    header: 'ISK/m³',
    tooltip: 'Unit price per m³ of one unit (packaged): what a hauler earns per m³ of cargo',
    value: (r) => r.isk_per_m3,
    render: (r) => (r.isk_per_m3 === null ? '—' : isk(r.isk_per_m3)),
    align: 'right',
    firstDirection: 'desc',
  },
  {
    key: 'lineISK',
    header: 'Total ISK',
    value: (r) => r.lineISK,
    render: (r) => (r.lineISK === null ? '—' : isk(r.lineISK)),
    align: 'right',
    firstDirection: 'desc',
  },
  {
    key: 'source',
    header: 'Source',
    tooltip: 'Which price was used',
    value: (r) => r.source,
    render: (r) => <span title={PRICE_SOURCE_LABELS[r.source]}>{r.source}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    value: (r) => r.status,
    render: (r) =>
      r.bpc ? (
        <span className="badge badge-neutral" data-status="copy" title="A blueprint copy has no market price; it is never priced as the original">
          Copy{r.runs !== null ? ` · ${whole(r.runs)} ${r.runs === 1 ? 'run' : 'runs'}` : ''}
        </span>
      ) : (
        <span className={`badge ${STATUS_TONE[r.status]}`} data-status={r.status}>
          {r.status === 'unpriced' && noPriceData ? NO_PRICE_DATA_TEXT : STATUS_TEXT[r.status]}
        </span>
      ),
  },
]

const ROW_CLASS: Record<LineStatus, string | undefined> = { ok: undefined, unpriced: 'row-unpriced', invalid: 'row-invalid' }

/**
 * Memoised: the page renders again for its busy state, status text and so on, and none of that changes the table's
 * rows (pass a stable onHistory).
 */
export const AppraisalTable = memo(function AppraisalTable({
  rows,
  noPriceData = false,
  imageServer = null,
  onHistory,
}: {
  rows: AppraisalRow[]
  noPriceData?: boolean
  imageServer?: string | null
  onHistory?: (row: AppraisalRow) => void
}) {
  // A new column set only when these change (pass a stable onHistory), so sorting keeps its memo.
  const current = useMemo(() => columns(noPriceData, imageServer, onHistory), [noPriceData, imageServer, onHistory])
  return (
    <VirtualTable
      rows={rows}
      columns={current}
      rowKey={(r, i) => `${r.type_id ?? r.name}:${i}`}
      initialSort={{ key: 'lineISK', direction: 'desc' }}
      rowClassName={(r) => ROW_CLASS[r.status]}
      label="Appraised items"
    />
  )
})

const ago = (iso: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000))
  return minutes < 1 ? 'just now' : minutes < 120 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`
}

export function PriceNote({ hub, mode, pricesAt, frozen }: { hub: string; mode: PriceMode; pricesAt: string | null; frozen?: boolean }) {
  const when = pricesAt ? new Date(pricesAt).toISOString().slice(0, 16).replace('T', ' ') : null
  return (
    <p className="price-note muted" data-testid="price-note">
      {hub} prices, {PRICE_MODE_LABELS[mode] ?? mode}.{' '}
      {when ? (
        <>
          Snapshot taken {when} UTC{frozen ? '' : ` (${ago(pricesAt!)})`}.
        </>
      ) : frozen ? (
        'No market snapshot had been taken.'
      ) : null}
    </p>
  )
}

/** An ISK total, or a plain dash when there was no price data (a 0.00 ISK there would read as a value). */
function IskTotal({ value, noPriceData, testId, children }: { value: number; noPriceData: boolean; testId: string; children?: ReactNode }) {
  if (noPriceData) {
    return (
      <dd data-testid={testId} title={NO_PRICE_DATA_TEXT}>
        —<span className="visually-hidden">{NO_PRICE_DATA_TEXT}</span>
      </dd>
    )
  }
  return (
    <dd data-testid={testId}>
      {isk(value)} ISK{children}
    </dd>
  )
}

export function TotalsPanel({
  totals,
  mode,
  volumeUnknown,
  noPriceData = false,
  showMedians = false,
}: {
  totals: AppraisalTotals
  mode: PriceMode
  volumeUnknown: number
  noPriceData?: boolean
  /** Whether the medians are known (loaded, or frozen with a snapshot). */
  showMedians?: boolean
}) {
  const side = mode === 'split' ? 'split' : mode.startsWith('sell') ? 'sell' : 'buy'
  const cell = (key: 'sell' | 'buy' | 'split', label: string) => (
    <div className={side === key ? 'current' : undefined}>
      <dt>{label}</dt>
      <IskTotal value={totals[key]} noPriceData={noPriceData} testId={`total-${key}`} />
    </div>
  )
  return (
    <section className="appraisal-totals" aria-label="Totals">
      <dl>
        {cell('sell', 'Sell')}
        {cell('buy', 'Buy')}
        {cell('split', 'Split')}
        <div>
          <dt>Volume</dt>
          <dd data-testid="total-volume">{formatNumber(totals.volume, 3)} m³</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd data-testid="total-items">{formatNumber(totals.itemCount)}</dd>
        </div>
        <div>
          <dt>ISK per m³</dt>
          <dd data-testid="total-isk-per-m3">{totals.iskPerM3 === null || noPriceData ? '—' : `${isk(totals.iskPerM3)} ISK`}</dd>
        </div>
        {showMedians && (
          <>
            <div title="The same side priced at each item's median daily close over 5 days (items with history)">
              <dt>At 5-day medians</dt>
              <dd data-testid="total-median-5d">{totals.median5d === null ? 'no history yet' : `${isk(totals.median5d)} ISK`}</dd>
            </div>
            <div title="The same side priced at each item's median daily close over 30 days (items with history)">
              <dt>At 30-day medians</dt>
              <dd data-testid="total-median-30d">{totals.median30d === null ? 'no history yet' : `${isk(totals.median30d)} ISK`}</dd>
            </div>
          </>
        )}
        <div className="adjusted">
          <dt>Total at {formatNumber(totals.adjustmentPct, totals.adjustmentPct % 1 ? 1 : 0)}%</dt>
          {/* The Copy button goes with the value, not the term: inside the <dt> a screen reader heard "Total at 100% Copy". */}
          <IskTotal value={totals.adjusted} noPriceData={noPriceData} testId="total-adjusted">
            {/* Plain digits: what the game's contract and trade ISK fields accept. */}
            <CopyButton
              text={totals.adjusted.toFixed(2)}
              label="Copy"
              what="the total"
              duration={COPY_CONFIRM_MS}
              className="copy-total"
              title="Copy the total as plain digits, for a contract's price"
            />
          </IskTotal>
        </div>
      </dl>
      {volumeUnknown > 0 && (
        <p className="muted volume-note" data-testid="volume-note">
          The volume leaves out {volumeUnknown} line(s) whose packaged volume is not known yet (ships and capital modules are measured packaged, and ESI has not
          given theirs).
        </p>
      )}
    </section>
  )
}

/** The lines no parser read, and the ones refused, listed under the table: never made into items. */
export function UnreadLines({ lines }: { lines: Array<Omit<UnreadLine, 'reason'> & { reason?: string | null }> }) {
  if (!lines.length) return null
  const refused = lines.filter((l) => l.reason).length
  const title = `${formatNumber(lines.length)} ${lines.length === 1 ? 'line' : 'lines'} not read${refused ? ` (${refused} refused)` : ''}`
  return (
    <Collapsible title={title} defaultOpen={false} className="unread-lines">
      <ul className="unread-list" data-testid="unread-lines">
        {lines.slice(0, 500).map((l) => (
          <li key={l.line}>
            <span className="muted">Line {l.line + 1}:</span> <code>{l.text}</code>
            {l.reason && <div className="warning-text">{l.reason}</div>}
          </li>
        ))}
        {lines.length > 500 && <li className="muted">…and {formatNumber(lines.length - 500)} more.</li>}
      </ul>
    </Collapsible>
  )
}
