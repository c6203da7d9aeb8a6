import type { ParticipationRequest, ParticipationResponse } from '../../../schemas/loot-split.js'
import { badRequest } from '../../../platform/http/errors.js'
import { refuseBody } from './refuse.js'
import { allocate, taxAndSplit } from './money.js'
import type { SiteValue, SiteValues } from './site-values.js'

type Path = Array<string | number>

/** The tier's site named `name`, or a 400 that names the field. */
function tierSite(values: SiteValues, tier: string, name: string, field: Path): SiteValue {
  const site = values.site(name)
  if (!site || site.tier !== tier) throw refuseBody(field, `'${name.slice(0, 80)}' is not a ${tier} site`)
  return site
}

/**
 * The tier's site for every `{name: count}` entry. Names match case-insensitively, so two spellings of one site
 * would otherwise be counted twice: that is a 400.
 */
function tierSiteCounts(values: SiteValues, tier: string, counts: Record<string, number>, field: Path): Array<[SiteValue, number]> {
  const seen = new Map<string, string>()
  return Object.entries(counts).map(([name, count]) => {
    const site = tierSite(values, tier, name, field)
    const earlier = seen.get(site.name)
    if (earlier !== undefined) throw refuseBody(field, `'${earlier.slice(0, 80)}' and '${name.slice(0, 80)}' are the same site; list it once`)
    seen.set(site.name, name)
    return [site, count]
  })
}

/** A `{site: n}` map keyed by the data's site names (entries checked against the tier). */
const bySite = (values: SiteValues, tier: string, counts: Record<string, number>, field: Path) =>
  new Map(tierSiteCounts(values, tier, counts, field).map(([site, n]) => [site.name, n]))

/**
 * Blue loot by participation: each site's loot goes to the pilots who ran it.
 *
 * A site's value is its blue loot × Number Ran plus the escalations of the runs that had them (`SiteValues.valueRuns`).
 * That value is split among the players listed in the site, in proportion to their runs of it; a player count above
 * Number Ran counts as Number Ran (and is reported in `capped`). A player's part of the gross is the sum of their
 * parts of every site, each in whole ISK by largest remainder, so the parts sum to the gross exactly. Taxes come off
 * the gross, and the net is paid in proportion to those parts (largest remainder again: whole ISK summing to the net).
 * A site that was run but lists nobody is a 400: its loot would have no one to go to.
 */
export function calcParticipation(req: ParticipationRequest, values: SiteValues): ParticipationResponse {
  const totals = tierSiteCounts(values, req.siteTier, req.siteTotals, ['siteTotals'])
  const avengerRuns = req.avengerRuns && bySite(values, req.siteTier, req.avengerRuns, ['avengerRuns'])
  const drifterRuns = req.drifterRuns && bySite(values, req.siteTier, req.drifterRuns, ['drifterRuns'])
  const attendance = req.players.map((p, i) => bySite(values, req.siteTier, p.participation, ['players', i, 'participation']))

  const capped: ParticipationResponse['capped'] = []
  const gross = req.players.map(() => 0n)
  const sites: ParticipationResponse['sites'] = totals.map(([site, count]) => {
    const value = values.valueRuns(site, {
      count,
      avengerRuns: avengerRuns ? (avengerRuns.get(site.name) ?? 0) : req.usedDread ? count : 0,
      drifterRuns: drifterRuns ? (drifterRuns.get(site.name) ?? 0) : req.drifterRan ? count : 0,
    })
    const runs = req.players.map((p, i) => {
      const entered = attendance[i].get(site.name) ?? 0
      if (entered > count) capped.push({ name: p.name, siteName: site.name, entered, counted: count })
      return Math.min(entered, count)
    })
    if (value.totalIsk === 0) return { ...value, shares: [] }
    if (runs.every((r) => r === 0)) {
      throw badRequest(`Nobody is listed in ${site.name} (Number Ran ${count}), so its loot has no one to go to. Enter who ran it, or set its Number Ran to 0.`)
    }
    const parts = allocate(BigInt(value.totalIsk), runs.map(BigInt))
    parts.forEach((part, i) => (gross[i] += part))
    const shares = req.players.flatMap((p, i) => (runs[i] ? [{ name: p.name, runs: runs[i], grossIsk: Number(parts[i]) }] : []))
    return { ...value, shares }
  })
  // Sites the request did not list are not in the pot, but a player's count for one is still capped at 0 runs.
  for (const [i, p] of req.players.entries()) {
    for (const [name, entered] of attendance[i]) {
      if (entered > 0 && !totals.some(([site]) => site.name === name)) capped.push({ name: p.name, siteName: name, entered, counted: 0 })
    }
  }

  const total = gross.reduce((a, b) => a + b, 0n)
  if (total === 0n) throw badRequest('Nothing to split: Number Ran is 0 for every site with a value. Enter how many times each site was run.')
  const { taxes, paid } = taxAndSplit(total, gross, req)
  return {
    payouts: req.players.map((p, i) => ({ name: p.name, payout: paid[i], attendedIsk: Number(gross[i]) })),
    totalISK: Number(total),
    ...taxes,
    sites,
    capped,
  }
}
