/** PI calculator constants without zod, so the page can import them without pulling zod into its chunk. */

/** How prices are read (docs/tools/pi.md): which side of the book values the product and which buys the inputs. */
export const PI_MARKET_MODES = ['sell', 'buy', 'impatient', 'patient'] as const
export type PiMarketMode = (typeof PI_MARKET_MODES)[number]

export const PI_TIERS = ['P1', 'P2', 'P3', 'P4'] as const
export type PiTier = (typeof PI_TIERS)[number]

/** The POCO tax a player can enter, in percent (spec: a number 0-50). */
export const POCO_TAX_LIMITS = { min: 0, max: 50 } as const
