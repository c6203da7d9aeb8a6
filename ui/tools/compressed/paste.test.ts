import { describe, expect, it } from 'vitest'
import { parseMineralPaste } from './paste'

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
