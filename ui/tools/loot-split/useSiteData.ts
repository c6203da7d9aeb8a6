import { useEffect, useState } from 'react'
import type { LootEscalations } from '../../../schemas/loot-split'
import type { SiteTier } from '../../../schemas/loot-split-rules'
import { ApiError, callApi } from '../../lib/api'
import { getLootSplitEscalations } from '../../../schemas/loot-split-endpoints'
import { getSiteFile } from '../../../schemas/wormhole-sites-endpoints'
import type { SiteTier as SiteFileTier } from '../../../schemas/wormhole-sites-constants'

export interface TierSite {
  site: string
  blue_loot_isk: number
  /** Which of the tier's two files listed it: combat, or data and relic. */
  group: 'combat' | 'datarelic'
}

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string }

const describe = (err: unknown) => (err instanceof ApiError ? err.message : 'The server could not be reached.')

/** Both of a tier's site files (`/api/data/{tier}_{combat|datarelic}_sites_clean.json`), fetched again on each tier change. */
export function useTierSites(tier: SiteTier): Loaded<TierSite[]> {
  const [state, setState] = useState<{ tier: SiteTier; loaded: Loaded<TierSite[]> }>({ tier, loaded: { status: 'loading' } })
  useEffect(() => {
    let live = true
    const file = (group: TierSite['group']) =>
      callApi(getSiteFile(tier.toLowerCase() as SiteFileTier, group), {}).then((rows) =>
        rows.map((r) => ({ site: r.site, blue_loot_isk: Number(r.blue_loot_isk) || 0, group })),
      )
    setState({ tier, loaded: { status: 'loading' } })
    Promise.all([file('combat'), file('datarelic')])
      .then(([combat, datarelic]) => live && setState({ tier, loaded: { status: 'ready', data: [...combat, ...datarelic] } }))
      .catch((err) => {
        console.error(`Site values for ${tier} could not be loaded`, err)
        if (live) setState({ tier, loaded: { status: 'error', message: describe(err) } })
      })
    return () => {
      live = false
    }
  }, [tier])
  // While a new tier loads, never show the old tier's sites.
  return state.tier === tier ? state.loaded : { status: 'loading' }
}

/** Avenger and Drifter values (`/api/loot-split/escalations`), fetched once per page. */
export function useEscalations(): Loaded<LootEscalations> {
  const [state, setState] = useState<Loaded<LootEscalations>>({ status: 'loading' })
  useEffect(() => {
    let live = true
    callApi(getLootSplitEscalations, {})
      .then((data) => live && setState({ status: 'ready', data }))
      .catch((err) => live && setState({ status: 'error', message: describe(err) }))
    return () => {
      live = false
    }
  }, [])
  return state
}
