import { hasEscalations, SITE_TIERS, type SiteTier } from '../../../schemas/loot-split-rules'
import { cleanName, decodeSiteCount, encodeSiteCount, flag, readFlag, readNumber, readPlayerRows, readSiteCounts, writeSiteCounts } from './setup-codec'

export interface ParticipationPlayerRow {
  id: number
  name: string
  /** Runs attended per site name. */
  counts: Record<string, number>
}

export interface ParticipationSetup {
  tier: SiteTier
  /** C5/C6, per site: how many of its runs had the Upgraded Avenger wave (a capital on grid). */
  avengerRuns: Record<string, number>
  /** C5/C6 combat sites: how many of its runs had a Drifter killed. */
  drifterRuns: Record<string, number>
  accounting: number
  corpTax: number
  allianceTax: number
  noBroker: boolean
  /** Number Ran per site name. */
  ran: Record<string, number>
  players: ParticipationPlayerRow[]
}

/** Escalated runs of each site, never more than Number Ran (a Number Ran lowered after them keeps them in bounds). */
export function capRuns(runs: Record<string, number>, ran: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(runs).map(([site, n]) => [site, Math.min(n, ran[site] ?? 0)]))
}

export const defaultParticipationSetup = (): ParticipationSetup => ({
  tier: 'C5',
  avengerRuns: {},
  drifterRuns: {},
  accounting: 5,
  corpTax: 0,
  allianceTax: 0,
  noBroker: false,
  ran: {},
  players: [],
})

let nextId = 1
export const newParticipant = (name: string): ParticipationPlayerRow => ({ id: nextId++, name, counts: {} })

/** Changing the tier resets every Number Ran to 0 and keeps the players (their counts are pruned when the new sites load). */
export const changeTier = (setup: ParticipationSetup, tier: SiteTier): ParticipationSetup =>
  tier === setup.tier ? setup : { ...setup, tier, ran: {}, avengerRuns: {}, drifterRuns: {} }

/** Keeps only counts for the sites the tier has, so a count survives a tier change only where the site name is the same. */
export function pruneToSites(setup: ParticipationSetup, sites: readonly string[]): ParticipationSetup {
  const known = new Set(sites)
  const keep = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([site, n]) => known.has(site) && n > 0))
  return {
    ...setup,
    ran: keep(setup.ran),
    avengerRuns: keep(setup.avengerRuns),
    drifterRuns: keep(setup.drifterRuns),
    players: setup.players.map((p) => ({ ...p, counts: keep(p.counts) })),
  }
}

/** Sites the setup counts (Number Ran or a player's) that are not among `sites`, once each, in the order met. */
export function sitesNotIn(setup: ParticipationSetup, sites: readonly string[]): string[] {
  const known = new Set(sites)
  const names = [setup.ran, ...setup.players.map((p) => p.counts)].flatMap((counts) => Object.keys(counts))
  return [...new Set(names.filter((site) => !known.has(site)))]
}

/**
 * Query string: `tier=C5&acc=5&corp=0&ally=0&nobroker=0&ran=Core Garrison*3&av=Core Garrison*1&dr=Core Garrison*2&p=Ann|Core Garrison*2;The Line*1`
 * (a player is name|their counts; site names never contain '|', ';' or '*'; `av` and `dr` are the runs with the
 * Avenger wave and with a Drifter). A link from before per-site escalations has `drifter=1&dread=1` instead: read as
 * every run of every site with a Drifter and with the wave, which is what it meant then.
 */
export function participationToQuery(s: ParticipationSetup, siteOrder: readonly string[]): URLSearchParams {
  const params = new URLSearchParams({
    tier: s.tier,
    acc: String(s.accounting),
    corp: String(s.corpTax),
    ally: String(s.allianceTax),
    nobroker: flag(s.noBroker),
  })
  const order = [...siteOrder, ...Object.keys(s.ran).filter((k) => !siteOrder.includes(k))]
  writeSiteCounts(params, 'ran', s.ran, order)
  writeSiteCounts(params, 'av', capRuns(s.avengerRuns, s.ran), order)
  writeSiteCounts(params, 'dr', capRuns(s.drifterRuns, s.ran), order)
  for (const p of s.players) {
    const counts = [...siteOrder, ...Object.keys(p.counts).filter((k) => !siteOrder.includes(k))].filter((site) => (p.counts[site] ?? 0) > 0)
    params.append('p', `${p.name}|${counts.map((site) => encodeSiteCount(site, p.counts[site])).join(';')}`)
  }
  return params
}

/** The setup a link or stored query holds, and sentences for what in it was left out. */
export function participationFromQuery(params: URLSearchParams): { setup: ParticipationSetup; problems: string[] } {
  const d = defaultParticipationSetup()
  const tierParam = params.get('tier')?.toUpperCase()
  const { rows: players, problems } = readPlayerRows(params.getAll('p'), (raw): ParticipationPlayerRow | null => {
    const bar = raw.lastIndexOf('|')
    const name = cleanName(bar < 0 ? raw : raw.slice(0, bar))
    if (!name) return null
    const counts: Record<string, number> = {}
    for (const part of bar < 0 ? [] : raw.slice(bar + 1).split(';')) {
      const pair = decodeSiteCount(part)
      if (pair && pair[1] > 0) counts[pair[0]] = pair[1]
    }
    return { ...newParticipant(name), counts }
  })
  const ran = readSiteCounts(params, 'ran')
  const legacy = !params.has('av') && !params.has('dr')
  const setup: ParticipationSetup = {
    tier: (SITE_TIERS as readonly string[]).includes(tierParam ?? '') ? (tierParam as SiteTier) : d.tier,
    avengerRuns: legacy ? (readFlag(params, 'dread', false) ? { ...ran } : {}) : readSiteCounts(params, 'av'),
    drifterRuns: legacy ? (readFlag(params, 'drifter', false) ? { ...ran } : {}) : readSiteCounts(params, 'dr'),
    accounting: readNumber(params, 'acc', d.accounting, { min: 0, max: 5, integer: true }),
    corpTax: readNumber(params, 'corp', d.corpTax, { min: 0, max: 100 }),
    allianceTax: readNumber(params, 'ally', d.allianceTax, { min: 0, max: 100 }),
    noBroker: readFlag(params, 'nobroker', d.noBroker),
    ran,
    players,
  }
  return { setup, problems }
}

/**
 * The POST /api/participation-calc body. The runs with the Avenger wave and with a Drifter (C5 and C6 only) go per
 * site; the spec's night-wide drifterRan and usedDread are sent false, as the server reads the per-site counts.
 */
export function participationRequest(s: ParticipationSetup, sites: readonly string[]) {
  const escalates = hasEscalations(s.tier)
  const only = (counts: Record<string, number>) => Object.fromEntries(sites.map((site) => [site, counts[site] ?? 0]))
  return {
    siteTier: s.tier,
    players: s.players.map((p) => ({ name: p.name, participation: only(p.counts) })),
    siteTotals: only(s.ran),
    avengerRuns: escalates ? only(capRuns(s.avengerRuns, s.ran)) : {},
    drifterRuns: escalates ? only(capRuns(s.drifterRuns, s.ran)) : {},
    drifterRan: false,
    usedDread: false,
    accounting: s.accounting,
    noTaxes: s.noBroker,
    corpTax: s.corpTax,
    allianceTax: s.allianceTax,
  }
}
