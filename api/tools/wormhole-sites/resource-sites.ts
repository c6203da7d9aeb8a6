import type { Catalog } from '../../../platform/catalog/catalog.js'
import type { GasSite, OreSite } from '../../../schemas/community.js'
import type { ResourceSite, ResourceSites } from '../../../schemas/resource-sites.js'

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)

function toSite(site: GasSite | OreSite): ResourceSite {
  const resources = site.siteType === 'gas' ? (site as GasSite).gases : (site as OreSite).ores
  const waves = site.defenderWaves ?? []
  const totals = waves.length === 1 ? (waves[0].totals as Record<string, unknown> | undefined) : undefined
  return {
    name: site.name,
    kind: site.siteType,
    classes: site.classes,
    blue_loot_isk: site.blueLootIsk,
    resource_value_isk: num(site.resourceValueIsk),
    resources: resources.map((r) => ({ name: r.name, type_id: r.typeID, units: r.units, volume_m3: r.volumeM3 })),
    defenders: waves.flatMap((w) =>
      w.npcs.map((n) => ({
        name: n.name,
        type_id: n.typeID,
        quantity: n.quantity,
        size_class: n.sizeClass ?? null,
        dps: n.dps ?? null,
        alpha: n.alpha ?? null,
        ehp: n.ehp ?? null,
        scram: n.scram ?? null,
        web: n.web ?? null,
        // the sheet writes neutralisation as a negative capacitor change (-3 GJ/s)
        neut_gj_s: n.neutGJs === null || n.neutGJs === undefined ? null : Math.abs(n.neutGJs),
        rrep_hp_s: n.rrepHPs ?? null,
        orbit_distance_m: n.orbitDistance ?? null,
        max_velocity: n.maxVelocity ?? null,
      })),
    ),
    defender_totals: totals ? { dps: num(totals.dps), alpha: num(totals.alpha), ehp: num(totals.ehp) } : null,
  }
}

/** The gas and ore sites as the sites page shows them: what each holds and who defends it, straight from the data sets. */
export function buildResourceSites(catalog: Catalog): ResourceSites {
  const { gasSites, oreSites } = catalog.community
  const missing: string[] = []
  if (!gasSites) missing.push('gas sites (gas-sites/gas-sites.json)')
  if (!oreSites) missing.push('ore sites (ore-sites/ore-sites.json)')
  return { sites: [...(gasSites ?? []), ...(oreSites ?? [])].map(toSite), missing }
}
