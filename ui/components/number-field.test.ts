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

  it('says nothing while the box is empty or half typed, or when the number is used as typed', () => {
    for (const text of ['', '-', '1.', '7', '10']) expect(note(text), text).toBeNull()
  })
})
