/**
 * The five trade hubs: station id, label, the solar system's name (looked up in the SDE where a system id is needed),
 * and the region whose orders (and fallback prices) they use. Plain data
 * without zod, so pages can import it without pulling zod into their bundle; `schemas/market.ts` re-exports it.
 */
export const HUBS = [
  { station_id: 60003760, label: 'Jita 4-4', system: 'Jita', region_id: 10000002 },
  { station_id: 60008494, label: 'Amarr', system: 'Amarr', region_id: 10000043 },
  { station_id: 60011866, label: 'Dodixie', system: 'Dodixie', region_id: 10000032 },
  { station_id: 60005686, label: 'Hek', system: 'Hek', region_id: 10000042 },
  { station_id: 60004588, label: 'Rens', system: 'Rens', region_id: 10000030 },
] as const
export type Hub = (typeof HUBS)[number]
export const HUB_STATION_IDS = HUBS.map((h) => h.station_id)
export const hubByStation = (id: number) => HUBS.find((h) => h.station_id === id)

/** A hub's price freshness: FRESH, AGING, OLD, or NONE before its first prices. */
export type HubFreshness = 'FRESH' | 'AGING' | 'OLD' | 'NONE'

/**
 * The one freshness rule, shared by the status page's pipeline card and its price rows (and anything else that
 * judges a hub's prices). The age it judges counts from the newer of (a) the time of ESI's book the prices come from
 * (its Last-Modified) and (b) the last check that found ESI still offering that same book: prices as new as ESI
 * offers are fresh however old ESI's book is. FRESH up to the cadence less 2 minutes, AGING up to the cadence plus 5
 * (ESI caches the book up to 5 minutes), OLD beyond: 28 and 35 minutes at the default 30-minute cadence, as the spec
 * has it. The pipeline card is STALE exactly when a hub is OLD.
 */
export function hubFreshness(ageSeconds: number | null, cadenceMinutes: number): HubFreshness {
  if (ageSeconds === null) return 'NONE'
  if (ageSeconds <= Math.max(cadenceMinutes / 2, cadenceMinutes - 2) * 60) return 'FRESH'
  if (ageSeconds <= (cadenceMinutes + 5) * 60) return 'AGING'
  return 'OLD'
}

/** Minutes after which a hub's prices are OLD (and the pipeline STALE) under `hubFreshness`. */
export const oldAfterMinutes = (cadenceMinutes: number) => cadenceMinutes + 5
