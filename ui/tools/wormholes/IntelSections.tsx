import { Link } from 'react-router-dom'
import type { ClassSite, SystemResidents, WormholeSystemDetail } from '../../../schemas/wormholes'
import { getSystemResidents } from '../../../schemas/wormholes-endpoints'
import { formatInt } from '../../../schemas/format'
import { callApi } from '../../lib/api'
import { useAsync } from '../../lib/use-async'
import { destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { TableWrap } from '../../components/TableWrap'
import { Section } from './Section'
import { formatHours, formatKg } from './format'

/** The wandering holes that may spawn in the system's class, each with where it leads, its mass and lifetime. */
export function WanderingHoles({ detail }: { detail: WormholeSystemDetail }) {
  const { wandering, system } = detail
  return (
    <Section name="Wandering holes">
      {wandering === null ? (
        <p className="muted">The wandering wormhole data is missing on this server, so they cannot be listed.</p>
      ) : wandering.length === 0 ? (
        <p className="muted">No wandering wormhole is known to spawn in {system.class_label} systems.</p>
      ) : (
        <>
          <TableWrap label="Wandering holes table">
            <table className="data-table wh-wandering">
              <thead>
                <tr>
                  <th scope="col">Type</th>
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
                </tr>
              </thead>
              <tbody>
                {wandering.map(({ code, type }) => (
                  <tr key={code}>
                    <td className="wh-static-code" style={{ color: destinationColour(type?.destinations[0]) }}>
                      <Link to={`/wormholes/types/${code}`}>{code}</Link>
                    </td>
                    <td>{type ? type.destinations.map(destinationLabel).join(', ') || 'unknown' : 'not in the type data'}</td>
                    <td className="align-right">{type?.total_mass != null ? formatKg(type.total_mass) : '—'}</td>
                    <td className="align-right">{type?.max_jump_mass != null ? formatKg(type.max_jump_mass) : '—'}</td>
                    <td className="align-right">{type?.lifetime_hours != null ? formatHours(type.lifetime_hours) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <p className="muted small">
            Wandering holes are not statics: any of these may open here. How to close one: the <Link to="/rolling-mass">hole rolling guide</Link>.
          </p>
        </>
      )}
    </Section>
  )
}

const KIND_LABELS: Record<ClassSite['kind'], string> = { combat: 'Combat', relic: 'Relic', data: 'Data', gas: 'Gas', ore: 'Ore' }
const isk = (n: number | null) => (n === null ? 'not in the data' : `${formatInt(n)} ISK`)

/** The card of a site on /wormhole-sites: its class and its name in the search, so the list shows that card. */
export const siteCardLink = (s: ClassSite) =>
  `/wormhole-sites?${new URLSearchParams(
    s.kind === 'gas' || s.kind === 'ore' ? { class: s.site_class.toLowerCase(), q: s.name } : { class: s.site_class.toLowerCase(), type: s.kind, q: s.name },
  ).toString()}`
/** Gas and ore sites have their card on /wormhole-sites for the classes its buttons offer (C1-C6), not C13. */
const hasCard = (s: ClassSite) => (s.kind !== 'gas' && s.kind !== 'ore') || /^C[1-6]$/.test(s.site_class)

/** The sites of the system's class by kind, with their blue loot (and gas or ore value); sleeper sites link their card on /wormhole-sites. */
export function ClassSites({ detail }: { detail: WormholeSystemDetail }) {
  const { sites, system } = detail
  if (sites === null) {
    return (
      <Section name="Sites">
        <p className="muted">The site data is missing on this server, so the sites of this class cannot be listed.</p>
      </Section>
    )
  }
  const kinds = (Object.keys(KIND_LABELS) as Array<ClassSite['kind']>).filter((k) => sites.some((s) => s.kind === k))
  return (
    <Section name="Sites" heading={`Sites in ${system.class_label} systems`}>
      {sites.length === 0 ? (
        <p className="muted">The site data covers classes C1 to C6; it lists no site for {system.class_label} systems.</p>
      ) : (
        <div className="wh-sites">
          {kinds.map((kind) => (
            <div key={kind} className="wh-site-kind">
              <h4>{KIND_LABELS[kind]}</h4>
              <ul>
                {sites
                  .filter((s) => s.kind === kind)
                  .map((s) => (
                    <li key={s.name}>
                      {hasCard(s) ? <Link to={siteCardLink(s)}>{s.name}</Link> : s.name}{' '}
                      <span className="muted">
                        {s.resource_isk !== null ? `${kind === 'gas' ? 'gas' : 'ore'} ${isk(s.resource_isk)} · ` : ''}blue loot {isk(s.blue_loot_isk)}
                      </span>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Section>
  )
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`

/** A 24-hour UTC bar per top corporation: when the residents are seen on kills. */
export function ActiveHours({ systemId }: { systemId: number }) {
  const load = useAsync<SystemResidents>(() => callApi(getSystemResidents, { params: { solarsystemid: systemId } }), [systemId])
  return (
    <Section name="Active hours" heading="Residents' active hours (UTC)">
      {load.state === 'loading' && <p className="muted">Loading active hours…</p>}
      {load.state === 'error' && <p className="warning-text">Active hours did not load: {load.message}</p>}
      {load.state === 'ok' && load.value.corporations.length === 0 && (
        <p className="muted" data-testid="active-hours-none">
          No kill stored in this system over the last {load.value.days} days, so no active hours to show.
        </p>
      )}
      {load.state === 'ok' && load.value.corporations.length > 0 && (
        <>
          <ul className="wh-hours" data-testid="active-hours">
            {load.value.corporations.map((c) => {
              const max = Math.max(...c.hours)
              const name = c.name ?? `Corporation ${c.id}`
              return (
                <li key={c.id}>
                  <span className="wh-hours-name">
                    {name} <span className="muted">({formatInt(c.kills)})</span>
                  </span>
                  <span className="wh-hours-bar" role="img" aria-label={`${name}: kills by UTC hour, busiest ${hourLabel(c.hours.indexOf(max))}`}>
                    {c.hours.map((n, h) => (
                      <span
                        key={h}
                        title={`${hourLabel(h)} UTC: ${n} kill${n === 1 ? '' : 's'}`}
                        style={{ opacity: n === 0 ? 0.08 : 0.25 + 0.75 * (n / max) }}
                      />
                    ))}
                  </span>
                </li>
              )
            })}
          </ul>
          <p className="muted small">
            Kills each corporation took part in over the last {load.value.days} days, by hour of day (UTC, 00 on the left); brighter is busier.
          </p>
        </>
      )}
    </Section>
  )
}
