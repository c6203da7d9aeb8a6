import type { BlueLootRequest, BlueLootResponse, SiteValueBreakdown } from '../../../schemas/loot-split.js'
import { playerShares, type ShareMode } from '../../../schemas/loot-split-rules.js'
import { badRequest } from '../../../platform/http/errors.js'
import { refuseBody } from './refuse.js'
import { taxAndSplit } from './money.js'
import type { SiteValues } from './site-values.js'

/** Shares are weighed in millionths so hand-typed extra shares such as 0.1 stay exact. */
const toMicroShares = (shares: number) => BigInt(Math.round(shares * 1_000_000))

/** The sites run and what each is worth; unknown names are a 400 naming the row. */
/**
 * The sites run and what each is worth; unknown names are a 400 naming the row. Each row's Avenger and Drifter runs
 * are its own (`avengerRuns`, `drifterRuns`); a caller that leaves them out gets the spec's switches: every run with
 * the wave when `usedDread`, every run with a Drifter when `drifterRan`.
 */
export function valueSiteRuns(runs: BlueLootRequest['siteRuns'], values: SiteValues, drifterRan: boolean): SiteValueBreakdown[] {
  return runs.map((run, i) => {
    const site = values.site(run.siteName)
    if (!site) throw refuseBody(['siteRuns', i, 'siteName'], `'${run.siteName.slice(0, 80)}' is not a known sleeper site`)
    return values.valueRuns(site, {
      count: run.count,
      avengerRuns: run.avengerRuns ?? (run.usedDread ? run.count : 0),
      drifterRuns: run.drifterRuns ?? (drifterRan ? run.count : 0),
    })
  })
}

/**
 * Blue loot by shares: the sites' value, less taxes, paid out in proportion to each player's shares
 * (share tiers in schemas/loot-split-rules.ts). Payouts are whole ISK and sum to the net exactly.
 */
export function calcBlueLoot(req: BlueLootRequest, values: SiteValues): BlueLootResponse {
  const shareMode: ShareMode = req.siteRuns[0]?.useDpsLogiMode ? 'dps-logi' : 'dread-marauder'
  const sites = valueSiteRuns(req.siteRuns, values, req.drifterRan)
  const gross = sites.reduce((sum, s) => sum + BigInt(s.totalIsk), 0n)
  if (gross === 0n) throw badRequest('Nothing to split: the sites run are worth 0 ISK. Enter how many of each site you ran.')

  const shares = req.players.map((p) => playerShares(p, shareMode))
  const weights = shares.map(toMicroShares)
  if (weights.every((w) => w === 0n)) {
    throw badRequest('Every player has 0 shares, so there is nothing to divide by. Give at least one player a ship, tackle or extra shares.')
  }
  const { taxes, paid } = taxAndSplit(gross, weights, req)
  return {
    payouts: req.players.map((p, i) => ({ name: p.name, shares: Number(weights[i]) / 1_000_000, payout: paid[i] })),
    totalISK: Number(gross),
    ...taxes,
    shareMode,
    totalShares: Number(weights.reduce((a, b) => a + b, 0n)) / 1_000_000,
    sites,
  }
}
