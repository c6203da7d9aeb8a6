import type { CommunityData } from '../../../schemas/community.js'
import type { ClassSite, WormholeSystem, WormholeSystemDetail, WormholeTypeDetail, WormholeTypeInfo } from '../../../schemas/wormholes.js'

/**
 * Wandering holes of a class: the community data set (Wanderer's `wandering` lists, wormhole-systems/PROVENANCE.md)
 * keyed by the class label (C1-C6, C13, the Drifter system names, Thera). Null when the data set is missing; an
 * empty list when the class has none listed (C13).
 */
export function wanderingFor(
  classLabel: string,
  wandering: CommunityData['wormholeWandering'],
  types: ReadonlyMap<string, WormholeTypeInfo>,
): WormholeSystemDetail['wandering'] {
  if (!wandering) return null
  return [...new Set(wandering[classLabel] ?? [])].sort().map((code) => ({ code, type: types.get(code) ?? null }))
}

const SLEEPER_ORDER: Record<string, number> = { combat: 0, relic: 1, data: 2, gas: 3, ore: 4 }

/**
 * The sites that spawn in a class, each with its values: sleeper sites (combat, relic, data) with their blue loot,
 * gas and ore sites with blue loot and the value of their clouds or ores (community data sets, each with a
 * PROVENANCE.md). A gas or ore site is listed once per class; its card on /wormhole-sites is filed under the class.
 * Null when none of the data sets loaded; classes the data does not cover (C13, Drifter systems) get an empty list.
 */
export function sitesFor(classLabel: string, community: Pick<CommunityData, 'sleeperSites' | 'gasSites' | 'oreSites'>): ClassSite[] | null {
  if (!community.sleeperSites && !community.gasSites && !community.oreSites) return null
  const sites: ClassSite[] = []
  for (const s of community.sleeperSites ?? []) {
    if (s.class !== classLabel) continue
    sites.push({ kind: s.siteType, name: s.name, site_class: s.class, blue_loot_isk: s.blueLootIsk ?? null, resource_isk: null })
  }
  for (const s of [...(community.gasSites ?? []), ...(community.oreSites ?? [])]) {
    if (!s.classes.includes(classLabel)) continue
    const resource = (s as { resourceValueIsk?: unknown }).resourceValueIsk
    sites.push({
      kind: s.siteType,
      name: s.name,
      site_class: classLabel,
      blue_loot_isk: s.blueLootIsk ?? null,
      resource_isk: typeof resource === 'number' ? resource : null,
    })
  }
  return sites.sort((a, b) => SLEEPER_ORDER[a.kind] - SLEEPER_ORDER[b.kind] || a.name.localeCompare(b.name))
}

const CLASS_ORDER = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C13', 'Thera', 'Sentinel', 'Barbican', 'Vidette', 'Conflux', 'Redoubt']
const byClassOrder = (a: string, b: string) => (CLASS_ORDER.indexOf(a) + 1 || 99) - (CLASS_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b)

/** A type with the classes that have it as a static (and how many systems) and those it may wander into. */
export function typeDetail(
  type: WormholeTypeInfo,
  systems: readonly Pick<WormholeSystem, 'class_label' | 'statics'>[],
  wandering: CommunityData['wormholeWandering'],
): WormholeTypeDetail {
  const counts = new Map<string, number>()
  for (const s of systems) if (s.statics.includes(type.code)) counts.set(s.class_label, (counts.get(s.class_label) ?? 0) + 1)
  return {
    type,
    static_in: [...counts].sort(([a], [b]) => byClassOrder(a, b)).map(([class_label, n]) => ({ class_label, systems: n })),
    wandering_in: wandering
      ? Object.entries(wandering)
          .filter(([, codes]) => codes.includes(type.code))
          .map(([label]) => label)
          .sort(byClassOrder)
      : null,
  }
}
