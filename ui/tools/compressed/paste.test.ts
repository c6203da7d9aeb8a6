import { describe, expect, it } from 'vitest'
import { parseMineralPaste, readUnits } from './paste'

describe('mineral paste parser', () => {
  it('takes the first number of each line, with commas, periods, underscores and an x prefix', () => {
    const { targets, skipped } = parseMineralPaste('Tritanium 1,000,000\nPyerite\tx250.000\nmexallon 5_000\nIsogen x 12\nNocxium: 3 units (need 5)')
    expect(targets).toEqual({ Tritanium: 1_000_000, Pyerite: 250_000, Mexallon: 5_000, Isogen: 12, Nocxium: 3 })
    expect(skipped).toEqual([])
  })

  it('sums a mineral named twice and reports lines it cannot read', () => {
    const { targets, skipped } = parseMineralPaste('Tritanium 100\n\nVeldspar 400\nTritanium 50\nMorphite lots')
    expect(targets).toEqual({ Tritanium: 150 })
    expect(skipped).toEqual([
      { line: 3, text: 'Veldspar 400' },
      { line: 5, text: 'Morphite lots' },
    ])
  })

  it('skips a negative amount instead of reading it as a need, but reads a dash used as a separator', () => {
    const { targets, skipped } = parseMineralPaste('Tritanium -500\nPyerite \u2212200\nMexallon - 300\nIsogen 5')
    expect(targets).toEqual({ Mexallon: 300, Isogen: 5 })
    expect(skipped).toEqual([
      { line: 1, text: 'Tritanium -500' },
      { line: 2, text: 'Pyerite \u2212200' },
    ])
  })

  it('does not read the x of a word as a prefix or a digit inside a word as the number', () => {
    expect(parseMineralPaste('Zydrine box 20').targets).toEqual({ Zydrine: 20 })
    expect(parseMineralPaste('Megacyte\t1 234').targets).toEqual({ Megacyte: 1 })
  })

  it('reads a decimal part as one, not as more digits, and rounds a fractional need up', () => {
    // "1,000,000.50" is a million and a half unit, not 100,000,050; a spreadsheet's "2500.00" is 2,500, not 250,000
    const { targets } = parseMineralPaste('Tritanium 1,000,000.50\nPyerite 2500.00\nMexallon 1.000.000,5\nIsogen 12.3\nNocxium 1,000.000')
    expect(targets).toEqual({ Tritanium: 1_000_001, Pyerite: 2_500, Mexallon: 1_000_001, Isogen: 13, Nocxium: 1_000_000 })
    // groups of three stay thousands, whichever separator; underscores are never a decimal point
    expect(parseMineralPaste('Zydrine 2.500\nMegacyte 1_50\nMorphite 5,000.').targets).toEqual({ Zydrine: 2_500, Megacyte: 150, Morphite: 5_000 })
  })
})

describe('mineral amounts with k, m and b (issue #42)', () => {
  const MAX = 1_000_000_000_000
  it('reads grouped numbers and suffixes in a box', () => {
    expect(readUnits('12,500', MAX)).toEqual({ ok: true, units: 12_500 })
    expect(readUnits('12 500', MAX)).toEqual({ ok: true, units: 12_500 })
    expect(readUnits('12.5k', MAX)).toEqual({ ok: true, units: 12_500 })
    expect(readUnits('1.5m', MAX)).toEqual({ ok: true, units: 1_500_000 })
    expect(readUnits('2B', MAX)).toEqual({ ok: true, units: 2_000_000_000 })
    expect(readUnits('', MAX)).toEqual({ ok: true, units: 0 })
  })

  it('refuses what it cannot read with a sentence, never reading 12.5 as 125, 1e12 as 112 or -5 as 5', () => {
    expect(readUnits('12.5', MAX)).toEqual({ ok: false, error: '12.5 is not a whole number of units.' })
    expect(readUnits('1e12', MAX)).toMatchObject({ ok: false, error: expect.stringMatching(/^Could not read “1e12”/) })
    expect(readUnits('-5', MAX)).toEqual({ ok: false, error: 'An amount is 0 or more.' })
    expect(readUnits('1.2345k', MAX)).toEqual({ ok: false, error: '1.2345k is not a whole number of units.' })
    expect(readUnits('12,50', MAX).ok).toBe(false)
    expect(readUnits('2000b', 1_000_000)).toEqual({ ok: false, error: 'At most 1,000,000 units in one plan.' })
  })

  it('reads the same suffixes on the paste tab (1.5k is 1,500, not 2)', () => {
    expect(parseMineralPaste('Tritanium 1.5k\nPyerite 2m\nMexallon 12,500\nIsogen 3.3333k').targets).toEqual({
      Tritanium: 1_500,
      Pyerite: 2_000_000,
      Mexallon: 12_500,
      Isogen: 3_334,
    })
  })
})
