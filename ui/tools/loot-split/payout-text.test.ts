import { describe, expect, it } from 'vitest'
import { payoutText, taxLines } from './payout-text'

const result = {
  totalISK: 1_835_800_000,
  netISK: 1_527_308_037,
  brokerTaxPercent: 5.19,
  brokerTaxAmount: 95_278_020,
  corpTaxAmount: 174_052_198,
  allianceTaxAmount: 39_161_745,
}

describe('payout text', () => {
  it('lists the taxes in the order taken, with the amounts deducted', () => {
    expect(taxLines(result, { corpTax: 10, allianceTax: 2.5 })).toEqual([
      'Applied Broker Tax: 5.19% (−95,278,020 ISK)',
      'Corp Tax: 10% (−174,052,198 ISK)',
      'Alliance Tax: 2.5% (−39,161,745 ISK)',
    ])
  })

  it('says when no broker tax applied and leaves out taxes at 0 %', () => {
    expect(taxLines({ ...result, brokerTaxPercent: null, brokerTaxAmount: 0 }, { corpTax: 0, allianceTax: 0 })).toEqual(['No broker tax applied.'])
    // a rate above 0 whose amount rounds to 0 shows the rate without an amount
    expect(taxLines({ ...result, corpTaxAmount: 0 }, { corpTax: 0.1, allianceTax: 0 })[1]).toBe('Corp Tax: 0.1%')
  })

  it('builds a plain text mail with one line per player', () => {
    const text = payoutText('Blue loot split (C5)', result, { corpTax: 10, allianceTax: 2.5 }, [
      { name: 'Alice', payout: 416_538_556, note: '3 shares' },
      { name: 'Bartholomew', payout: 763_654_018, note: '5.5 shares' },
    ])
    expect(text.split('\n')).toEqual([
      'Blue loot split (C5)',
      'Total blue loot: 1,835,800,000 ISK',
      'Applied Broker Tax: 5.19% (−95,278,020 ISK)',
      'Corp Tax: 10% (−174,052,198 ISK)',
      'Alliance Tax: 2.5% (−39,161,745 ISK)',
      'Net paid out: 1,527,308,037 ISK',
      '',
      'Alice: 416,538,556 ISK (3 shares)',
      'Bartholomew: 763,654,018 ISK (5.5 shares)',
    ])
  })
})
