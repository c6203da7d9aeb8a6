import { HUBS } from './hubs.js'

/**
 * Plain constants of the Thera and Turnur feature, without zod, so pages can import them (schemas/thera.ts builds its
 * schemas on them).
 */

/** The two hubs EVE-Scout scans, as its feed names them (`out_system_name`). */
export const THERA_HUBS = ['Thera', 'Turnur'] as const
export type TheraHub = (typeof THERA_HUBS)[number]

/** The largest ship a connection lets through, as EVE-Scout's feed names it (`max_ship_size`; FORMAT.md). */
export const SHIP_SIZES = ['small', 'medium', 'large', 'xlarge', 'capital', 'unknown'] as const
export type ShipSize = (typeof SHIP_SIZES)[number]

/** Short labels for the feed's `max_ship_size` values (the feed's own words, capitalised; xlarge shortened to XL). */
export const SHIP_SIZE_LABEL: Record<ShipSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  xlarge: 'XL',
  capital: 'Capital',
  unknown: 'Unknown',
}

/** The five trade hubs the route box answers for, by system name (looked up in the SDE), in the price pages' order. */
export const TRADE_HUB_SYSTEMS: readonly string[] = HUBS.map((h) => h.system)

/** The feed's `in_system_class` in words: hs, ls, ns for known space, c1 … c6, c13 and others for J-space. */
export function systemClassLabel(cls: string): string {
  if (cls === 'hs') return 'High-sec'
  if (cls === 'ls') return 'Low-sec'
  if (cls === 'ns') return 'Null-sec'
  if (/^c\d+$/.test(cls)) return cls.toUpperCase()
  return cls ? cls[0].toUpperCase() + cls.slice(1) : 'Unknown'
}
