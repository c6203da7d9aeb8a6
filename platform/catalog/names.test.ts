import { describe, expect, it } from 'vitest'
import { normalizeName } from './names.js'

describe('name normalisation', () => {
  it('folds case, odd spaces, dash variants and curly quotes', () => {
    expect(normalizeName('Tritanium\u00a0')).toBe('tritanium')
    expect(normalizeName('  TRITANIUM  ')).toBe('tritanium')
    expect(normalizeName('Fullerite\u2013C320')).toBe('fullerite-c320')
    expect(normalizeName('Fullerite\u2212C320')).toBe('fullerite-c320')
    expect(normalizeName('Gas Cloud\u202fScoop  II')).toBe('gas cloud scoop ii')
    expect(normalizeName('\u2018Crop\u2019 Gas Cloud Scoop')).toBe("'crop' gas cloud scoop")
    expect(normalizeName('Zero\u200bWidth')).toBe('zerowidth')
  })
})
