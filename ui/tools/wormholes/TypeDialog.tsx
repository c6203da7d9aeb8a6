import { Link } from 'react-router-dom'
import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { getWormholeTypeByCode } from '../../../schemas/wormholes-endpoints'
import { callApi } from '../../lib/api'
import { useAsync } from '../../lib/use-async'
import { Dialog } from '../../components/Dialog'
import { CopyButton } from '../../components/CopyButton'
import { destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { Section } from './Section'
import { formatHours, formatKg } from './format'
import { TypeRollingPlan } from './TypeRollingPlan'

/** Wormhole type codes as the game names them: a letter and three digits (H296, K162). */
export const looksLikeTypeCode = (q: string) => /^[a-z]\d{3}$/i.test(q.trim())

type Field = 'total_mass' | 'max_jump_mass' | 'lifetime_hours' | 'mass_regen'

/** The game's static data value, with the community data's figure beside it where the two differ. */
function valueLine(type: WormholeTypeInfo, field: Field, format: (n: number) => string) {
  const value = type[field]
  if (value === null) return 'not in the data'
  const community = type.community[field]
  if (!type.disagreements.includes(field) || community === null) return format(value)
  return (
    <>
      {format(value)} <span className="muted">(community data: {format(community)})</span>
    </>
  )
}

/** One wormhole type at its own address (/wormholes/types/H296). */
export function TypeDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const load = useAsync(() => callApi(getWormholeTypeByCode, { params: { code } }), [code])
  const upper = code.toUpperCase()
  return (
    <Dialog open onClose={onClose} title={`Wormhole type ${upper}`} wide>
      {load.state === 'loading' && <p className="muted">Loading {upper}…</p>}
      {load.state === 'error' && <p className="error-box">{load.message}</p>}
      {load.state === 'ok' && (
        <div className="wh-detail" data-testid="type-detail">
          <section className="wh-section wh-overview">
            <dl>
              {(
                [
                  [
                    'Leads to',
                    <span key="d" style={{ color: destinationColour(load.value.type.destinations[0]) }}>
                      {load.value.type.destinations.map(destinationLabel).join(', ') || 'unknown'}
                    </span>,
                  ],
                  ['Total mass', valueLine(load.value.type, 'total_mass', formatKg)],
                  ['Jump mass', valueLine(load.value.type, 'max_jump_mass', formatKg)],
                  ['Lifetime', valueLine(load.value.type, 'lifetime_hours', formatHours)],
                  ['Mass regeneration', valueLine(load.value.type, 'mass_regen', formatKg)],
                ] as const
              ).map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <CopyButton text={`${window.location.origin}/wormholes/types/${upper}`} label="Copy link" />
          </section>
          <Section name="Static in">
            {load.value.static_in.length === 0 ? (
              <p className="muted">
                No wormhole system has {upper} as a static{load.value.type.code === 'K162' ? ': K162 is the exit side of every hole' : ''}.
              </p>
            ) : (
              <ul className="wh-links">
                {load.value.static_in.map((s) => (
                  <li key={s.class_label}>
                    <Link to={`/wormholes?class=${s.class_label.toLowerCase()}&static=${load.value.type.destinations[0] ?? ''}`}>{s.class_label}</Link>{' '}
                    <span className="muted">
                      ({s.systems} system{s.systems === 1 ? '' : 's'})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section name="Wandering in">
            {load.value.wandering_in === null ? (
              <p className="muted">The wandering wormhole data is missing on this server.</p>
            ) : load.value.wandering_in.length === 0 ? (
              <p className="muted">{upper} is not listed as a wandering hole in any class.</p>
            ) : (
              <p>{load.value.wandering_in.join(', ')}</p>
            )}
          </Section>
          <TypeRollingPlan code={upper} totalMass={load.value.type.total_mass} />
        </div>
      )}
    </Dialog>
  )
}
