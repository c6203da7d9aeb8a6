/**
 * The five trade hubs: station id, label, and the region whose orders (and fallback prices) they use. Plain data
 * without zod, so pages can import it without pulling zod into their bundle; `schemas/market.ts` re-exports it.
 */
export const HUBS = [
  { station_id: 60003760, label: 'Jita 4-4', region_id: 10000002 },
  { station_id: 60008494, label: 'Amarr', region_id: 10000043 },
  { station_id: 60011866, label: 'Dodixie', region_id: 10000032 },
  { station_id: 60005686, label: 'Hek', region_id: 10000042 },
  { station_id: 60004588, label: 'Rens', region_id: 10000030 },
] as const
export type Hub = (typeof HUBS)[number]
export const HUB_STATION_IDS = HUBS.map((h) => h.station_id)
export const hubByStation = (id: number) => HUBS.find((h) => h.station_id === id)
