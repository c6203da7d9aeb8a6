import { describe, expect, it } from 'vitest'
import { parseAppraisalText, runChain } from '../parse.js'
import { industryBlueprintsParser } from './industry-blueprints.js'

/** The industry window's Blueprints tab: name, ME, TE, runs, location, group. */
const row = (...cells: string[]) => cells.join('\t')
const at = 'Jita IV - Moon 4 - Caldari Navy Assembly Plant'

describe('industry window, Blueprints tab', () => {
  it.each([
    ['an original', row('Rifter Blueprint', '10', '20', '', at, 'Frigate Blueprint'), { name: 'Rifter Blueprint', qty: 1 }],
    ['an original shown with ∞ runs', row('Rifter Blueprint', '0', '0', '∞', at, 'Frigate Blueprint'), { name: 'Rifter Blueprint', qty: 1 }],
    ['an original shown with ESI runs -1', row('Rifter Blueprint', '5', '10', '-1', at, 'Frigate Blueprint'), { name: 'Rifter Blueprint', qty: 1 }],
    ['a stack of originals: N x in the name cell', row('3 x Rifter Blueprint', '10', '20', '-', at, 'Frigate Blueprint'), { name: 'Rifter Blueprint', qty: 3 }],
    [
      'a copy with its runs (ME is never the quantity)',
      row('Hobgoblin II Blueprint', '2', '4', '10', at, 'Drone Blueprint'),
      { name: 'Hobgoblin II Blueprint', qty: 1, blueprintCopy: true, runs: 10 },
    ],
    [
      'a stack of copies, runs grouped',
      row('2 x Capital Armor Plates Blueprint', '10', '20', '1 200', at, 'Construction Component Blueprints'),
      { name: 'Capital Armor Plates Blueprint', qty: 2, blueprintCopy: true, runs: 1200 },
    ],
    ['a reaction formula', row('Fullerides Reaction Formula', '0', '0', '', at, 'Hybrid Reaction Formulas'), { name: 'Fullerides Reaction Formula', qty: 1 }],
  ])('%s', (_what, line, expected) => {
    const { items, unparsed } = runChain(line, [industryBlueprintsParser])
    expect(unparsed).toEqual([])
    expect(items).toEqual([{ line: 0, ...expected }])
  })

  it.each([
    ['an inventory row (quantity then group)', row('Rifter Blueprint', '1', 'Frigate Blueprint', 'Blueprint', '', '', '0.01 m3')],
    ['ME out of range', row('Rifter Blueprint', '11', '20', '', at, 'Frigate Blueprint')],
    ['a name that is no blueprint', row('Tritanium', '10', '20', '', at, 'Mineral')],
    ['no columns', 'Rifter Blueprint 10 20'],
  ])('hands on %s', (_what, line) => {
    expect(runChain(line, [industryBlueprintsParser]).items).toEqual([])
  })

  it('takes the header row as read, and the whole chain prices no copy as an original', () => {
    const paste = [
      row('Name', 'ME', 'TE', 'Runs', 'Location', 'Group'),
      row('Rifter Blueprint', '10', '20', '', at, 'Frigate Blueprint'),
      row('Rifter Blueprint', '8', '16', '5', at, 'Frigate Blueprint'),
    ].join('\n')
    const result = parseAppraisalText(paste)
    expect(result.skippedLines).toBe(1)
    expect(result.unparsed).toEqual([])
    expect(result.items.map((i) => [i.name, i.qty, !!i.blueprintCopy, i.runs ?? null])).toEqual([
      ['Rifter Blueprint', 1, false, null],
      ['Rifter Blueprint', 1, true, 5],
    ])
  })
})
