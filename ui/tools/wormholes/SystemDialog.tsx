import type { WormholeSystemDetail, WormholeTypeInfo } from '../../../schemas/wormholes'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { GameImage } from '../../components/GameImage'
import { Section } from './Section'
import { loadSystemDetail } from '../../lib/wormhole-data'
import { useAsync } from '../../lib/use-async'
import { destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { planetKind } from './filters'
import { formatHours, formatKg } from './format'
import { KillboardPanels } from './KillboardPanels'
import { ActiveHours, ClassSites, WanderingHoles } from './IntelSections'
import { TableWrap } from '../../components/TableWrap'
import { NewTabLink } from '../../components/NewTabLink'
import { ActivitySection } from './ActivitySection'
import { TheraLinks } from './TheraConnections'

/** The game's static data value, with the community data's figure beside it when the two differ. */
function valueWithSde(type: WormholeTypeInfo, field: 'total_mass' | 'max_jump_mass' | 'lifetime_hours' | 'mass_regen', format: (n: number) => string) {
  const value = type[field]
  if (value === null) return 'unknown'
  const community = type.community[field]
  if (!type.disagreements.includes(field) || community === null) return format(value)
  return (
    <span className="disputed" title={`Game data: ${format(value)}; community data: ${format(community)}`}>
      {format(value)} <span className="muted">(community: {format(community)})</span>
    </span>
  )
}

function Statics({ detail }: { detail: WormholeSystemDetail }) {
  if (detail.statics.length === 0) return <p className="muted">No static wormholes known for this system.</p>
  const disputed = detail.statics.filter((s) => s.type && s.type.disagreements.length > 0)
  return (
    <>
      <TableWrap label="Statics table">
        <table className="data-table wh-statics-table">
          <thead>
            <tr>
              <th scope="col">Static</th>
              <th scope="col">Leads to</th>
              <th scope="col" className="align-right">
                Total mass
              </th>
              <th scope="col" className="align-right">
                Jump mass
              </th>
              <th scope="col" className="align-right">
                Lifetime
              </th>
              <th scope="col" className="align-right" title="Mass the hole regains over time, per the wormhole type data">
                Mass regen
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.statics.map(({ code, type }) => (
              <tr key={code}>
                <td style={{ color: destinationColour(type?.destinations[0]) }} className="wh-static-code">
                  {code}
                </td>
                {type ? (
                  <>
                    <td>{type.destinations.map(destinationLabel).join(', ') || 'unknown'}</td>
                    <td className="align-right">{valueWithSde(type, 'total_mass', formatKg)}</td>
                    <td className="align-right">{valueWithSde(type, 'max_jump_mass', formatKg)}</td>
                    <td className="align-right">{valueWithSde(type, 'lifetime_hours', formatHours)}</td>
                    <td className="align-right">{valueWithSde(type, 'mass_regen', formatKg)}</td>
                  </>
                ) : (
                  <td colSpan={5} className="muted">
                    Not in the wormhole type data.
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {disputed.length > 0 && (
        <p className="muted small">
          Figures are the game's static data (its build is on the status page); where the community data disagrees, its figure is shown beside.
        </p>
      )}
      {detail.statics_elsewhere && (
        <p className="notice" data-testid="statics-elsewhere">
          Other maps may show {detail.statics_elsewhere.statics.join(' + ')} here ({detail.statics_elsewhere.source}). The statics above follow the Wanderer
          mapper&apos;s data, which players have corrected from in-game scans since.
        </p>
      )}
    </>
  )
}

function Weather({ detail }: { detail: WormholeSystemDetail }) {
  const { weather } = detail
  if (!weather.applied) {
    return weather.visible_effect ? (
      <p className="warning-text">{weather.visible_effect}: the effect data is missing on this server, so what it does cannot be shown.</p>
    ) : (
      <p>No effect: nothing changes ships in this system.</p>
    )
  }
  return (
    <>
      <p>
        <strong>{weather.applied.effect}</strong>, class {weather.applied.strength} strength
      </p>
      {weather.differs && (
        <p className="notice" data-testid="beacon-differs">
          The visible sun is {weather.visible_effect ? `a ${weather.visible_effect}` : 'without an effect'}, but the game applies the{' '}
          {weather.applied.beacon_name.replace(' Effects', '')} beacon; the modifiers below are the ones that apply.
        </p>
      )}
      <ul className="wh-modifiers">
        {weather.applied.modifiers.map((m) => (
          <li key={m.label} className={m.good ? 'good' : 'bad'}>
            <span>{m.label}</span> <strong>{m.value}</strong>
          </li>
        ))}
      </ul>
    </>
  )
}

function Celestials({ detail }: { detail: WormholeSystemDetail }) {
  const { system, image_server } = detail
  const icon = (typeId: number, alt: string) => <GameImage src={`${image_server}/types/${typeId}/icon?size=32`} alt={alt} size={28} />
  return (
    <ul className="wh-celestials">
      <li>
        {system.star_type_id !== null ? icon(system.star_type_id, system.star_name ?? 'Star') : null}
        <span>{system.star_name ?? 'Unknown Star'}</span>
        {system.star_spectral_class && <span className="muted">{system.star_spectral_class}</span>}
      </li>
      {system.planets.map((p) => (
        <li key={p.planet_id}>
          {icon(p.type_id, p.type_name)}
          <span>{p.name}</span>
          <span className="muted">
            {planetKind(p.type_name)} · {p.moon_count} moon{p.moon_count === 1 ? '' : 's'}
          </span>
        </li>
      ))}
    </ul>
  )
}

function links(jcode: string, systemId: number) {
  return [
    { label: 'Anoik.is', what: 'wormhole reference', url: `https://anoik.is/systems/${jcode}` },
    { label: 'zKillboard', what: 'killboard', url: `https://zkillboard.com/system/${systemId}/` },
    { label: 'DOTLAN EveMaps', what: 'map', url: `https://evemaps.dotlan.net/system/${jcode}` },
  ]
}

/** The system's dialog: opened from the list or at its own address (/wormholes/J123450). */
export function SystemDialog({ jcode, onClose }: { jcode: string; onClose: () => void }) {
  const load = useAsync(() => loadSystemDetail(jcode), [jcode])
  const system = load.state === 'ok' ? load.value.system : null
  const title = system ? `${system.jcode} · ${system.class_label}` : jcode
  return (
    <Dialog open onClose={onClose} title={title} wide>
      {load.state === 'loading' && <p className="muted">Loading {jcode}…</p>}
      {load.state === 'error' && <p className="error-box">{load.message}</p>}
      {load.state === 'error' && jcode.trim().toLowerCase() === 'thera' && <TheraLinks hubName="Thera" />}
      {load.state === 'ok' && system && (
        <div className="wh-detail">
          <section className="wh-section wh-overview">
            <dl>
              {[
                ['Class', system.class_label],
                ['Region', system.region],
                ['Constellation', system.constellation],
                ['System id', system.solarsystemid],
              ].map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <CopyButton text={system.jcode} label="Copy J-code" />
          </section>
          <TheraLinks systemId={system.solarsystemid} />
          <Section name="Weather">
            <Weather detail={load.value} />
          </Section>
          <Section name="Statics">
            <Statics detail={load.value} />
          </Section>
          <WanderingHoles detail={load.value} />
          <ClassSites detail={load.value} />
          <KillboardPanels systemId={system.solarsystemid} imageServer={load.value.image_server} />
          <ActiveHours systemId={system.solarsystemid} />
          <ActivitySection systemId={system.solarsystemid} />
          <Section name="Celestials">
            <Celestials detail={load.value} />
          </Section>
          <Section name="External links" heading="Elsewhere">
            <ul className="wh-links">
              {links(system.jcode, system.solarsystemid).map((l) => (
                <li key={l.label}>
                  <NewTabLink href={l.url}>{l.label}</NewTabLink> <span className="muted">({l.what})</span>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      )}
    </Dialog>
  )
}
