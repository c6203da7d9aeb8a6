import type { DrifterAdditions, SiteRecord, SiteShip, SiteWave } from '../../../schemas/wormhole-sites'

export const SITE_CLASSES = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] as const
/** The spec's four choices, then the gas and ore sites alone (shown below the sleeper sites under All Types). */
export const TYPE_OPTIONS = ['All Types', 'Combat', 'Data', 'Relic', 'Gas', 'Ore'] as const
export type TypeOption = (typeof TYPE_OPTIONS)[number]
/** The resource-site kind a type choice shows alone, if it is one. */
export const resourceKindOf = (type: TypeOption): 'gas' | 'ore' | null => (type === 'Gas' ? 'gas' : type === 'Ore' ? 'ore' : null)
/** The two Drifter toggles are mutually exclusive: none, the Recon (mini) or the Response (big) battleship. */
export type DrifterChoice = 'none' | 'recon' | 'response'

export interface WaveTotals {
  ehp: number
  dps: number
  alpha: number
  /** Warp scramble points. */
  scram: number
  /** Ships that web. */
  web: number
  /** GJ/s. */
  neut: number
  /** HP/s. */
  rr: number
}

/** A wave's totals: every figure times the ship count. */
export function waveTotals(ships: readonly SiteShip[]): WaveTotals {
  const t: WaveTotals = { ehp: 0, dps: 0, alpha: 0, scram: 0, web: 0, neut: 0, rr: 0 }
  for (const s of ships) {
    t.ehp += s.ehp * s.qty
    t.dps += s.dps * s.qty
    t.alpha += s.alpha * s.qty
    t.scram += (s.special.scram ?? 0) * s.qty
    t.web += s.special.web ? s.qty : 0
    t.neut += (s.special.neut ?? 0) * s.qty
    t.rr += (s.special.rr ?? 0) * s.qty
  }
  return t
}

/** Escalation waves (Drifters, Upgraded Avengers) are named after what they bring. */
export const isEscalationWave = (w: Pick<SiteWave, 'wave'>) => /avenger|drifter/i.test(w.wave)

/** The heaviest wave a fleet meets from the sleepers themselves: Drifter and Avenger waves are left out (spec). */
export function peakStats(waves: readonly SiteWave[]): { dps: number; alpha: number; neut: number } {
  const peak = { dps: 0, alpha: 0, neut: 0 }
  for (const w of waves) {
    if (isEscalationWave(w)) continue
    const t = waveTotals(w.ships)
    peak.dps = Math.max(peak.dps, t.dps)
    peak.alpha = Math.max(peak.alpha, t.alpha)
    peak.neut = Math.max(peak.neut, t.neut)
  }
  return peak
}

/** 'No tackle!' when nothing in the site can warp scramble. */
export const hasTackle = (waves: readonly SiteWave[]) => waves.some((w) => w.ships.some((s) => (s.special.scram ?? 0) > 0))

export interface SiteView {
  record: SiteRecord
  waves: SiteWave[]
  /**
   * The site's blue loot with the escalation's; null when the community data has no value for the site, which the
   * site record gives as 0 (spec: 'number, 0 if invalid'; every sleeper site drops some).
   */
  blueLoot: number | null
  /** ISK the escalation adds, already included in blueLoot when that is known. */
  escalationIsk: number
}

const escalationWave = (name: string, ship: SiteShip, qty: number): SiteWave => ({ wave: name, triggerOnHack: false, ships: [{ ...ship, qty }] })

/**
 * The site as the toggles ask (spec, section 9): in C5 and C6 only, the Response (big) Drifter brings the capital
 * escalation's Upgraded Avengers (3 in C5, 4 in C6) to every site and the Response battleship to combat sites;
 * the Recon (mini) Drifter adds the Recon battleship to combat sites.
 */
export function withEscalations(record: SiteRecord, choice: DrifterChoice, drifters: DrifterAdditions | null): SiteView {
  const known = record.blue_loot_isk > 0
  const view: SiteView = { record, waves: record.waves, blueLoot: known ? record.blue_loot_isk : null, escalationIsk: 0 }
  if (choice === 'none' || !drifters || (record.class !== 'C5' && record.class !== 'C6')) return view
  const extra: SiteWave[] = []
  const combat = record.type === 'Combat'
  if (choice === 'response') {
    if (drifters.avengers) {
      const count = drifters.avengers.count[record.class]
      extra.push(escalationWave('Upgraded Avengers', drifters.avengers.ship, count))
      view.escalationIsk += count * drifters.avengers.blue_loot_isk
    }
    if (combat && drifters.response) {
      extra.push(escalationWave('Drifter Response Battleship', drifters.response.ship, 1))
      view.escalationIsk += drifters.response.blue_loot_isk
    }
  }
  if (choice === 'recon' && combat && drifters.recon) {
    extra.push(escalationWave('Drifter Recon Battleship', drifters.recon.ship, 1))
    view.escalationIsk += drifters.recon.blue_loot_isk
  }
  return { ...view, waves: [...record.waves, ...extra], blueLoot: known ? record.blue_loot_isk + view.escalationIsk : null }
}

/** The shown sites' blue loot: the sum of the known values, and how many sites have none in the data (a partial sum). */
export function blueLootTotal(views: readonly SiteView[]): { isk: number; unknown: number } {
  let isk = 0
  let unknown = 0
  for (const v of views) {
    if (v.blueLoot === null) unknown++
    else isk += v.blueLoot
  }
  return { isk, unknown }
}

/**
 * Reference mode (spec): keep only waves named after Avengers or Drifters, or that hold a ship flagged Trigger or
 * DTR; in the latter, keep only those ships.
 */
export function referenceWaves(waves: readonly SiteWave[]): SiteWave[] {
  return waves.flatMap((w) => {
    if (isEscalationWave(w)) return [w]
    const key = w.ships.filter((s) => s.trigger || s.dta)
    return key.length ? [{ ...w, ships: key }] : []
  })
}

export interface SiteFilters {
  classes: string[]
  type: TypeOption
  q: string
}

export function filterSites(sites: readonly SiteRecord[], f: SiteFilters): SiteRecord[] {
  const q = f.q.trim().toLowerCase()
  return sites.filter((s) => f.classes.includes(s.class) && (f.type === 'All Types' || s.type === f.type) && (q === '' || s.site.toLowerCase().includes(q)))
}

/** Everything the page's controls choose; kept in the address so a reload or a shared link shows the same sites. */
export interface SitesState extends SiteFilters {
  reference: boolean
  drifter: DrifterChoice
}

/** The spec's defaults: class C5, every type, no search, reference mode and Drifters off (an empty query). */
export const DEFAULT_SITES_STATE: SitesState = { classes: ['C5'], type: 'All Types', q: '', reference: false, drifter: 'none' }

/** `?class=c5,c6&type=relic&q=core&ref=1&drifter=recon`; unknown values fall back to the defaults. `class=` is no class. */
export function sitesStateFromQuery(params: URLSearchParams): SitesState {
  const classParam = params.get('class')
  const classes =
    classParam === null
      ? DEFAULT_SITES_STATE.classes
      : SITE_CLASSES.filter((c) =>
          classParam
            .toUpperCase()
            .split(',')
            .map((x) => x.trim())
            .includes(c),
        )
  const type = TYPE_OPTIONS.find((t) => t !== 'All Types' && t.toLowerCase() === params.get('type')?.toLowerCase()) ?? 'All Types'
  const drifterParam = params.get('drifter')?.trim().toLowerCase()
  const drifter: DrifterChoice = drifterParam === 'recon' || drifterParam === 'response' ? drifterParam : 'none'
  return { classes, type, q: params.get('q') ?? '', reference: params.get('ref') === '1', drifter }
}

export function sitesStateToQuery(s: SitesState): URLSearchParams {
  const params = new URLSearchParams()
  const classes = SITE_CLASSES.filter((c) => s.classes.includes(c))
  if (classes.join() !== DEFAULT_SITES_STATE.classes.join()) params.set('class', classes.join(',').toLowerCase())
  if (s.type !== 'All Types') params.set('type', s.type.toLowerCase())
  if (s.q !== '') params.set('q', s.q)
  if (s.reference) params.set('ref', '1')
  if (s.drifter !== 'none') params.set('drifter', s.drifter)
  return params
}

/**
 * Why the Drifter toggle that is on adds nothing to the sites chosen, or null when it adds something (or both are
 * off): the escalations come only to C5 and C6, and the Recon battleship only to their combat sites.
 */
export function drifterNote({ classes, type, drifter }: Pick<SitesState, 'classes' | 'type' | 'drifter'>): string | null {
  if (drifter === 'none') return null
  if (!classes.some((c) => c === 'C5' || c === 'C6')) return 'Drifter escalations happen only in C5 and C6 sites.'
  if (drifter === 'recon' && (type === 'Data' || type === 'Relic'))
    return 'The Drifter Recon Battleship comes only to C5 and C6 combat sites, and no combat site is chosen.'
  return null
}
