import type { CommunityData } from '../../../schemas/community.js'
import type { LootEscalations, SiteValueBreakdown } from '../../../schemas/loot-split.js'
import { AVENGERS_PER_WAVE, escalationAdds, hasEscalations, type EscalationOptions, type SiteTier } from '../../../schemas/loot-split-rules.js'
import { HttpError } from '../../../platform/http/errors.js'

export type SiteKind = 'combat' | 'data' | 'relic'

export interface SiteValue {
  name: string
  tier: SiteTier
  kind: SiteKind
  /** Blue loot for clearing the site, whole ISK; 0 when the data has none. */
  baseIsk: number
}

/**
 * Blue loot per sleeper site and per escalation, read from the community sleeper-site data
 * (COMMUNITY_DATA_DIR/sleeper-sites: sites.json and escalations.json). Built once per static import.
 */
export class SiteValues {
  private byName = new Map<string, SiteValue>()

  constructor(
    readonly sites: readonly SiteValue[],
    /** Null when escalations.json is missing: escalations cannot be valued then. */
    readonly escalations: LootEscalations | null,
  ) {
    for (const s of sites) this.byName.set(s.name.toLowerCase(), s)
  }

  site(name: string): SiteValue | undefined {
    return this.byName.get(name.trim().toLowerCase())
  }

  /** Sites of a tier: combat first, then data, then relic, each by name (the order the site files list them). */
  ofTier(tier: SiteTier, kinds: readonly SiteKind[] = ['combat', 'data', 'relic']): SiteValue[] {
    const rank = (k: SiteKind) => kinds.indexOf(k)
    return this.sites.filter((s) => s.tier === tier && kinds.includes(s.kind)).sort((a, b) => rank(a.kind) - rank(b.kind) || a.name.localeCompare(b.name, 'en'))
  }

  /**
   * What `count` runs of a site are worth when `avengerRuns` of them had the Upgraded Avenger wave and `drifterRuns`
   * had a Drifter killed (each capped at count; below C5 neither exists, and data and relic sites have no Drifter).
   * The Drifter Response Battleship needs a capital on grid, so Drifter runs count as Response runs as far as the
   * Avenger runs reach and as Recon runs past that (a run with a capital is a run with the wave).
   */
  valueRuns(site: SiteValue, runs: { count: number; avengerRuns: number; drifterRuns: number }): SiteValueBreakdown {
    const escalates = hasEscalations(site.tier)
    const avengerRuns = escalates ? Math.min(runs.avengerRuns, runs.count) : 0
    const drifterRuns = escalates && site.kind === 'combat' ? Math.min(runs.drifterRuns, runs.count) : 0
    const esc = this.escalations
    if (!esc && (avengerRuns || drifterRuns)) this.missingEscalation(avengerRuns ? 'avenger' : 'drifter')
    const responseRuns = Math.min(avengerRuns, drifterRuns)
    const avengerIsk = esc ? avengerRuns * (esc.avengersPerWave[site.tier] ?? 0) * esc.avengerIsk : 0
    const drifterIsk = esc ? responseRuns * esc.drifterIsk + (drifterRuns - responseRuns) * esc.reconDrifterIsk : 0
    const totalIsk = site.baseIsk * runs.count + avengerIsk + drifterIsk
    return {
      siteName: site.name,
      tier: site.tier,
      kind: site.kind,
      count: runs.count,
      baseIsk: site.baseIsk,
      avengerRuns,
      avengerIsk,
      drifterRuns,
      drifterIsk,
      perRunIsk: runs.count ? Math.round(totalIsk / runs.count) : 0,
      totalIsk,
    }
  }

  private missingEscalation(missing: 'avenger' | 'drifter'): never {
    const [what, toggle] = missing === 'avenger' ? ['Upgraded Avenger', 'the Avenger runs'] : ['Drifter', 'the Drifter runs']
    throw new HttpError(
      503,
      `The escalation data set (sleeper-sites/escalations.json) is not loaded on this server, so the ${what} value is unknown. Set ${toggle} to 0 or try again later.`,
    )
  }

  /** What one run of a site is worth: the data's blue loot plus the escalations that apply (`escalationAdds`). */
  perRun(site: SiteValue, options: EscalationOptions): Omit<SiteValueBreakdown, 'count' | 'totalIsk' | 'avengerRuns' | 'drifterRuns'> {
    const { avengerIsk, drifterIsk, missing } = escalationAdds(site, options, this.escalations)
    if (missing) this.missingEscalation(missing)
    return {
      siteName: site.name,
      tier: site.tier,
      kind: site.kind,
      baseIsk: site.baseIsk,
      avengerIsk,
      drifterIsk,
      perRunIsk: site.baseIsk + avengerIsk + drifterIsk,
    }
  }
}

const wholeIsk = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0)

/** Reads the catalog's community data; null when the sleeper-site set is missing (the pages say so). */
export function siteValuesFrom(community: Pick<CommunityData, 'sleeperSites' | 'sleeperEscalations'>): SiteValues | null {
  if (!community.sleeperSites) return null
  const sites = community.sleeperSites.map((s) => ({ name: s.name, tier: s.class, kind: s.siteType, baseIsk: wholeIsk(s.blueLootIsk) }))
  const find = (name: string) => community.sleeperEscalations?.find((e) => e.name === name)
  const avenger = find('Upgraded Avenger')
  const drifter = find('Drifter Response Battleship')
  const recon = find('Drifter Recon Battleship')
  const escalations =
    avenger && drifter && recon
      ? {
          avengerIsk: wholeIsk(avenger.blueLootIsk),
          avengersPerWave: { ...AVENGERS_PER_WAVE },
          drifterIsk: wholeIsk(drifter.blueLootIsk),
          reconDrifterIsk: wholeIsk(recon.blueLootIsk),
        }
      : null
  return new SiteValues(sites, escalations)
}

export const SITE_DATA_MISSING =
  'The sleeper-site data set (sleeper-sites/sites.json) is not loaded on this server, so site values are unknown and loot cannot be split. Try again later.'

/** The site values of the current import, or a 503 with a plain sentence when the data set is missing. */
export function requireSiteValues(values: SiteValues | null): SiteValues {
  if (!values) throw new HttpError(503, SITE_DATA_MISSING)
  return values
}
