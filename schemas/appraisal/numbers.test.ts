import { describe, expect, it } from 'vitest'
import { parseAmount, toQuantity } from './numbers.js'

describe('parseAmount', () => {
  it.each([
    ['100000', 100000],
    ['1,000', 1000],
    ['1.000', 1000],
    ['1 000', 1000],
    ['1\u00a0000', 1000],
    ['1\u202f000', 1000],
    ["9'584'701", 9584701],
    ['9,584,704', 9584704],
    ['1.234.567', 1234567],
    ['10 102', 10102],
    ['1,234.50', 1234.5],
    ['1.234,50', 1234.5],
    ["7'999'996.10", 7999996.1],
    ['305.0', 305],
    ['3.05', 3.05],
    ['0,5', 0.5],
    ['0.500', 0.5],
    ['123.12', 123.12],
    ['-251.00', -251],
    ['+5', 5],
  ])('%s is %s', (text, value) => {
    expect(parseAmount(text)).toBe(value)
  })

  it.each(['', 'abc', '1,00,0', '12 34', '1.2.3,4,5', '-', '1e5', '5 m3', '10 km', '1,000 ISK', '2017.10.11'])('%s is not a number', (text) => {
    expect(parseAmount(text)).toBeNull()
  })
})

describe('toQuantity', () => {
  it('keeps positive whole numbers, truncates fractions and makes anything else 1', () => {
    expect(toQuantity(42)).toBe(42)
    expect(toQuantity(123.12)).toBe(123)
    expect(toQuantity(0)).toBe(1)
    expect(toQuantity(-5)).toBe(1)
    expect(toQuantity(0.4)).toBe(1)
    expect(toQuantity(null)).toBe(1)
    expect(toQuantity(Number.NaN)).toBe(1)
    expect(toQuantity(1e30)).toBe(1e30) // never capped in silence: the parser refuses the line (MAX_STACK)
  })
})
