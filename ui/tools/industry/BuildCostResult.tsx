import { useState, type Ref } from 'react'
import type { BuildCostResponse } from '../../../schemas/industry'
import { SortableTable, type Column, type SortState } from '../../components/SortableTable'
import { formatInt, formatIsk, formatNumber, iskOrNa } from '../../../schemas/format'
import { displaySecurity, formatIndex, MissingMark } from '../../components/industry/shared'

type Material = BuildCostResponse['materials'][number]
const isk = (n: number) => formatIsk(n, 2)
const iskOrNa2 = (n: number | null) => iskOrNa(n, 2)
const costOf = (m: Material) => (m.price.sell === null ? null : m.costSell)
/** Before the first market snapshot no hub has orders on record: that says nothing about this item's orders. */
const NO_SNAPSHOT = 'No market snapshot yet: prices have not been loaded from ESI'
const missingReason = (noSnapshot: boolean, orders: string) => (noSnapshot ? NO_SNAPSHOT : orders)

const columns = (noSnapshot: boolean): Column<Material>[] => {
  const price = (p: number | null, what: string) => (p === null ? <MissingMark title={missingReason(noSnapshot, `No ${what} orders at this hub`)} /> : isk(p))
  return [
    { key: 'name', header: 'Material', value: (m) => m.name },
    {
      key: 'qty',
      header: 'Quantity',
      value: (m) => m.adjustedQuantity,
      render: (m) => formatInt(m.adjustedQuantity),
      align: 'right',
      firstDirection: 'desc',
      tooltip: 'For all runs, after ME, structure and rig bonuses',
    },
    { key: 'sell', header: 'Sell', value: (m) => m.price.sell, render: (m) => price(m.price.sell, 'sell'), align: 'right', firstDirection: 'desc' },
    { key: 'buy', header: 'Buy', value: (m) => m.price.buy, render: (m) => price(m.price.buy, 'buy'), align: 'right', firstDirection: 'desc' },
    { key: 'cost', header: 'Cost (sell)', value: costOf, render: (m) => iskOrNa2(costOf(m)), align: 'right', firstDirection: 'desc' },
  ]
}

const SOURCE: Record<BuildCostResponse['jobCost']['costIndexSource'], string> = {
  system: "The system's ESI manufacturing index",
  override: 'Your override',
  missing: 'ESI has no index for this system',
}

/** A materials total with the count of materials that had no price on that side, which it counts as 0 (n/a when none had one). */
function MaterialsTotal({ value, unpriced, side }: { value: number | null; unpriced: number; side: 'sell' | 'buy' }) {
  if (value === null || !unpriced) return <>{iskOrNa2(value)}</>
  return (
    <>
      {isk(value)} <MissingMark title={`${unpriced} material(s) have no ${side} orders at this hub and count as 0`} testId={`missing-${side}-total`} />
    </>
  )
}

/** Materials table, job cost breakdown and totals of one build-cost answer. */
export function BuildCostResult({ result: r, headingRef }: { result: BuildCostResponse; headingRef?: Ref<HTMLHeadingElement> }) {
  const [sort, setSort] = useState<SortState>({ key: 'cost', direction: 'desc' })
  const product = r.products[0]
  const noSnapshot = r.ages.pricesAt === null
  const unpricedBuy = r.materials.filter((m) => m.price.buy === null).length
  // The API counts a missing price as 0; a total with no priced part at all is no result, so it reads n/a.
  const none = (unpriced: number) => r.materials.length > 0 && unpriced === r.materials.length
  const materialsSell = none(r.missingPrices.length) ? null : r.totalCost.sell
  const materialsBuy = none(unpricedBuy) ? null : r.totalCost.buy
  const job = r.jobCost
  const eiv = none(r.missingAdjustedPrices.length) ? null : job.estimatedItemValue
  const jobPart = (n: number) => (eiv === null ? null : n)
  // Without an index the gross part is unknown; the job cost then counts only the taxes, as the warning says.
  const gross = job.costIndex === null ? null : jobPart(job.gross)
  const jobTotal = jobPart(job.avg)
  const total = materialsSell === null || jobTotal === null ? null : materialsSell + jobTotal
  const value = product && product.price.sell !== null ? product.price.sell * product.quantity : null
  const indexSource =
    r.jobCost.costIndexSource === 'missing' && r.ages.costIndicesAt === null ? 'Cost indices not fetched from ESI yet' : SOURCE[r.jobCost.costIndexSource]
  return (
    <section className="build-result" data-testid="build-result">
      <h2 ref={headingRef} tabIndex={-1}>
        {r.blueprintName} <span className="muted">× {formatInt(r.runs)}</span>
      </h2>
      <p className="muted build-line">
        ME {r.ME} · {r.structure} in {r.system.system_name} ({r.system.security_class === 'wormhole' ? 'wormhole' : displaySecurity(r.system.security)}) ·
        prices at {r.stationLabel} · material factor × {formatNumber(r.materialMultiplier, 4)}
      </p>
      {r.warnings.length > 0 && (
        <ul className="build-warnings" data-testid="build-warnings">
          {r.warnings.map((w) => (
            <li key={w} className="warning-text">
              {w}
            </li>
          ))}
        </ul>
      )}
      <div className="build-grid">
        <div>
          <SortableTable
            label="Materials table"
            rows={r.materials}
            columns={columns(noSnapshot)}
            rowKey={(m) => m.typeID}
            sort={sort}
            onSortChange={setSort}
            className="materials-table"
            footer={
              <tr className="total-row">
                <th scope="row" colSpan={4}>
                  Total materials (sell)
                </th>
                <td className="align-right" data-testid="materials-total">
                  {iskOrNa2(materialsSell)}
                </td>
              </tr>
            }
          />
        </div>
        <dl className="build-summary">
          <div>
            <dt>Estimated item value</dt>
            <dd>{iskOrNa2(eiv)}</dd>
          </div>
          <div>
            <dt>Job cost index</dt>
            <dd>
              <span title={indexSource} data-testid="job-cost-index">
                {formatIndex(r.jobCost.costIndex, r.ages.costIndicesAt !== null)}
              </span>
              {r.jobCost.costIndexSource === 'override' && <span className="muted"> (override)</span>}
            </dd>
          </div>
          <div>
            <dt>Job gross cost</dt>
            <dd>{iskOrNa2(gross)}</dd>
          </div>
          <div>
            <dt>Facility tax</dt>
            <dd>{iskOrNa2(jobPart(job.facilityTax))}</dd>
          </div>
          <div>
            <dt>SCC surcharge (4%)</dt>
            <dd>{iskOrNa2(jobPart(job.sccSurcharge))}</dd>
          </div>
          <div className="sum">
            <dt>Job cost</dt>
            <dd data-testid="job-cost">{iskOrNa2(jobTotal)}</dd>
          </div>
          <div>
            <dt>Materials (sell)</dt>
            <dd>
              <MaterialsTotal value={materialsSell} unpriced={r.missingPrices.length} side="sell" />
            </dd>
          </div>
          <div>
            <dt>Materials (buy)</dt>
            <dd>
              <MaterialsTotal value={materialsBuy} unpriced={unpricedBuy} side="buy" />
            </dd>
          </div>
          <div className="sum">
            <dt>Build cost</dt>
            <dd data-testid="build-total">{iskOrNa2(total)}</dd>
          </div>
          {product && (
            <>
              <div>
                <dt title={`${formatInt(product.quantity)} × ${product.name}`}>Per unit</dt>
                <dd data-testid="per-unit">{iskOrNa2(total === null ? null : total / product.quantity)}</dd>
              </div>
              <div>
                <dt title={`${formatInt(product.quantity)} × ${product.name} at the lowest sell order`}>Product at sell</dt>
                <dd>{value === null ? <MissingMark title={missingReason(noSnapshot, `No sell orders for ${product.name} at this hub`)} /> : isk(value)}</dd>
              </div>
              {value !== null && total !== null && (
                <div className="sum">
                  <dt>{value >= total ? 'Margin' : 'Loss'}</dt>
                  <dd className={value >= total ? 'good-text' : 'error-text'} data-testid="build-margin">
                    {isk(Math.abs(value - total))}
                  </dd>
                </div>
              )}
            </>
          )}
        </dl>
      </div>
    </section>
  )
}
