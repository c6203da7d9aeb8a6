import type { ParticipationRequest, ParticipationResponse, SiteValueBreakdown } from '../../../schemas/loot-split.js'
import { badRequest } from '../../../platform/http/errors.js'
import { taxAndSplit } from './money.js'
import type { SiteValue, SiteValues } from './site-values.js'

/** The tier's site named `name`, or a 400 that names the field. */
function tierSite(values: SiteValues, tier: string, name: string, field: string): SiteValue {
  const site = values.site(name)
  if (!site || site.tier !== tier) throw badRequest(`Invalid body: ${field}: '${name.slice(0, 80)}' is not a ${tier} site`)
  return site
}

/**
 * The tier's site for every `{name: count}` entry. Names match case-insensitively, so two spellings of one site
 * would otherwise be counted twice: that is a 400.
 */
function tierSiteCounts(values: SiteValues, tier: string, counts: Record<string, number>, field: string): Array<[SiteValue, number]> {
  const seen = new Map<string, string>()
  return Object.entries(counts).map(([name, count]) => {
    const site = tierSite(values, tier, name, `${field}.${name}`)
    const earlier = seen.get(site.name)
    if (earlier !== undefined) throw badRequest(`Invalid body: ${field}: '${earlier.slice(0, 80)}' and '${name.slice(0, 80)}' are the same site; list it once`)
    seen.set(site.name, name)
    return [site, count]
  })
}

/**
 * Blue loot by participation. The pot is every site's value (with the C5/C6 escalations that apply) times Number Ran,
 * less taxes. Each player is weighted by the ISK value of the site runs they attended (value × their count, summed over
 * sites) and paid net × their weight ÷ the sum of all weights. Payouts are whole ISK and sum to the net exactly.
 * A player count above Number Ran is allowed (the page only warns): it weighs like any other attendance.
 */
export function calcParticipation(req: ParticipationRequest, values: SiteValues): ParticipationResponse {
  const options = { usedDread: req.usedDread, drifterRan: req.drifterRan }
  const perRun = new Map<string, number>()
  const valueOf = (site: SiteValue) => {
    let v = perRun.get(site.name)
    if (v === undefined) perRun.set(site.name, (v = values.perRun(site, options).perRunIsk))
    return v
  }

  const sites: SiteValueBreakdown[] = tierSiteCounts(values, req.siteTier, req.siteTotals, 'siteTotals').map(([site, count]) => {
    const value = values.perRun(site, options)
    return { ...value, count, totalIsk: value.perRunIsk * count }
  })
  const gross = sites.reduce((sum, s) => sum + BigInt(s.totalIsk), 0n)
  if (gross === 0n) throw badRequest('Nothing to split: Number Ran is 0 for every site with a value. Enter how many times each site was run.')

  const attended = req.players.map((p, i) =>
    tierSiteCounts(values, req.siteTier, p.participation, `players.${i}.participation`).reduce(
      (sum, [site, count]) => sum + BigInt(valueOf(site)) * BigInt(count),
      0n,
    ),
  )
  if (attended.every((w) => w === 0n)) {
    throw badRequest('No player attended a site run, so there is nothing to divide by. Enter how many runs of each site each player was in.')
  }
  const { taxes, paid } = taxAndSplit(gross, attended, req)
  return {
    payouts: req.players.map((p, i) => ({ name: p.name, payout: paid[i], attendedIsk: Number(attended[i]) })),
    totalISK: Number(gross),
    ...taxes,
    sites,
  }
}
