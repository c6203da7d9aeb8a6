/** PI calculator constants without zod, so the page can import them without pulling zod into its chunk. */

/** How prices are read (docs/tools/pi.md): which side of the book values the product and which buys the inputs. */
export const PI_MARKET_MODES = ['sell', 'buy', 'impatient', 'patient'] as const
export type PiMarketMode = (typeof PI_MARKET_MODES)[number]

export const PI_TIERS = ['P1', 'P2', 'P3', 'P4'] as const
export type PiTier = (typeof PI_TIERS)[number]

/** The POCO tax a player can enter, in percent (spec: a number 0-50). */
export const POCO_TAX_LIMITS = { min: 0, max: 50 } as const

/**
 * Where the raw (P0) materials come from (issue #42): extracted by the player's own planets, so they cost nothing and
 * never cross a customs office, or bought at the market on the mode's input side. Extracted is the default, since most
 * players extract their own.
 */
export const PI_P0_SOURCES = ['extracted', 'market'] as const
export type PiP0Source = (typeof PI_P0_SOURCES)[number]
