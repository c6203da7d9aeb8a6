import { Link } from 'react-router-dom'
import { formatInt } from '../../../schemas/format'
import { rollingColumnFor, GG } from '../../lib/rolling-plans'
import { Section } from './Section'
import { formatKg } from './format'

/**
 * The hole rolling guide's plan for a type's total mass, on the type page: the main sequence, then the YES (reduced)
 * and NO boxes, for battleships of about 200,000 t cold and 300,000 t hot, as the guide assumes. A mass that is none
 * of the guide's four columns says so.
 */
export function TypeRollingPlan({ code, totalMass }: { code: string; totalMass: number | null }) {
  const column = rollingColumnFor(totalMass)
  return (
    <Section name="Rolling">
      {column === null ? (
        <p>
          {totalMass === null
            ? `The total mass of ${code} is not in the data, so no rolling plan fits it.`
            : `${formatKg(totalMass)} (${formatInt(totalMass / GG)}Gg) is none of the hole rolling guide's four columns, so it has no ready plan.`}{' '}
          The <Link to="/rolling-mass">hole rolling guide</Link> has the mass tracker for any hole.
        </p>
      ) : (
        <div className="wh-rolling-plan" data-testid="type-rolling-plan">
          <p>
            The {column.label} column of the <Link to="/rolling-mass">hole rolling guide</Link>, for battleships of about 200,000,000 kg cold and 300,000,000 kg
            hot:
          </p>
          <ul className="wh-rolling-steps">
            <li>
              <strong>Main sequence:</strong> <span className="wh-rolling-step">{column.plan.main}</span>
            </li>
            <li>
              <strong>Reduced after it (YES):</strong>{' '}
              <span className="wh-rolling-step">
                to roll: {column.plan.reduced.roll}; to crit: {column.plan.reduced.crit}
              </span>
            </li>
            <li>
              <strong>Not reduced (NO):</strong>{' '}
              <span className="wh-rolling-step">
                to roll: {column.plan.notReduced.roll}; to crit: {column.plan.notReduced.crit}
              </span>
            </li>
          </ul>
          <p className="muted small">A hole is reduced below 50% of its mass and critical below 10%; its real mass is its type&apos;s ±10%.</p>
        </div>
      )}
    </Section>
  )
}
