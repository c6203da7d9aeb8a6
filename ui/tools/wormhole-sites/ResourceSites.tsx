import type { ResourceSite, ResourceSites } from '../../../schemas/resource-sites'
import { getResourceSites } from '../../../schemas/wormhole-sites-endpoints'
import { formatInt } from '../../../schemas/format'
import { callApi } from '../../lib/api'
import { useAsync } from '../../lib/use-async'
import { TableWrap } from '../../components/TableWrap'

const isk = (n: number | null) => (n === null ? 'not in the data' : `${formatInt(n)} ISK`)
const cell = (n: number | null) => (n === null ? '–' : formatInt(n))
const kmFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** The tackle and neutralisers of one defender, in the words of the sleeper cards. */
function tackle(d: ResourceSite['defenders'][number]): string {
  const parts: string[] = []
  if (d.scram) parts.push(`Scram ${d.scram}`)
  if (d.web) parts.push(`Web ${formatInt(d.web)}%`)
  if (d.neut_gj_s) parts.push(`Neut ${formatInt(d.neut_gj_s)} GJ/s`)
  if (d.rrep_hp_s) parts.push(`RR ${formatInt(d.rrep_hp_s)} HP/s`)
  return parts.join(' · ') || '–'
}

/** The sites a class and name choice leaves: any chosen class among the site's, and the name containing the search. */
export function filterResourceSites(
  sites: readonly ResourceSite[],
  classes: readonly string[],
  q: string,
  kind: ResourceSite['kind'] | null = null,
): ResourceSite[] {
  const text = q.trim().toLowerCase()
  return sites.filter(
    (s) => (kind === null || s.kind === kind) && s.classes.some((c) => classes.includes(c)) && (text === '' || s.name.toLowerCase().includes(text)),
  )
}

function ResourceSiteCard({ site }: { site: ResourceSite }) {
  return (
    <article className="panel resource-site-card" data-resource-site={site.name} aria-label={site.name}>
      <div className="site-head">
        <div>
          <h2>{site.name}</h2>
          <p className="muted">
            {site.kind === 'gas' ? 'Gas' : 'Ore'} site · {site.classes.join(', ')}
          </p>
        </div>
      </div>
      <p className="site-figures">
        <span>
          Blue loot <strong>{isk(site.blue_loot_isk)}</strong>
        </span>
        <span>
          {site.kind === 'gas' ? 'Clouds' : 'Ores'} worth <strong>{isk(site.resource_value_isk)}</strong>
        </span>
      </p>
      <p className="resource-list">{site.resources.map((r) => `${r.name} ${formatInt(r.units)} units (${formatInt(r.volume_m3)} m³)`).join(' · ')}</p>
      {site.defenders.length === 0 ? (
        <p className="muted">No defenders in the data.</p>
      ) : (
        <TableWrap label={`${site.name} defenders`}>
          <table className="data-table resource-defenders">
            <caption className="visually-hidden">Defenders of {site.name}</caption>
            <thead>
              <tr>
                <th scope="col">Defenders</th>
                <th scope="col" className="align-right">
                  DPS
                </th>
                <th scope="col" className="align-right">
                  Alpha
                </th>
                <th scope="col" className="align-right">
                  EHP
                </th>
                <th scope="col" className="align-right">
                  Orbit
                </th>
                <th scope="col">Tackle</th>
              </tr>
            </thead>
            <tbody>
              {site.defenders.map((d, i) => (
                <tr key={`${d.name}-${i}`}>
                  <td>
                    {d.quantity} × {d.name}
                  </td>
                  <td className="align-right">{cell(d.dps)}</td>
                  <td className="align-right">{cell(d.alpha)}</td>
                  <td className="align-right">{cell(d.ehp)}</td>
                  <td className="align-right">{d.orbit_distance_m === null ? '–' : `${kmFormat.format(d.orbit_distance_m / 1000)} km`}</td>
                  <td>{tackle(d)}</td>
                </tr>
              ))}
            </tbody>
            {site.defender_totals && (
              <tfoot>
                <tr>
                  <th scope="row">All defenders</th>
                  <td className="align-right">{cell(site.defender_totals.dps)}</td>
                  <td className="align-right">{cell(site.defender_totals.alpha)}</td>
                  <td className="align-right">{cell(site.defender_totals.ehp)}</td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            )}
          </table>
        </TableWrap>
      )}
    </article>
  )
}

const loadResourceSites = (): Promise<ResourceSites> => callApi(getResourceSites, {})

/** The gas and ore sites of the chosen classes, with their clouds or ores and their defenders (per site, as the sheet lists them). */
/** Gas and ore sites for the chosen classes and name; `kind` shows only one of the two. */
export function ResourceSitesSection({ classes, q, kind = null }: { classes: readonly string[]; q: string; kind?: ResourceSite['kind'] | null }) {
  const load = useAsync(loadResourceSites, [])
  if (load.state === 'loading') return <p className="muted">Loading gas and ore sites…</p>
  if (load.state === 'error') return <p className="warning-text">The gas and ore sites did not load: {load.message}</p>
  const shown = filterResourceSites(load.value.sites, classes, q, kind)
  const what = kind === 'gas' ? 'Gas sites' : kind === 'ore' ? 'Ore sites' : 'Gas and ore sites'
  return (
    <section className="resource-sites" aria-label={what}>
      <h2 className="resource-sites-heading">{what}</h2>
      {load.value.missing.length > 0 && <p className="warning-text">Missing on this server: {load.value.missing.join(', ')}.</p>}
      {shown.length === 0 ? (
        <p className="muted">No {kind ?? 'gas or ore'} site for this choice.</p>
      ) : (
        <div className="resource-site-list">
          {shown.map((s) => (
            <ResourceSiteCard key={`${s.kind}-${s.name}`} site={s} />
          ))}
        </div>
      )}
      <p className="muted small">
        Clouds, ores, defenders and blue loot: the community wormhole-sites sheet (gas and ore tabs); classes: Pathfinder&apos;s signature tables. Values at the
        data set&apos;s prices (ESI average prices of May 2026), not today&apos;s market. When the defenders arrive is not in the data.
      </p>
    </section>
  )
}
