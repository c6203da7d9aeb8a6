/**
 * The loot splitters' rules, shared by the server (which computes payouts) and the pages (which explain them and
 * preview shares). Plain TypeScript without zod, so the pages can import it cheaply.
 * Sources: the product spec (part 1, section 9) for share tiers, the broker tax formula and the Avenger counts;
 * every ISK value comes from the community sleeper-site data at run time (see docs/tools/loot-splitters.md).
 */

/**
 * Upper bounds that keep a request to what a real night of ratting looks like (and the sums far from overflow).
 * Here, without zod, so the pages can cap their boxes at the same numbers the API checks.
 */
export const LOOT_SPLIT_LIMITS = { players: 500, nameLength: 64, siteCount: 10_000, shipCount: 100, extraShares: 1_000 } as const

export const SITE_TIERS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] as const
export type SiteTier = (typeof SITE_TIERS)[number]

/** Tiers whose sites can escalate (Upgraded Avenger wave, Drifter Response Battleship). */
export const ESCALATION_TIERS: readonly SiteTier[] = ['C5', 'C6']
export const hasEscalations = (tier: string) => (ESCALATION_TIERS as readonly string[]).includes(tier)

/**
 * Upgraded Avengers in the wave the first capital on grid triggers: 3 in C5, 4 in C6 (spec section 9, "an
 * 'Upgraded Avengers' wave of 3 ships on C5 or 4 on C6"; the community sheet notes "Spawns 4 Avengers now" on a
 * C6 site). The ISK per Avenger is not here: it comes from escalations.json.
 */
export const AVENGERS_PER_WAVE: Readonly<Record<string, number>> = { C5: 3, C6: 4 }

/** The blue loot splitter's two tiers of sites, as the spec lists them (values come from the data). */
export const BLUE_LOOT_TIERS = ['C5', 'C6'] as const
export const BLUE_LOOT_SITES: Readonly<Record<(typeof BLUE_LOOT_TIERS)[number], readonly string[]>> = {
  C5: [
    'Core Garrison',
    'Core Stronghold',
    'Oruze Osobnyk',
    'Quarantine Area',
    'Unsecured Frontier Enclave Relay',
    'Unsecured Frontier Server Bank',
    'Forgotten Core Data Field',
    'Forgotten Core Information Pen',
  ],
  C6: [
    'Core Bastion',
    'Core Citadel',
    'Strange Energy Readings',
    'The Mirror',
    'Unsecured Core Backup Array',
    'Unsecured Core Emergence',
    'Forgotten Core Assembly Hall',
    'Forgotten Core Circuitry Disassembler',
  ],
}

export const ACCOUNTING_LEVELS = [0, 1, 2, 3, 4, 5] as const

/**
 * Broker tax in millionths of a percent: 7.5 − 0.462 × Accounting (spec section 9), kept in whole numbers so the
 * tax on a billion ISK is exact. Level 5 → 5.19 %.
 */
export const brokerTaxMicroPercent = (accounting: number) => 7_500_000 - 462_000 * accounting
/** The rate as the pages show it: two decimals, e.g. "5.19". */
export const brokerTaxPercentLabel = (accounting: number) => (brokerTaxMicroPercent(accounting) / 1_000_000).toFixed(2)

export type ShareMode = 'dread-marauder' | 'dps-logi'
export const SHARE_MODES: ReadonlyArray<{ id: ShareMode; label: string }> = [
  { id: 'dread-marauder', label: 'Dread/Marauder' },
  { id: 'dps-logi', label: 'DPS/Logi' },
]

/** Shares for the n-th ship of a kind: `steps` give the first ships one by one, `further` every ship after them. */
export interface ShareLadder {
  steps: readonly number[]
  further: number
}

export interface ShipKind {
  key: 'marauders' | 'dreads' | 'dps' | 'logi'
  label: string
  ladder: ShareLadder
}

/** Spec section 9, "Share tiers in the blue loot splitter". */
export const SHIP_KINDS: Readonly<Record<ShareMode, readonly ShipKind[]>> = {
  'dread-marauder': [
    { key: 'marauders', label: 'Marauders', ladder: { steps: [1.5, 1.0], further: 0.5 } },
    { key: 'dreads', label: 'Dreads', ladder: { steps: [2.5], further: 1.5 } },
  ],
  'dps-logi': [
    { key: 'dps', label: 'DPS', ladder: { steps: [1.0, 1.0, 0.5, 0.5, 0.5], further: 0.25 } },
    { key: 'logi', label: 'Logi', ladder: { steps: [1.5, 0.75], further: 0.25 } },
  ],
}
export const TACKLE_SHARES = 0.5

/** Shares a player earns for `count` ships on one ladder. */
export function ladderShares(ladder: ShareLadder, count: number): number {
  const n = Math.max(0, Math.trunc(count))
  let total = 0
  for (let i = 0; i < Math.min(n, ladder.steps.length); i++) total += ladder.steps[i]
  return total + Math.max(0, n - ladder.steps.length) * ladder.further
}

export interface SharePlayer {
  bubbler: boolean
  extraShares: number
  marauders?: number
  dreads?: number
  dps?: number
  logi?: number
}

/**
 * A player's total shares in a mode: ship ladders + tackle + extra shares (which may be negative), never below 0.
 * Counts of the other mode's ships are ignored.
 */
export function playerShares(player: SharePlayer, mode: ShareMode): number {
  let total = player.bubbler ? TACKLE_SHARES : 0
  for (const kind of SHIP_KINDS[mode]) total += ladderShares(kind.ladder, player[kind.key] ?? 0)
  total += Number.isFinite(player.extraShares) ? player.extraShares : 0
  return Math.max(0, total)
}

/** One line per rung for the explanation panel, e.g. "First marauder: +1.5 shares". */
export function describeLadder(kind: ShipKind): string[] {
  const noun = kind.key === 'dps' ? 'DPS ship' : kind.key === 'logi' ? 'logi ship' : kind.label.toLowerCase().replace(/s$/, '')
  const fmt = (n: number) => `+${n} share${n === 1 ? '' : 's'}`
  const lines: string[] = []
  const { steps, further } = kind.ladder
  let i = 0
  const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth']
  while (i < steps.length) {
    let j = i
    while (j + 1 < steps.length && steps[j + 1] === steps[i]) j++
    if (j === i) lines.push(`${ordinals[i]} ${noun}: ${fmt(steps[i])}`)
    else if (i === 0) lines.push(`First ${j - i + 1} ${noun}s: ${fmt(steps[i])} each`)
    else lines.push(`Next ${j - i + 1} ${noun}s: ${fmt(steps[i])} each`)
    i = j + 1
  }
  lines.push(`Each further ${noun}: ${fmt(further)}`)
  return lines
}

export interface EscalationValues {
  avengerIsk: number
  avengersPerWave: Readonly<Record<string, number>>
  /** Drifter Response Battleship: the Drifter of a site with a capital on grid. */
  drifterIsk: number
  /** Drifter Recon Battleship: the smaller Drifter of a site run without a capital. */
  reconDrifterIsk: number
}

export interface EscalationOptions {
  usedDread: boolean
  drifterRan: boolean
}

/**
 * What the escalations add to one run of a site (C5/C6 only): the Upgraded Avenger wave on every site type when a
 * capital was on grid, and a Drifter on combat sites when it was killed: the Response Battleship when a capital was on
 * grid (it needs one), else the Recon Battleship (the PvE page's big and mini drifter). `missing` names the
 * escalation that applies but cannot be valued because the escalation data set is absent.
 */
export function escalationAdds(
  site: { tier: string; kind: 'combat' | 'data' | 'relic' | 'datarelic' },
  options: EscalationOptions,
  values: EscalationValues | null,
): { avengerIsk: number; drifterIsk: number; missing: 'avenger' | 'drifter' | null } {
  const escalates = hasEscalations(site.tier)
  const wantsAvengers = escalates && options.usedDread
  const wantsDrifter = escalates && options.drifterRan && site.kind === 'combat'
  if (!values) return { avengerIsk: 0, drifterIsk: 0, missing: wantsAvengers ? 'avenger' : wantsDrifter ? 'drifter' : null }
  return {
    avengerIsk: wantsAvengers ? (values.avengersPerWave[site.tier] ?? 0) * values.avengerIsk : 0,
    drifterIsk: wantsDrifter ? (options.usedDread ? values.drifterIsk : values.reconDrifterIsk) : 0,
    missing: null,
  }
}
