import { describe, expect, it } from 'vitest'
import { allocate, applyTaxes, percentOf, toMicroPercent } from './money.js'

describe('taxes', () => {
  it('takes broker, then corp, then alliance, each on what is left, in whole ISK', () => {
    const t = applyTaxes(1_835_800_000n, { accounting: 5, noTaxes: false, corpTax: 10, allianceTax: 2.5 })
    // broker 5.19 %: 1,835,800,000 × 0.0519 = 95,278,020 → 1,740,521,980 left
    expect(t.brokerTaxAmount).toBe(95_278_020)
    expect(t.brokerTaxPercent).toBe(5.19)
    // corp 10 % of 1,740,521,980 = 174,052,198 → 1,566,469,782 left
    expect(t.corpTaxAmount).toBe(174_052_198)
    // alliance 2.5 % of 1,566,469,782 = 39,161,744.55 → 39,161,745 (halves and above round up)
    expect(t.allianceTaxAmount).toBe(39_161_745)
    expect(t.netISK).toBe(1_527_308_037)
    expect(t.net).toBe(1_527_308_037n)
  })

  it('uses the unrounded rate at Accounting 1 (7.038 %) and skips broker tax with noTaxes', () => {
    // 1,000,000,000 × 0.07038 = 70,380,000
    expect(applyTaxes(1_000_000_000n, { accounting: 1, noTaxes: false, corpTax: 0, allianceTax: 0 }).brokerTaxAmount).toBe(70_380_000)
    const none = applyTaxes(1_000_000_000n, { accounting: 0, noTaxes: true, corpTax: 0.1, allianceTax: 0 })
    expect(none).toMatchObject({ brokerTaxPercent: null, brokerTaxAmount: 0, corpTaxAmount: 1_000_000, allianceTaxAmount: 0, netISK: 999_000_000 })
  })

  it('rounds halves up and keeps typed decimals exact', () => {
    expect(percentOf(15n, toMicroPercent(10))).toBe(2n) // 1.5 → 2
    expect(percentOf(14n, toMicroPercent(10))).toBe(1n) // 1.4 → 1
    expect(percentOf(1_000n, toMicroPercent(0.1))).toBe(1n) // 0.1 is not 0.1000000000000000055 here
    expect(percentOf(999_999_999_999n, toMicroPercent(100))).toBe(999_999_999_999n)
  })
})

describe('allocate (largest remainder)', () => {
  it('gives the leftover ISK to the largest remainders, ties to the player listed first', () => {
    // 10 ISK in thirds: 3.33 each → floors 3,3,3, one left; equal remainders → the first player
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n])
    // 10 × 1/6 = 1.67, 10 × 2/6 = 3.33, 10 × 3/6 = 5 → floors 1,3,5; the one left goes to .67
    expect(allocate(10n, [1n, 2n, 3n])).toEqual([2n, 3n, 5n])
  })

  it('never pays a zero weight and always sums to the total', () => {
    expect(allocate(7n, [0n, 5n, 0n, 5n])).toEqual([0n, 4n, 0n, 3n])
    let seed = 42
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let round = 0; round < 200; round++) {
      const total = BigInt(Math.floor(rand() * 1e12))
      const weights: bigint[] = Array.from({ length: 1 + Math.floor(rand() * 40) }, () => (rand() < 0.2 ? 0n : BigInt(Math.floor(rand() * 1e9))))
      if (!weights.some((w) => w > 0n)) weights.push(1n)
      const parts = allocate(total, weights)
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(total)
      const sum = weights.reduce((a, b) => a + b, 0n)
      parts.forEach((p, i) => {
        const exactFloor = (total * weights[i]) / sum
        expect(p === exactFloor || p === exactFloor + 1n).toBe(true)
        if (weights[i] === 0n) expect(p).toBe(0n)
      })
    }
  })

  it('refuses weights that sum to 0', () => {
    expect(() => allocate(10n, [0n, 0n])).toThrow(/sum to 0/)
  })
})
