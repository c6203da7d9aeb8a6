import type { Quantity } from '../../../platform/catalog/catalog.js'
import { PI_TIERS, type PiIngredient, type PiMarketMode, type PiP0Source, type PiProduct, type PiTier } from '../../../schemas/pi.js'
import type { PiChain, PiChainIndex } from './chains.js'

/** The two prices a hub has for a type; null when it has no order on that side. */
export interface UnitPrices {
  sellMin: number | null
  buyMax: number | null
}
export type PriceLookup = (typeId: number) => UnitPrices | undefined

type Side = 'sell' | 'buy'

/** Which side of the book values the product and which one the inputs are bought from, per market mode. */
export const MODE_SIDES: Record<PiMarketMode, { output: Side; input: Side }> = {
  sell: { output: 'sell', input: 'sell' },
  buy: { output: 'buy', input: 'buy' },
  impatient: { output: 'buy', input: 'sell' },
  patient: { output: 'sell', input: 'buy' },
}

/** Imports are taxed at half the export rate (docs/tools/pi.md). */
export const IMPORT_RATE_FACTOR = 0.5

export interface PiOptions {
  /** POCO tax in percent (0-50). */
  taxRate: number
  marketMode: PiMarketMode
  /** extracted: P0 costs nothing and never crosses a customs office; market: P0 is bought like any input. */
  p0Source: PiP0Source
}

const price = (p: UnitPrices | undefined, side: Side): number | null => (side === 'sell' ? p?.sellMin : p?.buyMax) ?? null

/**
 * Customs tax on moving these quantities through offices at `rate` (a fraction) per unit of customs value; null when a
 * customs value is missing and the rate is not zero (its name goes to `missing`).
 */
function customsTax(items: Quantity[], rate: number, index: PiChainIndex, missing: Set<string>): number | null {
  if (rate === 0) return 0
  let total: number | null = 0
  for (const item of items) {
    const base = index.taxBase(item.typeId)
    if (base === null) {
      missing.add(`${index.name(item.typeId)} (no customs value in the SDE)`)
      total = null
    } else if (total !== null) total += item.quantity * base * rate
  }
  return total
}

const isP0 = (index: PiChainIndex, typeId: number) => (index.tiers.get(typeId) ?? 0) === 0

/**
 * Prices a list of inputs on one side; missing prices are named in `missing`. Extracted P0 costs 0 a unit (no price is
 * needed for it, so none can be missing).
 */
function priced(
  items: Quantity[],
  side: Side,
  index: PiChainIndex,
  prices: PriceLookup,
  missing: Set<string>,
  p0Source: PiP0Source,
): { rows: PiIngredient[]; total: number | null } {
  let total: number | null = 0
  const rows = items.map((item) => {
    const name = index.name(item.typeId)
    const unitPrice = p0Source === 'extracted' && isP0(index, item.typeId) ? 0 : price(prices(item.typeId), side)
    if (unitPrice === null) {
      missing.add(`${name} (no ${side} orders)`)
      total = null
    }
    const cost = unitPrice === null ? null : unitPrice * item.quantity
    if (total !== null && cost !== null) total += cost
    return { typeId: item.typeId, name, tier: index.tiers.get(item.typeId) ?? 0, quantity: item.quantity, unitPrice, cost }
  })
  return { rows, total }
}

const minus = (a: number | null, ...bs: Array<number | null>): number | null =>
  a === null || bs.some((b) => b === null) ? null : bs.reduce<number>((acc, b) => acc - b!, a)

/**
 * One product row (docs/tools/pi.md):
 * - Value × Batch = batch × product price on the mode's output side;
 * - Profit Prev-This = value − direct inputs at the input side − (import tax on the inputs + export tax on the batch);
 * - Profit P0-This = value − all P0 behind the batch at the input side − (every intermediate exported and imported
 *   once + export tax on the batch); P0 never crosses a customs office (extracted and processed on one planet).
 * With `p0Source` extracted, every P0 costs 0 and a P1's P0 inputs pay no import tax (docs/tools/pi.md).
 */
export function productRow(chain: PiChain, index: PiChainIndex, prices: PriceLookup, options: PiOptions): PiProduct {
  const sides = MODE_SIDES[options.marketMode]
  const exportRate = options.taxRate / 100
  const importRate = exportRate * IMPORT_RATE_FACTOR
  const own = prices(chain.typeId)
  const missingPrev = new Set<string>()
  const missingP0 = new Set<string>()

  const unitValue = price(own, sides.output)
  const valueBatch = unitValue === null ? null : unitValue * chain.batch
  if (unitValue === null) for (const m of [missingPrev, missingP0]) m.add(`${chain.name} (no ${sides.output} orders)`)

  const direct = priced(chain.inputs, sides.input, index, prices, missingPrev, options.p0Source)
  const raw = priced(chain.raw, sides.input, index, prices, missingP0, options.p0Source)
  // Extracted P0 is made into P1 on the planet it came from: it is never imported, so a P1's inputs pay no import tax.
  const imported = options.p0Source === 'extracted' ? chain.inputs.filter((i) => !isP0(index, i.typeId)) : chain.inputs

  const batchOut = [{ typeId: chain.typeId, quantity: chain.batch }]
  const exportTaxPrev = customsTax(batchOut, exportRate, index, missingPrev)
  const importTaxPrev = customsTax(imported, importRate, index, missingPrev)
  const exportTaxP0 = customsTax([...batchOut, ...chain.intermediates], exportRate, index, missingP0)
  const importTaxP0 = customsTax(chain.intermediates, importRate, index, missingP0)
  const taxPrevThis = exportTaxPrev === null || importTaxPrev === null ? null : exportTaxPrev + importTaxPrev
  const taxP0This = exportTaxP0 === null || importTaxP0 === null ? null : exportTaxP0 + importTaxP0

  const profitPrevThis = minus(valueBatch, direct.total, taxPrevThis)
  const profitP0This = minus(valueBatch, raw.total, taxP0This)
  return {
    typeId: chain.typeId,
    name: chain.name,
    tier: chain.tier,
    quantity: chain.batch,
    cycleTime: chain.cycleTime,
    lowestSeller: own?.sellMin ?? null,
    highestBuyer: own?.buyMax ?? null,
    valueBatch,
    ingredients: direct.rows,
    rawMaterials: raw.rows,
    taxBase: index.taxBase(chain.typeId),
    taxPrevThis,
    taxP0This,
    profitP0This,
    profitPrevThis,
    profitPerHour: profitPrevThis === null || chain.cycleTime <= 0 ? null : (profitPrevThis * 3600) / chain.cycleTime,
    missing: [...new Set([...missingPrev, ...missingP0])],
    missingPrevThis: [...missingPrev],
    missingP0This: [...missingP0],
  }
}

/** Every P1-P4 product, keyed by tier, each list sorted by name. */
export function calculatePi(index: PiChainIndex, prices: PriceLookup, options: PiOptions): Record<PiTier, PiProduct[]> {
  const result = Object.fromEntries(PI_TIERS.map((t) => [t, [] as PiProduct[]])) as Record<PiTier, PiProduct[]>
  for (const chain of index.chains.values()) {
    const tier = `P${chain.tier}` as PiTier
    if (!(tier in result)) continue
    result[tier].push(productRow(chain, index, prices, options))
  }
  for (const t of PI_TIERS) result[t].sort((a, b) => a.name.localeCompare(b.name, 'en'))
  return result
}

/** The customs values found for each tier P0-P4 (the SDE has one per tier; a second value would show here). */
export function taxBaseByTier(index: PiChainIndex): Record<string, number[]> {
  const bases: Record<string, Set<number>> = {}
  for (const [typeId, tier] of index.tiers) {
    const base = index.taxBase(typeId)
    if (base === null) continue
    ;(bases[`P${tier}`] ??= new Set()).add(base)
  }
  return Object.fromEntries(
    Object.entries(bases)
      .sort()
      .map(([t, s]) => [t, [...s].sort((a, b) => a - b)]),
  )
}
