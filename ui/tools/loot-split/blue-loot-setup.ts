import { BLUE_LOOT_SITES, BLUE_LOOT_TIERS, LOOT_SPLIT_LIMITS, SHARE_MODES, SHIP_KINDS, type ShareMode } from '../../../schemas/loot-split-rules'
import { sanitizeNumber } from '../../components/NumberField'
import { cleanName, flag, readFlag, readNumber, readPlayerRows, readSiteCounts, writeSiteCounts } from './setup-codec'

export type BlueLootTier = (typeof BLUE_LOOT_TIERS)[number]

export interface BlueLootPlayerRow {
  /** A key for React only; never sent or shared. */
  id: number
  name: string
  /** Ship counts in the order of SHIP_KINDS[mode] (Marauders, Dreads or DPS, Logi). */
  ships: [number, number]
  tackle: boolean
  extraShares: number
}

export interface BlueLootSetup {
  tier: BlueLootTier
  counts: Record<string, number>
  /** Per site: how many of its runs had the Upgraded Avenger wave (a capital on grid). */
  avengerRuns: Record<string, number>
  /** Per site: how many of its runs had a Drifter killed (combat sites only). */
  drifterRuns: Record<string, number>
  accounting: number
  corpTax: number
  allianceTax: number
  noBroker: boolean
  mode: ShareMode
  players: BlueLootPlayerRow[]
}

export const defaultBlueLootSetup = (): BlueLootSetup => ({
  tier: 'C5',
  counts: {},
  avengerRuns: {},
  drifterRuns: {},
  accounting: 5,
  corpTax: 0,
  allianceTax: 0,
  noBroker: false,
  mode: 'dread-marauder',
  players: [],
})

let nextId = 1
export const newPlayerRow = (name: string): BlueLootPlayerRow => ({ id: nextId++, name, ships: [0, 0], tackle: false, extraShares: 0 })

/** Switching share mode zeroes every ship count and keeps name, tackle and extra shares (spec section 4). */
export const switchMode = (setup: BlueLootSetup, mode: ShareMode): BlueLootSetup =>
  mode === setup.mode ? setup : { ...setup, mode, players: setup.players.map((p) => ({ ...p, ships: [0, 0] })) }

const MODE_CODES: Record<ShareMode, string> = { 'dread-marauder': 'dm', 'dps-logi': 'dl' }

/**
 * Query string: `tier=C5&acc=5&corp=10&ally=0&nobroker=0&mode=dm&site=Core Garrison*2&av=Core Garrison*1&dr=Core Garrison*2&p=Alice|2|0|1|0.5`
 * (a player is name|first ship count|second ship count|tackle|extra shares; `av` and `dr` are the runs with the
 * Avenger wave and with a Drifter). Links from before per-site escalations carry `drifter=1` instead: read as every run
 * with a Drifter, and a dread in the fleet as every run with the wave, which is what they meant then.
 */
export function blueLootToQuery(s: BlueLootSetup): URLSearchParams {
  const params = new URLSearchParams({
    tier: s.tier,
    acc: String(s.accounting),
    corp: String(s.corpTax),
    ally: String(s.allianceTax),
    nobroker: flag(s.noBroker),
    mode: MODE_CODES[s.mode],
  })
  writeSiteCounts(params, 'site', s.counts, BLUE_LOOT_SITES[s.tier])
  writeSiteCounts(params, 'av', capRuns(s.avengerRuns, s.counts), BLUE_LOOT_SITES[s.tier])
  writeSiteCounts(params, 'dr', capRuns(s.drifterRuns, s.counts), BLUE_LOOT_SITES[s.tier])
  for (const p of s.players) params.append('p', [p.name, p.ships[0], p.ships[1], flag(p.tackle), p.extraShares].join('|'))
  return params
}

export function blueLootFromQuery(params: URLSearchParams): { setup: BlueLootSetup; problems: string[] } {
  const d = defaultBlueLootSetup()
  const problems: string[] = []
  const tierParam = params.get('tier')?.toUpperCase()
  const tier = (BLUE_LOOT_TIERS as readonly string[]).includes(tierParam ?? '') ? (tierParam as BlueLootTier) : d.tier
  const mode = SHARE_MODES.find((m) => MODE_CODES[m.id] === params.get('mode'))?.id ?? d.mode
  const counts = readSiteCounts(params, 'site')
  const unknown = Object.keys(counts).filter((site) => !BLUE_LOOT_SITES[tier].includes(site))
  for (const site of unknown) delete counts[site]
  const known = (runs: Record<string, number>) => Object.fromEntries(Object.entries(runs).filter(([site]) => site in counts))
  if (unknown.length) problems.push(`The link names sites that are not ${tier} sites, left out: ${unknown.join(', ')}.`)
  const { rows: players, problems: playerProblems } = readPlayerRows(params.getAll('p'), (raw): BlueLootPlayerRow | null => {
    const parts = raw.split('|')
    if (parts.length < 5) return null
    const [a, b, tackle, extra] = parts.slice(-4)
    const name = cleanName(parts.slice(0, -4).join('|'))
    if (!name) return null
    const ship = (v: string) => sanitizeNumber(v, { min: 0, max: LOOT_SPLIT_LIMITS.shipCount, integer: true })
    const extraShares = sanitizeNumber(extra, { min: -LOOT_SPLIT_LIMITS.extraShares, max: LOOT_SPLIT_LIMITS.extraShares })
    return { ...newPlayerRow(name), ships: [ship(a), ship(b)], tackle: tackle === '1', extraShares }
  })
  problems.push(...playerProblems)
  const legacy = !params.has('av') && !params.has('dr')
  const drifterRuns = legacy && readFlag(params, 'drifter', false) ? { ...counts } : known(readSiteCounts(params, 'dr'))
  const avengerRuns = legacy && fleetUsedDread({ mode, players }) ? { ...counts } : known(readSiteCounts(params, 'av'))
  return {
    setup: {
      tier,
      counts,
      mode,
      players,
      avengerRuns,
      drifterRuns,
      accounting: readNumber(params, 'acc', d.accounting, { min: 0, max: 5, integer: true }),
      corpTax: readNumber(params, 'corp', d.corpTax, { min: 0, max: 100 }),
      allianceTax: readNumber(params, 'ally', d.allianceTax, { min: 0, max: 100 }),
      noBroker: readFlag(params, 'nobroker', d.noBroker),
    },
    problems,
  }
}

/** Named ship counts for the request (the other mode's kinds stay 0). */
export function playerShips(p: BlueLootPlayerRow, mode: ShareMode) {
  const ships = { marauders: 0, dreads: 0, dps: 0, logi: 0 }
  SHIP_KINDS[mode].forEach((kind, i) => (ships[kind.key] = p.ships[i]))
  return ships
}

/**
 * The Upgraded Avenger wave spawns for the first capital on grid, so in Dread/Marauder mode it counts when at least
 * one dread is listed; DPS/Logi fleets and marauder-only fleets have no capital.
 */
export const fleetUsedDread = (s: Pick<BlueLootSetup, 'mode' | 'players'>) =>
  s.mode === 'dread-marauder' && s.players.some((p) => playerShips(p, s.mode).dreads > 0)

/** Escalated runs of each site, never more than the site's runs (a count lowered after them keeps them in bounds). */
export function capRuns(runs: Record<string, number>, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(runs).map(([site, n]) => [site, Math.min(n, counts[site] ?? 0)]))
}

/**
 * The POST /api/blue-loot-calc body: every site of the tier with its runs with the Avenger wave and with a Drifter
 * (the spec's usedDread and drifterRan are set from them for callers that read only those), the players, the taxes.
 */
export function blueLootRequest(s: BlueLootSetup) {
  const avengers = capRuns(s.avengerRuns, s.counts)
  const drifters = capRuns(s.drifterRuns, s.counts)
  return {
    siteRuns: BLUE_LOOT_SITES[s.tier].map((siteName) => ({
      siteName,
      count: s.counts[siteName] ?? 0,
      usedDread: (avengers[siteName] ?? 0) > 0,
      avengerRuns: avengers[siteName] ?? 0,
      drifterRuns: drifters[siteName] ?? 0,
      useDpsLogiMode: s.mode === 'dps-logi',
    })),
    players: s.players.map((p) => ({ name: p.name, bubbler: p.tackle, extraShares: p.extraShares, ...playerShips(p, s.mode) })),
    accounting: s.accounting,
    drifterRan: Object.values(drifters).some((n) => n > 0),
    noTaxes: s.noBroker,
    corpTax: s.corpTax,
    allianceTax: s.allianceTax,
  }
}
