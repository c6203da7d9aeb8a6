import { describe, expect, it } from 'vitest'
import { parseAppraisalText, runChain } from '../parse.js'
import { materialInformationParser } from './material-information.js'

/** The industry window's "Copy Material Information": section titles, a header row, material rows. */
const paste = [
  'Input Materials',
  'Item\tRequired\tAvailable\tEst. Unit price\ttypeID',
  'Tritanium\t2 500 000\t1 000 000\t4,01\t34',
  'Pyerite\t600 000\t0\t12,50\t35',
  'Optional Materials',
  'Item\tRequired\tAvailable\tEst. Unit price\ttypeID',
  'Morphite\t1.200\t0\t15.000,00\t11399',
].join('\n')

describe('industry window, Copy Material Information', () => {
  it('reads the Required column with the type id; titles and header rows are read, not items', () => {
    const result = runChain(paste, [materialInformationParser])
    expect(result.items.map((i) => [i.name, i.typeId, i.qty])).toEqual([
      ['Tritanium', 34, 2_500_000],
      ['Pyerite', 35, 600_000],
      ['Morphite', 11399, 1200],
    ])
    expect(result.skippedLines).toBe(4)
    expect(result.unparsed).toEqual([])
  })

  it.each([
    ['columns in another order, no type id', 'Required\tItem\n1,000\tTritanium', [['Tritanium', undefined, 1000]]],
    ['a decimal comma after space groups', 'Item\tRequired\nTritanium\t1 234 567,00', [['Tritanium', undefined, 1_234_567]]],
    ['a header alone', 'Item\tRequired\tAvailable', []],
  ])('%s', (_what, text, expected) => {
    expect(runChain(text, [materialInformationParser]).items.map((i) => [i.name, i.typeId, i.qty])).toEqual(expected)
  })

  it('ends at a blank line: a list pasted after it is the listing parser’s', () => {
    const result = parseAppraisalText(`${paste}\n\nHobgoblin II x 5`)
    expect(result.items.map((i) => [i.name, i.qty])).toContainEqual(['Hobgoblin II', 5])
    expect(result.items.some((i) => /item|required|materials/i.test(i.name))).toBe(false)
  })
})
