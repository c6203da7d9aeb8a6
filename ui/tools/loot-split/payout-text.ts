import { formatIsk } from '../../../schemas/format'

export interface PayoutSummary {
  totalISK: number
  netISK: number
  brokerTaxPercent: number | null
  brokerTaxAmount: number
  corpTaxAmount: number
  allianceTaxAmount: number
}

export interface TaxRates {
  corpTax: number
  allianceTax: number
}

/** Trims a rate for reading: 5.19, 7.038, 10. */
export const formatRate = (percent: number) => String(Math.round(percent * 1000) / 1000)

/** The tax lines both splitters show and copy, in the order the taxes are taken. */
export function taxLines(result: PayoutSummary, rates: TaxRates): string[] {
  const deducted = (amount: number) => (amount > 0 ? ` (−${formatIsk(amount)})` : '')
  const lines = [
    result.brokerTaxPercent === null
      ? 'No broker tax applied.'
      : `Applied Broker Tax: ${result.brokerTaxPercent.toFixed(2)}%${deducted(result.brokerTaxAmount)}`,
  ]
  if (rates.corpTax > 0) lines.push(`Corp Tax: ${formatRate(rates.corpTax)}%${deducted(result.corpTaxAmount)}`)
  if (rates.allianceTax > 0) lines.push(`Alliance Tax: ${formatRate(rates.allianceTax)}%${deducted(result.allianceTaxAmount)}`)
  return lines
}

/**
 * Plain text for a corp chat or an in-game mail: a title, the gross, the taxes, the net, then one line per player.
 * No markup and no column padding (EVE chat uses a proportional font), so it pastes the same into EVE, Discord and Slack.
 */
export function payoutText(title: string, result: PayoutSummary, rates: TaxRates, players: Array<{ name: string; payout: number; note?: string }>): string {
  return [
    title,
    `Total blue loot: ${formatIsk(result.totalISK)}`,
    ...taxLines(result, rates),
    `Net paid out: ${formatIsk(result.netISK)}`,
    '',
    ...players.map((p) => `${p.name}: ${formatIsk(p.payout)}${p.note ? ` (${p.note})` : ''}`),
  ].join('\n')
}
