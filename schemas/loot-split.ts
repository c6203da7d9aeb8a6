import { z } from 'zod'
import { ACCOUNTING_LEVELS, LOOT_SPLIT_LIMITS, SITE_TIERS } from './loot-split-rules.js'

const number = () => z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a number') })
const count = (max: number) => number().int('must be a whole number').min(0, 'must be 0 or more').max(max, `at most ${max}`)
const flag = () => z.boolean({ error: (issue) => (issue.input === undefined ? 'required' : 'must be true or false') })
const percent = () => number().min(0, 'must be 0 or more').max(100, 'at most 100').default(0)
const playerName = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') })
    .trim()
    .min(1, 'a player needs a name')
    .max(LOOT_SPLIT_LIMITS.nameLength, `at most ${LOOT_SPLIT_LIMITS.nameLength} characters`)

/** Adds a 400 issue for the second player with a name already used (names compare case-insensitively). */
function uniqueNames(players: Array<{ name: string }>, ctx: z.RefinementCtx) {
  const seen = new Set<string>()
  players.forEach((p, i) => {
    const key = p.name.toLowerCase()
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['players', i, 'name'], message: `'${p.name}' is listed twice; give each player one row` })
    seen.add(key)
  })
}

const taxFields = {
  accounting: z
    .number({ error: 'must be a whole number from 0 to 5' })
    .int('must be a whole number from 0 to 5')
    .min(0, 'must be a whole number from 0 to 5')
    .max(5, 'must be a whole number from 0 to 5')
    .default(5)
    .meta({ description: 'Accounting skill level; broker tax = 7.5 − 0.462 × level percent', example: ACCOUNTING_LEVELS[5] }),
  noTaxes: flag().default(false).meta({ description: 'Skip the broker tax (loot sold through a buyback program rather than to NPC buy orders)' }),
  corpTax: percent().meta({ description: 'Corporation tax percent, taken from what is left after broker tax', example: 10 }),
  allianceTax: percent().meta({ description: 'Alliance tax percent, taken from what is left after broker and corp tax', example: 0 }),
}

const taxResultFields = {
  totalISK: z.number().meta({ description: 'Blue loot value of every site run, before taxes (ISK)' }),
  brokerTaxAmount: z.number().meta({ description: 'Broker tax deducted (ISK, whole); 0 with noTaxes' }),
  corpTaxAmount: z.number().meta({ description: 'Corp tax deducted (ISK, whole)' }),
  allianceTaxAmount: z.number().meta({ description: 'Alliance tax deducted (ISK, whole)' }),
  brokerTaxPercent: z.number().nullable().meta({ description: 'The broker tax rate applied (unrounded), null with noTaxes', example: 5.19 }),
  netISK: z.number().meta({ description: 'What is paid out: totalISK minus the three taxes; the payouts sum to exactly this' }),
}

/** How one site's value was built: the data's blue loot plus the escalations that applied. */
export const SiteValueBreakdown = z
  .object({
    siteName: z.string(),
    tier: z.enum(SITE_TIERS),
    kind: z.enum(['combat', 'data', 'relic']),
    count: z.number().int(),
    baseIsk: z.number().meta({ description: 'Blue loot for clearing the site once (community sleeper-site data)' }),
    avengerRuns: z.number().int().meta({ description: 'Runs that had the Upgraded Avenger wave (C5/C6, a capital on grid)' }),
    avengerIsk: z.number().meta({ description: 'What the Avenger waves add in all: avengerRuns × the wave (3 Avengers in C5, 4 in C6)' }),
    drifterRuns: z.number().int().meta({ description: 'Runs in which a Drifter was killed (C5/C6 combat sites)' }),
    drifterIsk: z.number().meta({
      description:
        'What the Drifters add in all: the Response Battleship for runs that also had the Avenger wave (a capital on grid), the Recon Battleship for the rest',
    }),
    perRunIsk: z.number().meta({ description: 'totalIsk ÷ count, rounded: the average run (0 when count is 0)' }),
    totalIsk: z.number().meta({ description: 'baseIsk × count + avengerIsk + drifterIsk' }),
  })
  .meta({ id: 'LootSiteValue' })
export type SiteValueBreakdown = z.infer<typeof SiteValueBreakdown>

// ---------- blue loot by shares (/bloot) ----------

export const BlueLootSiteRun = z.object({
  siteName: z.string().trim().min(1, 'required').meta({ example: 'Core Garrison' }),
  count: count(LOOT_SPLIT_LIMITS.siteCount).meta({ description: 'How many times the site was cleared', example: 2 }),
  usedDread: flag()
    .default(false)
    .meta({ description: 'A capital was on grid in every run, so the Upgraded Avenger wave spawned (C5/C6 only); avengerRuns, when sent, wins' }),
  avengerRuns: count(LOOT_SPLIT_LIMITS.siteCount)
    .optional()
    .meta({ description: 'How many of the runs had the Upgraded Avenger wave (C5/C6); default: all with usedDread, else none', example: 1 }),
  drifterRuns: count(LOOT_SPLIT_LIMITS.siteCount)
    .optional()
    .meta({ description: 'How many of the runs had a Drifter killed (C5/C6 combat sites); default: all with drifterRan, else none', example: 1 }),
  useDpsLogiMode: flag().default(false).meta({ description: 'Players are paid by DPS/Logi share tiers instead of Dread/Marauder; every site run must agree' }),
})

export const BlueLootPlayer = z.object({
  name: playerName().meta({ example: 'Aura Nox' }),
  bubbler: flag().default(false).meta({ description: 'Brought tackle: +0.5 shares' }),
  extraShares: number()
    .min(-LOOT_SPLIT_LIMITS.extraShares, `at least -${LOOT_SPLIT_LIMITS.extraShares}`)
    .max(LOOT_SPLIT_LIMITS.extraShares, `at most ${LOOT_SPLIT_LIMITS.extraShares}`)
    .default(0)
    .meta({ description: 'Shares added by hand; may be negative (the total never drops below 0)' }),
  marauders: count(LOOT_SPLIT_LIMITS.shipCount).default(0),
  dreads: count(LOOT_SPLIT_LIMITS.shipCount).default(0),
  dps: count(LOOT_SPLIT_LIMITS.shipCount).default(0),
  logi: count(LOOT_SPLIT_LIMITS.shipCount).default(0),
})
export type BlueLootPlayer = z.infer<typeof BlueLootPlayer>

export const BlueLootRequest = z
  .object({
    siteRuns: z.array(BlueLootSiteRun).max(200, 'at most 200 site rows'),
    players: z.array(BlueLootPlayer).min(1, 'add at least one player').max(LOOT_SPLIT_LIMITS.players, `at most ${LOOT_SPLIT_LIMITS.players} players`),
    drifterRan: flag()
      .default(true)
      .meta({ description: 'A Drifter was killed in every C5/C6 combat site run: the Response Battleship where usedDread, else the Recon Battleship' }),
    ...taxFields,
  })
  .superRefine((body, ctx) => {
    uniqueNames(body.players, ctx)
    body.siteRuns.forEach((r, i) => {
      for (const key of ['avengerRuns', 'drifterRuns'] as const) {
        const n = r[key]
        if (n !== undefined && n > r.count)
          ctx.addIssue({
            code: 'custom',
            path: ['siteRuns', i, key],
            message: `${r.siteName}: ${n} runs with ${ESCALATION_WORD[key]} but only ${r.count} runs in all`,
          })
      }
    })
    const modes = new Set(body.siteRuns.map((r) => r.useDpsLogiMode))
    if (modes.size > 1) ctx.addIssue({ code: 'custom', path: ['siteRuns'], message: 'every site run must use the same share mode (useDpsLogiMode)' })
  })
  .meta({ id: 'BlueLootRequest' })
export type BlueLootRequest = z.infer<typeof BlueLootRequest>

export const BlueLootResponse = z
  .object({
    payouts: z.array(z.object({ name: z.string(), shares: z.number(), payout: z.number().int() })),
    ...taxResultFields,
    shareMode: z.enum(['dread-marauder', 'dps-logi']),
    totalShares: z.number(),
    sites: z.array(SiteValueBreakdown),
  })
  .meta({ id: 'BlueLootResponse' })
export type BlueLootResponse = z.infer<typeof BlueLootResponse>

// ---------- blue loot by participation (/participation) ----------

const ESCALATION_WORD = { avengerRuns: 'the Avenger wave', drifterRuns: 'a Drifter' } as const

const siteCounts = (what: string) => z.record(z.string(), count(LOOT_SPLIT_LIMITS.siteCount), { error: `must map site names to ${what}` }).default({})

export const ParticipationPlayer = z.object({
  name: playerName().meta({ example: 'Aura Nox' }),
  participation: siteCounts('how many runs of each site the player was in').meta({ example: { 'Core Garrison': 2 } }),
})

export const ParticipationRequest = z
  .object({
    siteTier: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(SITE_TIERS, { error: 'must be one of C1, C2, C3, C4, C5, C6' })),
    players: z.array(ParticipationPlayer).min(1, 'add at least one player').max(LOOT_SPLIT_LIMITS.players, `at most ${LOOT_SPLIT_LIMITS.players} players`),
    siteTotals: siteCounts('how many times each site was run').meta({ description: 'Number Ran per site name', example: { 'Core Garrison': 3 } }),
    drifterRan: flag()
      .default(true)
      .meta({ description: 'C5/C6: a Drifter was killed in every combat site run (the Response Battleship with usedDread, else the Recon Battleship)' }),
    usedDread: flag().default(true).meta({ description: 'C5/C6: a capital was on grid, so every site run had the Upgraded Avenger wave' }),
    avengerRuns: z
      .record(z.string(), count(LOOT_SPLIT_LIMITS.siteCount), { error: 'must map site names to how many runs had the Avenger wave' })
      .optional()
      .meta({ description: 'C5/C6: runs of each site that had the Upgraded Avenger wave (a site left out: none). When sent, usedDread is ignored' }),
    drifterRuns: z
      .record(z.string(), count(LOOT_SPLIT_LIMITS.siteCount), { error: 'must map site names to how many runs had a Drifter' })
      .optional()
      .meta({ description: 'C5/C6 combat sites: runs of each site in which a Drifter was killed (a site left out: none). When sent, drifterRan is ignored' }),
    ...taxFields,
  })
  .superRefine((body, ctx) => {
    uniqueNames(body.players, ctx)
    for (const key of ['avengerRuns', 'drifterRuns'] as const) {
      for (const [site, n] of Object.entries(body[key] ?? {})) {
        const ran = Object.entries(body.siteTotals).find(([name]) => name.trim().toLowerCase() === site.trim().toLowerCase())?.[1] ?? 0
        if (n > ran) ctx.addIssue({ code: 'custom', path: [key, site], message: `${site}: ${n} runs with ${ESCALATION_WORD[key]} but Number Ran is ${ran}` })
      }
    }
  })
  .meta({ id: 'ParticipationRequest' })
export type ParticipationRequest = z.infer<typeof ParticipationRequest>

export const ParticipationResponse = z
  .object({
    payouts: z.array(
      z.object({
        name: z.string(),
        payout: z.number().int(),
        attendedIsk: z.number().meta({
          description: "The player's part of the gross: each site's value split among its pilots by their runs (capped at Number Ran), summed; their weight",
        }),
      }),
    ),
    ...taxResultFields,
    sites: z.array(
      SiteValueBreakdown.extend({
        shares: z
          .array(z.object({ name: z.string(), runs: z.number().int(), grossIsk: z.number().int() }))
          .meta({ description: "Who ran the site: each pilot's runs (capped at Number Ran) and part of the site's value, before taxes" }),
      }),
    ),
    capped: z
      .array(z.object({ name: z.string(), siteName: z.string(), entered: z.number().int(), counted: z.number().int() }))
      .meta({ description: 'Player counts above Number Ran, and the count used instead (Number Ran)' }),
  })
  .meta({ id: 'ParticipationResponse' })
export type ParticipationResponse = z.infer<typeof ParticipationResponse>

// ---------- site data ----------

export const SiteFileEntry = z
  .object({
    site: z.string().meta({ example: 'Core Garrison' }),
    blue_loot_isk: z.number().meta({ description: 'Blue loot for clearing the site, ISK; 0 when the data has no value', example: 253400000 }),
  })
  .meta({ id: 'SiteFileEntry' })
export type SiteFileEntry = z.infer<typeof SiteFileEntry>

export const LootEscalations = z
  .object({
    avengerIsk: z.number().meta({ description: 'Blue loot per Upgraded Avenger', example: 50000000 }),
    avengersPerWave: z.record(z.string(), z.number().int()).meta({ example: { C5: 3, C6: 4 } }),
    drifterIsk: z
      .number()
      .meta({ description: 'Blue loot of one Drifter Response Battleship (the Drifter of a site run with a capital on grid)', example: 300000000 }),
    reconDrifterIsk: z
      .number()
      .meta({ description: 'Blue loot of one Drifter Recon Battleship (the Drifter of a site run without a capital)', example: 100000000 }),
  })
  .meta({ id: 'LootEscalations' })
export type LootEscalations = z.infer<typeof LootEscalations>
