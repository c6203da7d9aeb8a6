import { brokerTaxMicroPercent } from '../../../schemas/loot-split-rules.js'

/**
 * ISK arithmetic in whole numbers (BigInt), so a split of tens of billions comes out exact and the same on every
 * machine. Rates are carried in millionths of a percent.
 */

const MICRO_PERCENT_PER_UNIT = 100_000_000n // 100 % × 1e6

/** A percent such as 10 or 2.55 in millionths of a percent (more precision than anyone types). */
export const toMicroPercent = (percent: number) => BigInt(Math.round(percent * 1_000_000))

/** `base × rate`, rounded to whole ISK, halves up. */
export function percentOf(base: bigint, microPercent: bigint): bigint {
  return (base * microPercent + MICRO_PERCENT_PER_UNIT / 2n) / MICRO_PERCENT_PER_UNIT
}

export interface TaxInput {
  accounting: number
  noTaxes: boolean
  corpTax: number
  allianceTax: number
}

export interface TaxResult {
  brokerTaxPercent: number | null
  brokerTaxAmount: number
  corpTaxAmount: number
  allianceTaxAmount: number
  netISK: number
}

/**
 * Broker tax (7.5 − 0.462 × Accounting %, skipped with noTaxes) on the gross, then corp tax on what is left, then
 * alliance tax on what is left after that. Each amount is rounded to whole ISK before the next is taken.
 */
export function applyTaxes(gross: bigint, input: TaxInput): TaxResult & { net: bigint } {
  const brokerMicro = input.noTaxes ? 0n : BigInt(brokerTaxMicroPercent(input.accounting))
  const broker = percentOf(gross, brokerMicro)
  const afterBroker = gross - broker
  const corp = percentOf(afterBroker, toMicroPercent(input.corpTax))
  const afterCorp = afterBroker - corp
  const alliance = percentOf(afterCorp, toMicroPercent(input.allianceTax))
  const net = afterCorp - alliance
  return {
    brokerTaxPercent: input.noTaxes ? null : brokerTaxMicroPercent(input.accounting) / 1_000_000,
    brokerTaxAmount: Number(broker),
    corpTaxAmount: Number(corp),
    allianceTaxAmount: Number(alliance),
    netISK: Number(net),
    net,
  }
}

/**
 * Splits `total` whole ISK in proportion to `weights` so the parts are whole and sum to exactly `total`
 * (largest-remainder method): everyone first gets the floor of their exact share; the ISK left over (fewer than the
 * number of players) goes one each to the largest remainders, ties to whoever is listed first. A weight of 0 gets 0.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n)
  if (sum <= 0n) throw new Error('allocate: the weights sum to 0')
  const parts = weights.map((w) => (total * w) / sum)
  let left = total - parts.reduce((a, b) => a + b, 0n)
  const order = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1))
  for (const { i } of order) {
    if (left <= 0n) break
    parts[i] += 1n
    left -= 1n
  }
  return parts
}

/** Taxes the gross, then splits the net by `weights` (largest remainder): the tail both splitters share. */
export function taxAndSplit(gross: bigint, weights: readonly bigint[], input: TaxInput): { taxes: TaxResult; paid: number[] } {
  const { net, ...taxes } = applyTaxes(gross, input)
  return { taxes, paid: allocate(net, weights).map(Number) }
}
