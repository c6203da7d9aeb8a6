import { describe, expect, it } from 'vitest'
import { MAX_STACK } from './numbers.js'
import { parseAppraisalText } from './parse.js'

/** Every grouping a client prints (space, no-break space, narrow no-break space, apostrophe, dot, comma), with either decimal mark. */
const NUMBERS = [
  '1 234 567',
  '1\u00a0234\u00a0567',
  '1\u202f234\u202f567',
  "1'234'567",
  '1\u2019234\u2019567',
  '1.234.567',
  '1,234,567',
  '1 234 567,00',
  '1\u00a0234\u00a0567,00',
  '1.234.567,00',
  '1,234,567.00',
  "1'234'567.00",
]

/** Every window or form with a quantity column, as a template around the number. */
const FORMATS: Array<[string, (n: string) => string]> = [
  ['Name qty', (n) => `Tritanium ${n}`],
  ['Name x qty', (n) => `Tritanium x ${n}`],
  ['qty x Name', (n) => `${n} x Tritanium`],
  ['Name;qty', (n) => `Tritanium;${n}`],
  ['inventory', (n) => `Tritanium\t${n}\tMineral\tMaterial\t\t\t12,35 m3\t5 000,00 ISK`],
  ['multi-space columns', (n) => `Tritanium  ${n}  Mineral`],
  ['killmail item', (n) => `Tritanium, Qty: ${n} (Cargo)`],
  ['industry units', (n) => `Tritanium (${n} Units)`],
  ['loot history', (n) => `12:00:00 Some Pilot has looted ${n} x Tritanium`],
  ['header table', (n) => `Name\tQuantity\nTritanium\t${n}`],
  ['material information', (n) => `Item\tRequired\tAvailable\nTritanium\t${n}\t0`],
  ['PI storage', (n) => `\tTritanium\t${n}\t12,35`],
]

describe('grouped quantities in every format with a quantity column', () => {
  for (const [format, template] of FORMATS) {
    it.each(NUMBERS)(`${format}: %s`, (n) => {
      const { items, unparsed } = parseAppraisalText(template(n))
      expect(unparsed).toEqual([])
      expect(items.map((i) => [i.name, i.qty])).toEqual([['Tritanium', 1_234_567]])
    })
  }
})

describe('quantities beyond a game stack', () => {
  it.each(['Tritanium 12345678901234567890', 'Tritanium x 2147483648', 'Tritanium\t99 999 999 999\tMineral', 'Tritanium, Qty: 3,000,000,000'])(
    'refuses %s on its line with a sentence, and keeps the other lines',
    (line) => {
      const { items, unparsed } = parseAppraisalText(`Pyerite 5\n${line}`)
      expect(items.map((i) => [i.name, i.qty])).toEqual([['Pyerite', 5]])
      expect(unparsed).toHaveLength(1)
      expect(unparsed[0]).toMatchObject({ line: 1, text: line })
      expect(unparsed[0].reason).toMatch(/more than 2,147,483,647/)
    },
  )

  it('accepts a full stack', () => {
    expect(parseAppraisalText(`Tritanium ${MAX_STACK}`).items[0].qty).toBe(MAX_STACK)
  })
})
