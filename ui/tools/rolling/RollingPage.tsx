import { useMemo, useState } from 'react'
import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { formatInt } from '../../../schemas/format'
import { useAsync } from '../../lib/use-async'
import { loadWormholeTypes } from '../../lib/wormhole-data'
import { destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { assignColumns, GG, ROLLING_COLUMNS, type RollingColumn } from './columns'
import { MassTracker } from './MassTracker'
import { sdeDisagreements } from './sde-notes'
import './rolling.css'

const kg = (n: number) => `${formatInt(n)} kg`

function codeTitle(t: WormholeTypeInfo): string {
  const lines = [
    `${t.code} → ${t.destinations.map(destinationLabel).join(', ') || 'unknown'}`,
    `Total mass ${kg(t.total_mass!)}`,
    t.max_jump_mass !== null ? `Jump mass ${kg(t.max_jump_mass)}` : 'Jump mass unknown',
  ]
  return [...lines, ...sdeDisagreements(t)].join('\n')
}

function AnswerBox({ answer, steps }: { answer: 'YES' | 'NO'; steps: { roll: string; crit: string } }) {
  return (
    <div className={`roll-box ${answer.toLowerCase()}`}>
      <h3>{answer}</h3>
      <p>
        <span className="step-label">To Roll</span> {steps.roll}
      </p>
      <p>
        <span className="step-label">To Crit</span> {steps.crit}
      </p>
    </div>
  )
}

function Column({ column, codes, onPick }: { column: RollingColumn; codes: WormholeTypeInfo[]; onPick: (code: string) => void }) {
  const { plan } = column
  return (
    <section className="roll-column" style={{ ['--column-colour' as string]: column.colour }} aria-label={column.label} data-column={column.gg}>
      <h2>{column.label}</h2>
      <ul className="roll-codes">
        {codes.map((t) => (
          <li key={t.code}>
            <button
              type="button"
              className="roll-code"
              title={codeTitle(t)}
              onClick={() => onPick(t.code)}
              data-code={t.code}
              style={{ color: destinationColour(t.destinations[0]) }}
            >
              {t.code}
            </button>
          </li>
        ))}
      </ul>
      <div className="roll-step main">
        <span className="step-label">Main sequence</span>
        <strong>{plan.main}</strong>
      </div>
      <div className="roll-question">Is the hole reduced?</div>
      <div className="roll-answers">
        <AnswerBox answer="YES" steps={plan.reduced} />
        <AnswerBox answer="NO" steps={plan.notReduced} />
      </div>
    </section>
  )
}

export default function RollingPage() {
  /** Bumped by 'Try again' (a failed load is forgotten, so it fetches again). */
  const [attempt, setAttempt] = useState(0)
  const loaded = useAsync(loadWormholeTypes, [attempt])
  const types = loaded.state === 'ok' ? loaded.value : null
  const error = loaded.state === 'error' ? loaded.message : null
  const [picked, setPicked] = useState<{ code: string } | null>(null)
  const assignment = useMemo(() => (types ? assignColumns(types) : null), [types])
  const pick = (code: string) => {
    setPicked({ code })
    const tracker = document.getElementById('mass-tracker')
    tracker?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    // Focus follows the view, so a keyboard or screen-reader user lands on the tracker that now follows this code.
    tracker?.querySelector<HTMLSelectElement>('select[aria-label="Wormhole type"]')?.focus({ preventScroll: true })
  }

  return (
    <div className="rolling-page">
      <section className="panel">
        <h1>Hole Rolling Guide</h1>
        <p className="muted">
          Find the hole's type code in a column, fly the main sequence, check whether the hole shows as reduced, then follow the YES or NO box. Hover a code for
          its mass, jump mass and destination; click it to track the hole below.
        </p>
      </section>
      {/* On the page before any text: screen readers do not reliably read a live region that arrives holding its text. */}
      <div role="status">{loaded.state === 'loading' && <p className="muted">Loading the wormhole codes…</p>}</div>
      {error && (
        <div className="error-box">
          <p>
            The wormhole type data did not load ({error}), so the columns cannot list their codes and the mass tracker is hidden. The jump plans still apply.
          </p>
          <button type="button" className="button secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {types && types.length === 0 && <p className="error-box">This server has no wormhole type data, so the columns cannot list their codes.</p>}
      <div className="roll-grid">
        {ROLLING_COLUMNS.map((c) => (
          <Column key={c.gg} column={c} codes={assignment?.columns.get(c.gg) ?? []} onPick={pick} />
        ))}
      </div>
      <section className="panel roll-notes">
        <p>
          The plans assume battleships with standard mass fits: about 200,000,000 kg cold and 300,000,000 kg hot (propulsion module running). Outliers use
          cold-hot jumps until the hole is critical, then a HIC once or twice. Reduced 1000Gg holes are best rolled with HICs.
        </p>
        <p className="muted small">
          A hole is reduced below 50% of its mass and critical below 10%; its real mass is its type's ±10%. Columns come from each code's total mass in the
          community wormhole type data.
          {assignment && assignment.notInData.length > 0 && ` Not in that data, so not shown: ${assignment.notInData.join(', ')}.`}
          {assignment &&
            assignment.otherMass.length > 0 &&
            ` Outside the four columns: ${assignment.otherMass.map((t) => `${t.code} (${formatInt(t.total_mass! / GG)}Gg)`).join(', ')}.`}
        </p>
      </section>
      <div id="mass-tracker">{types && types.length > 0 && <MassTracker types={types} picked={picked} />}</div>
    </div>
  )
}
