import { describe, expect, it } from 'vitest'
import { sanitizeNumber, usedInstead } from './NumberField'

describe('usedInstead', () => {
  const bounds = { min: 1, max: 10, integer: true }
  const note = (text: string) => usedInstead(text, sanitizeNumber(text, bounds), bounds)

  it('says which number is used for a typed number beyond the bounds or with decimals', () => {
    expect(note('15')).toBe('Using 10: at most 10.')
    expect(note('0')).toBe('Using 1: at least 1.')
    expect(note('-3')).toBe('Using 1: at least 1.')
    expect(note('2.5')).toBe('Using 2: whole numbers only.')
    expect(note('2,5')).toBe('Using 2: whole numbers only.')
  })

  it('says the fallback is used while the box is empty or holds no number', () => {
    expect(note('')).toBe('Using 1 until a number is typed.')
    expect(note('-')).toBe('Using 1 until a number is typed.')
  })

  it('says nothing when the number is used as typed', () => {
    for (const text of ['1.', '7', '10', '10.0']) expect(note(text), text).toBeNull()
  })

  it("says a field's own rule when it has one, and can leave a number above the maximum to the page", () => {
    const rule = { min: 0, max: 100, rule: 'Facility tax is 0 to 100%' }
    expect(usedInstead('150', sanitizeNumber('150', rule), rule)).toBe('Facility tax is 0 to 100%: 100 applied.')
    expect(usedInstead('12.5', 12.5, rule)).toBeNull()
    const quiet = { min: 0, max: 1, quietAboveMax: true }
    expect(usedInstead('5.12', sanitizeNumber('5.12', quiet), quiet)).toBeNull()
    expect(usedInstead('-0.05', sanitizeNumber('-0.05', quiet), quiet)).toBe('Using 0: at least 0.')
  })
})
