import type { ReactNode } from 'react'
import type { ReactionResult } from '../../../schemas/reactions'
import { Dialog } from '../../components/Dialog'
import { TableWrap } from '../../components/TableWrap'
import { formatInt, formatNumber, iskOrNa } from '../../../schemas/format'
import { MissingMark } from '../../components/industry/shared'
import { duration, priceIn, rowValues } from './reaction-settings'

const isk = (n: number | null) => iskOrNa(n, 2)
const negative = (n: number | null) => (n === null ? null : -n)

function Table({ title, head, rows, total }: { title: string; head: string[]; rows: ReactNode[][]; total: ReactNode }) {
  return (
    <section className="breakdown" aria-label={title}>
      <h3>{title}</h3>
      {/* On a phone the table scrolls in its own box: the dialog itself then never scrolls sideways, away from its title and close button. */}
      <TableWrap label={`${title} table`}>
        <table className="data-table">
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} className={i ? 'align-right' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, r) => (
              <tr key={r}>
                {cells.map((c, i) => (
                  <td key={i} className={i ? 'align-right' : undefined}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="total-row">
              <th scope="row">TOTAL</th>
              <td colSpan={head.length - 1} className="align-right">
                {total}
              </td>
            </tr>
          </tfoot>
        </table>
      </TableWrap>
    </section>
  )
}

/** The spec's breakdown of one row: INPUTS, OUTPUTS, TAXES, PROFIT REPORT; then the job's details. */
export function ReactionDialog({ row, onClose }: { row: ReactionResult | null; onClose: () => void }) {
  if (!row) return null
  const v = rowValues(row)
  const tax = (n: number) => (v.taxes === null ? null : n)
  const lines = (side: 'input' | 'output') => {
    const items = side === 'input' ? row.inputs : row.outputs
    const mode = side === 'input' ? row.inputPricingMode : row.outputPricingMode
    return items.map((l) => {
      const missing = row.missingPrices.some((m) => m.typeID === l.typeID && m.side === side)
      return [
        l.name,
        formatInt(l.quantity),
        <>
          {isk(priceIn(row, l.typeID, mode))} {missing && <MissingMark title={`No ${mode} price for ${l.name} at this hub`} />}
        </>,
      ]
    })
  }
  return (
    <Dialog open onClose={onClose} title={row.outputs[0]?.name ?? row.blueprintName} wide>
      <div className="reaction-breakdown">
        <Table title="INPUTS" head={['Name', 'Quantity', `Price (${row.inputPricingMode})`]} rows={lines('input')} total={isk(v.inputCost)} />
        <Table title="OUTPUTS" head={['Name', 'Quantity', `Price (${row.outputPricingMode})`]} rows={lines('output')} total={isk(v.outputValue)} />
        <Table
          title="TAXES"
          head={['Tax', 'Amount']}
          rows={[
            ['Job Install Cost', isk(tax(row.jobInstallCost))],
            ['Facility Tax', isk(tax(row.facilityTax))],
            ['SCC Tax', isk(tax(row.sccTax))],
          ]}
          total={isk(v.taxes)}
        />
        <Table
          title="PROFIT REPORT"
          head={['Item', 'Amount']}
          rows={[
            ['Inputs', isk(negative(v.inputCost))],
            ['Taxes', isk(negative(v.taxes))],
            ['Output', isk(v.outputValue)],
          ]}
          total={v.profit === null ? 'n/a' : <span className={v.profit >= 0 ? 'good-text' : 'error-text'}>{isk(v.profit)}</span>}
        />
      </div>
      <dl className="job-details">
        <div>
          <dt>Formula</dt>
          <dd>
            {row.blueprintName} · {formatInt(row.runs)} run{row.runs === 1 ? '' : 's'}
          </dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {duration(row.time.secondsPerRun)} per run (base {duration(row.time.baseSecondsPerRun)}), {duration(row.time.totalSeconds)} in all
          </dd>
        </div>
        <div>
          <dt>Estimated item value</dt>
          <dd>
            {isk(v.taxes === null ? null : row.estimatedItemValue)} (ESI adjusted prices × base inputs; taxes are charged on it)
            {row.missingAdjustedPrices.length > 0 && (
              <span className="warning-text"> · {row.missingAdjustedPrices.length} input(s) have no adjusted price and are left out</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Input factor</dt>
          <dd>× {formatNumber(row.materialMultiplier, 4)} from the ME rig, before rounding up</dd>
        </div>
        <div>
          <dt>Rigs</dt>
          <dd data-testid="reaction-rigs">
            {row.rigNote ? (
              <span className="warning-text">{row.rigNote}</span>
            ) : (
              [...new Set([row.rigs.material, row.rigs.time].filter(Boolean))].join(' and ') || 'None'
            )}
          </dd>
        </div>
      </dl>
    </Dialog>
  )
}
