import type { StationPriceRow } from '../../../schemas/market.js'
import type { ModePrices } from '../../../schemas/reactions.js'

/** A hub price row in every pricing mode; null where the hub has no such orders. Split needs both sides. */
export function modePrices(row: StationPriceRow | undefined): ModePrices {
  const sell = row?.sell_min ?? null
  const buy = row?.buy_max ?? null
  return { sell, buy, split: sell !== null && buy !== null ? (sell + buy) / 2 : null, sell5: row?.sell_5pct ?? null, buy5: row?.buy_5pct ?? null }
}
