import { describe, expect, it } from 'vitest'
import { brokerTaxMicroPercent, brokerTaxPercentLabel, describeLadder, ladderShares, playerShares, SHIP_KINDS } from './loot-split-rules.js'

const kind = (key: string) => [...SHIP_KINDS['dread-marauder'], ...SHIP_KINDS['dps-logi']].find((k) => k.key === key)!
const ladder = (key: string, upTo: number) => Array.from({ length: upTo + 1 }, (_, n) => ladderShares(kind(key).ladder, n))

describe('share tiers (spec section 9)', () => {
  it('marauders: first +1.5, second +1.0, each further +0.5', () => {
    // 0, 1.5, 1.5+1.0, 2.5+0.5, 3.0+0.5, 3.5+0.5
    expect(ladder('marauders', 5)).toEqual([0, 1.5, 2.5, 3, 3.5, 4])
  })
  it('dreads: first +2.5, each further +1.5', () => {
    expect(ladder('dreads', 3)).toEqual([0, 2.5, 4, 5.5])
  })
  it('DPS: first 2 +1.0 each, next 3 +0.5 each, each further +0.25', () => {
    // 1, 2, 2.5, 3, 3.5, then 3.75, 4.0
    expect(ladder('dps', 7)).toEqual([0, 1, 2, 2.5, 3, 3.5, 3.75, 4])
  })
  it('logi: first +1.5, second +0.75, each further +0.25', () => {
    expect(ladder('logi', 4)).toEqual([0, 1.5, 2.25, 2.5, 2.75])
  })

  it('adds tackle (+0.5) and extra shares, ignores the other mode, and never goes below 0', () => {
    // 2 marauders (2.5) + 1 dread (2.5) + tackle (0.5) + 0.25 extra = 5.75; the DPS count is not part of this mode
    expect(playerShares({ marauders: 2, dreads: 1, dps: 9, bubbler: true, extraShares: 0.25 }, 'dread-marauder')).toBe(5.75)
    // 6 DPS (3.75) + 3 logi (2.5) = 6.25
    expect(playerShares({ dps: 6, logi: 3, marauders: 4, bubbler: false, extraShares: 0 }, 'dps-logi')).toBe(6.25)
    expect(playerShares({ bubbler: true, extraShares: -1 }, 'dps-logi')).toBe(0)
    expect(playerShares({ marauders: 1, bubbler: false, extraShares: -0.5 }, 'dread-marauder')).toBe(1)
    expect(playerShares({ bubbler: false, extraShares: Number.NaN }, 'dps-logi')).toBe(0)
  })

  it('explains each ladder in words for the page', () => {
    expect(describeLadder(kind('marauders'))).toEqual(['First marauder: +1.5 shares', 'Second marauder: +1 share', 'Each further marauder: +0.5 shares'])
    expect(describeLadder(kind('dreads'))).toEqual(['First dread: +2.5 shares', 'Each further dread: +1.5 shares'])
    expect(describeLadder(kind('dps'))).toEqual([
      'First 2 DPS ships: +1 share each',
      'Next 3 DPS ships: +0.5 shares each',
      'Each further DPS ship: +0.25 shares',
    ])
    expect(describeLadder(kind('logi'))).toEqual(['First logi ship: +1.5 shares', 'Second logi ship: +0.75 shares', 'Each further logi ship: +0.25 shares'])
  })
})

describe('broker tax rate', () => {
  it('is 7.5 − 0.462 × Accounting, shown with two decimals', () => {
    expect([0, 1, 2, 3, 4, 5].map(brokerTaxPercentLabel)).toEqual(['7.50', '7.04', '6.58', '6.11', '5.65', '5.19'])
    // the amount uses the exact rate: 7.5 − 0.462 = 7.038 %
    expect(brokerTaxMicroPercent(1)).toBe(7_038_000)
  })
})
