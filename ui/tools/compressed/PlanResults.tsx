import type { PlanResponse } from '../../../schemas/ore-planner'
import { BATCH_UNITS, MINERAL_NAMES, PLANNER_TEXT, PRICE_FIELD_LABELS, STRATEGY_LABELS } from '../../../schemas/ore-planner-constants'
import { CopyButton } from '../../components/CopyButton'
import { formatFixed2, formatInt, formatIsk } from '../../../schemas/format'
import { useResultsIntoView } from '../../lib/results-into-view'
import { TableWrap } from '../../components/TableWrap'

const isk = (n: number | null) => (n === null ? 'no price' : formatIsk(n))
const m3 = (n: number) => `${formatFixed2(n)} m³`

/** "units<TAB>Compressed X" per line: what the game's multibuy window takes. */
export const shoppingListText = (plan: PlanResponse) => plan.rows.map((r) => `${r.batches * BATCH_UNITS}\t${r.name}`).join('\n')

function ageText(seconds: number | null): string {
  if (seconds === null) return 'no snapshot yet'
  if (seconds < 60) return 'taken just now'
  const minutes = Math.floor(seconds / 60)
  return minutes < 60 ? `taken ${minutes} min ago` : `taken ${Math.floor(minutes / 60)} h ${minutes % 60} min ago`
}

/** Shopping List, Totals vs Targets and Summary for a plan the server returned. */
export function PlanResults({ plan }: { plan: PlanResponse }) {
  const opt = plan.optimality
  // A new plan scrolls the shopping list into view with the focus on its heading (on a phone it is below the form).
  const heading = useResultsIntoView(plan)
  return (
    <div className="ore-results" data-testid="ore-results">
      {plan.warnings.length > 0 && (
        <ul className="ore-warnings" data-testid="ore-warnings">
          {plan.warnings.map((w) => (
            <li key={w} className="warning-text">
              ⚠ {w}
            </li>
          ))}
        </ul>
      )}

      <section className="panel ore-section" aria-labelledby="ore-list-title">
        <div className="ore-section-head">
          <h2 id="ore-list-title" ref={heading} tabIndex={-1}>
            Shopping List
          </h2>
          <CopyButton text={() => shoppingListText(plan)} label={PLANNER_TEXT.copy} copiedLabel={PLANNER_TEXT.copied} disabled={plan.rows.length === 0} />
        </div>
        <p className="muted" data-testid="ore-plan-basis">
          {STRATEGY_LABELS[plan.strategy]} · refine rate {formatFixed2(plan.refineRate * 100)}% · prices:{' '}
          {PRICE_FIELD_LABELS[plan.pricing.price_field].toLowerCase()} at {plan.pricing.label}, {ageText(plan.pricing.age_seconds)}
          {opt && (opt.proven ? ' · proven optimal' : ' · best found within the time limit (see warning)')}
        </p>
        {plan.rows.length === 0 ? (
          <p className="notice" data-testid="ore-empty">
            {PLANNER_TEXT.empty}
          </p>
        ) : (
          <TableWrap label="Shopping list table">
            <table className="data-table ore-list" data-testid="ore-list">
              <thead>
                <tr>
                  <th>Compressed ore</th>
                  <th className="num">Batches</th>
                  <th className="num">Units</th>
                  <th className="num">Volume</th>
                  <th className="num">Unit price</th>
                  <th className="num">Cost</th>
                  <th>Reprocesses into</th>
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((r) => (
                  <tr key={r.typeId}>
                    <td>{r.name}</td>
                    <td className="num">{formatInt(r.batches)} ×100</td>
                    <td className="num">{formatInt(r.units)}</td>
                    <td className="num">{m3(r.volumeM3)}</td>
                    <td className="num">{r.unitPrice === null ? 'no price' : formatIsk(r.unitPrice, 2)}</td>
                    <td className="num">{isk(r.cost)}</td>
                    <td className="muted">
                      {Object.entries(r.yields)
                        .map(([m, q]) => `${m} ${formatInt(q)}`)
                        .join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th>Total</th>
                  <th className="num" data-testid="ore-batches-total">
                    {formatInt(plan.summary.batchesTotal)} ×100
                  </th>
                  <th className="num">{formatInt(plan.summary.batchesTotal * BATCH_UNITS)}</th>
                  <th className="num">{m3(plan.summary.oresM3)}</th>
                  <td />
                  <th className="num">{isk(plan.summary.oresCostIsk)}</th>
                  <td />
                </tr>
              </tfoot>
            </table>
          </TableWrap>
        )}
      </section>

      <section className="panel ore-section" aria-labelledby="ore-totals-title">
        <h2 id="ore-totals-title">Totals vs Targets</h2>
        <div className="ore-cards">
          {MINERAL_NAMES.filter((m) => plan.totals[m].target > 0 || plan.totals[m].produced > 0).map((m) => {
            const t = plan.totals[m]
            return (
              <div key={m} className={`ore-card ${t.shortfall === 0 ? 'ore-card-ok' : 'ore-card-short'}`} data-testid="ore-card" data-mineral={m}>
                <h3>{m}</h3>
                <dl>
                  <dt>Target</dt>
                  <dd>{formatInt(t.target)}</dd>
                  <dt>Produced</dt>
                  <dd>{formatInt(t.produced)}</dd>
                  {t.surplus > 0 && (
                    <>
                      <dt>Surplus</dt>
                      <dd data-testid="ore-card-surplus">{formatInt(t.surplus)}</dd>
                    </>
                  )}
                  {t.shortfall > 0 && (
                    <>
                      <dt>Shortfall</dt>
                      <dd data-testid="ore-card-shortfall">{formatInt(t.shortfall)}</dd>
                    </>
                  )}
                </dl>
              </div>
            )
          })}
        </div>
      </section>

      <section className="panel ore-section" aria-labelledby="ore-summary-title">
        <h2 id="ore-summary-title">Summary (Volumes &amp; Values)</h2>
        <TableWrap label="Summary table">
          {/* Explicit roles: on a phone the CSS stacks each line, and a table whose rows are no longer table rows
              loses its table semantics in some browsers. */}
          <table className="data-table ore-summary" data-testid="ore-summary" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <td role="cell" />
                <th role="columnheader" className="num">
                  Volume
                </th>
                <th role="columnheader" className="num">
                  Value at {plan.pricing.label}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {(
                [
                  ['Compressed ores (cost)', plan.summary.oresM3, plan.summary.oresCostIsk],
                  ['Targeted minerals', plan.summary.targetedMineralsM3, plan.summary.targetedValueIsk],
                  ['Surplus minerals', plan.summary.surplusMineralsM3, plan.summary.surplusValueIsk],
                  ['All minerals', plan.summary.allMineralsM3, plan.summary.allMineralsValueIsk],
                ] as const
              ).map(([label, volume, value]) => (
                <tr key={label} role="row">
                  <th role="rowheader">{label}</th>
                  <td role="cell" className="num" data-label="Volume">
                    {m3(volume)}
                  </td>
                  <td role="cell" className="num" data-label={`Value at ${plan.pricing.label}`}>
                    {isk(value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
        <p className="muted">Minerals are 0.01 m³ a unit; “targeted” counts each mineral up to its target, “surplus” what is produced beyond it.</p>
      </section>
    </div>
  )
}
