import type { PiMarketMode, PiP0Source, PiTier } from '../../../schemas/pi-constants'

export const MODE_LABELS: Record<PiMarketMode, string> = { sell: 'Sell', buy: 'Buy', impatient: 'Impatient', patient: 'Patient' }

/** What each market mode means, in the words the page shows under the buttons and in the info panel. */
export const MODE_DESCRIPTIONS: Record<PiMarketMode, string> = {
  sell: 'Everything at the lowest sell order: what the product and its inputs cost to buy right now.',
  buy: 'Everything at the highest buy order: what the product and its inputs fetch when sold right now.',
  impatient: 'Buy the inputs from sell orders and sell the product to buy orders: instant both ways, the thinnest margin.',
  patient: 'Buy the inputs with your own buy orders and sell the product with your own sell orders: the widest margin, if you can wait for fills.',
}

export const P0_SOURCE_LABELS: Record<PiP0Source, string> = { extracted: 'Extracted (free)', market: 'Bought at market' }

/** What each P0 source means, under its buttons. */
export const P0_SOURCE_DESCRIPTIONS: Record<PiP0Source, string> = {
  extracted: 'Your planets extract the raw materials: they cost nothing and are never imported, so no P0 price is needed.',
  market: 'The raw materials are bought at Jita 4-4 like any other input and imported for a P1; a P0 with no price there leaves the profit n/a.',
}

/** After the SDE market groups (Processed/Refined/Specialized/Advanced Planetary Materials). */
export const TIER_LABELS: Record<PiTier, string> = {
  P1: 'Processed materials',
  P2: 'Refined materials',
  P3: 'Specialized materials',
  P4: 'Advanced materials',
}

/** "just now", "4 min ago", "2 h 5 min ago". */
export function formatAge(seconds: number): string {
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  return `${hours} h ${minutes % 60} min ago`
}
