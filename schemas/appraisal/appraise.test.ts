import { describe, expect, it } from 'vitest'
import {
  appraiseLines,
  combineLines,
  lookupKeys,
  quote,
  resolveItems,
  warningText,
  withoutTextLines,
  type AppraisalLine,
  type HubPrice,
  type PriceBook,
  type RegionPrice,
  type TypeInfo,
} from './appraise.js'
import { noPriceDataWarning } from './constants.js'
import { parseAppraisalText } from './parse.js'
import { deriveStatus, readSavedAppraisal } from './saved.js'

const TYPES: TypeInfo[] = [
  { type_id: 34, name: 'Tritanium', volume: 0.01 },
  { type_id: 35, name: 'Pyerite', volume: 0.01 },
  { type_id: 587, name: 'Rifter', volume: 2500 },
  { type_id: 588, name: 'Reaper', volume: null },
  { type_id: 691, name: 'Rifter Blueprint', volume: 0.01 },
  { type_id: 11399, name: 'Morphite', volume: 0.01 },
  { type_id: 4025, name: 'X5 Enduring Stasis Webifier', volume: 5 },
  { type_id: 62033, name: 'Strange Matter Component X-13', volume: 0.01 },
  { type_id: 32792, name: '100 Aurum Token', volume: 0.01 },
  { type_id: 15967, name: 'Federation Navy Remote Tracking Computer', volume: 5 },
  { type_id: 15968, name: 'Federation Navy Remote Tracking Computer  Blueprint', volume: 0.01 },
]
/** Case and runs of spaces folded, as the resolver does (platform/catalog/names.ts). */
const folded = (name: string) => name.toLowerCase().replace(/ {2,}/g, ' ')
const lookup = (key: string) => TYPES.find((t) => String(t.type_id) === key || folded(t.name) === folded(key)) ?? null

const hub = (p: Partial<HubPrice>): HubPrice => ({ sell_min: null, buy_max: null, sell_5pct: null, buy_5pct: null, ...p })
const region = (p: Partial<RegionPrice>): RegionPrice => ({ sell_median: null, sell_min: null, buy_median: null, buy_max: null, ...p })

/** Tritanium has both sides at the hub; Pyerite only sells there; Morphite only has region-wide orders. */
const book: PriceBook = {
  hub: new Map([
    [34, hub({ sell_min: 4, sell_5pct: 4.2, buy_max: 3.5, buy_5pct: 3.4 })],
    [35, hub({ sell_min: 10, sell_5pct: 11 })],
    [587, hub({ sell_min: 400_000, sell_5pct: 410_000, buy_max: 300_000, buy_5pct: 290_000 })],
  ]),
  region: new Map([
    [11399, region({ sell_median: 9000, sell_min: 8000, buy_median: 6000, buy_max: 7000 })],
    [35, region({ buy_median: 7, buy_max: 8 })],
  ]),
}

const lines = (text: string, combine = true) => {
  const resolved = resolveItems(parseAppraisalText(text).items, lookup)
  return combine ? combineLines(resolved) : resolved
}

describe('resolving and combining', () => {
  it('collects every name and id to look up, once', () => {
    const items = parseAppraisalText("Tritanium 5\ntritanium 2\n587\n12005\tx\tIshtar\t-\nDoc's Rifter").items
    expect(lookupKeys(items)).toEqual(['Tritanium', 'Tritanium 5', 'tritanium', 'tritanium 2', '587', '12005', 'Ishtar', "Doc's Rifter", 'Rifter'])
  })

  it('uses the first reading that names a type, keeps invalid lines with their own name', () => {
    const resolved = resolveItems(parseAppraisalText("Doc's Rifter\nNot An Item 3\n34 x 20").items, lookup)
    expect(resolved).toEqual([
      { type_id: 587, name: 'Rifter', qty: 1, unit_m3: 2500, blueprintCopy: false, runs: null, renamed_from: null, suggestion: null },
      { type_id: null, name: 'Not An Item', qty: 3, unit_m3: null, blueprintCopy: false, runs: null, renamed_from: null, suggestion: null },
      { type_id: 34, name: 'Tritanium', qty: 20, unit_m3: 0.01, blueprintCopy: false, runs: null, renamed_from: null, suggestion: null },
    ])
  })

  // Names that look like a line form themselves (SDE): 'X5 …' reads as 'x5 …', '… X-13' as '… x -13', '100 …' as a quantity.
  it.each([
    ['X5 Enduring Stasis Webifier 2', 4025, 2],
    ['X5 Enduring Stasis Webifier;2', 4025, 2],
    ['X5 Enduring Stasis Webifier 1,000', 4025, 1000],
    ['3 X5 Enduring Stasis Webifier', 4025, 3],
    ['X5 Enduring Stasis Webifier', 4025, 1],
    ['5 x Strange Matter Component X-13', 62033, 5],
    ['5 Strange Matter Component X-13', 62033, 5],
    ['Strange Matter Component X-13', 62033, 1],
    ['5 100 Aurum Token', 32792, 5],
    ['100 Aurum Token 5', 32792, 5],
  ])('resolves %s to the type whose name looks like a line form', (text, typeId, qty) => {
    expect(lines(text).map((l) => [l.type_id, l.qty])).toEqual([[typeId, qty]])
  })

  // The SDE spells a few names with two spaces; a fit's cargo line or a typed list keeps them.
  it.each([
    ['Federation Navy Remote Tracking Computer  Blueprint', 15968, 1],
    ['Federation Navy Remote Tracking Computer  Blueprint x2', 15968, 2],
    ['3 x Federation Navy Remote Tracking Computer  Blueprint', 15968, 3],
    ['Federation Navy Remote Tracking Computer  2', 15967, 2],
    ['Federation Navy Remote Tracking Computer  Tech I', 15967, 1],
  ])('reads %s as the type whose name holds two spaces, not its first "column"', (text, typeId, qty) => {
    expect(lines(text).map((l) => [l.type_id, l.qty])).toEqual([[typeId, qty]])
  })

  it('merges by type id or lowercase name, summing quantities, copies apart from originals', () => {
    const merged = lines('Tritanium 5\n34 x 10\nFoo 1\nfoo 2\nRifter Blueprint 1\nRifter Blueprint (Copy) 1\n1 Rifter Blueprint (Copy)')
    expect(merged.map((l) => [l.type_id, l.name, l.qty])).toEqual([
      [34, 'Tritanium', 15],
      [null, 'Foo', 3],
      [691, 'Rifter Blueprint', 1],
      [691, 'Rifter Blueprint', 2],
    ])
    expect(lines('Tritanium 5\n34 x 10', false)).toHaveLength(2)
  })
})

describe('prices per mode', () => {
  const line = (type_id: number): AppraisalLine => ({
    type_id,
    name: '',
    qty: 1,
    unit_m3: 0.01,
    blueprintCopy: false,
    runs: null,
    renamed_from: null,
    suggestion: null,
  })

  it('uses the hub price of the mode, falling back between the 5% average and the best order', () => {
    expect(quote(line(34), book, 'sell5')).toEqual({ price: 4.2, source: 'sell5', atHub: true })
    expect(quote(line(34), book, 'sell')).toEqual({ price: 4, source: 'sell', atHub: true })
    expect(quote(line(34), book, 'buy5')).toEqual({ price: 3.4, source: 'buy5', atHub: true })
    expect(quote(line(34), book, 'buy')).toEqual({ price: 3.5, source: 'buy', atHub: true })
    expect(quote(line(34), book, 'split')).toEqual({ price: 3.8, source: 'split', atHub: true })
    const onlyBest: PriceBook = { hub: new Map([[34, hub({ sell_min: 5 })]]), region: new Map() }
    expect(quote(line(34), onlyBest, 'sell5')).toEqual({ price: 5, source: 'sell', atHub: true })
  })

  it('falls back to region-wide prices only when the hub has none on that side', () => {
    expect(quote(line(11399), book, 'sell5')).toEqual({ price: 9000, source: 'fw-sell', atHub: false })
    expect(quote(line(11399), book, 'sell')).toEqual({ price: 8000, source: 'fw-sell', atHub: false })
    expect(quote(line(11399), book, 'buy5')).toEqual({ price: 6000, source: 'fw-buy', atHub: false })
    expect(quote(line(11399), book, 'buy')).toEqual({ price: 7000, source: 'fw-buy', atHub: false })
    expect(quote(line(11399), book, 'split')).toEqual({ price: 7500, source: 'split', atHub: false })
    // Pyerite sells at the hub but nobody buys there: buy modes use the region's buyers
    expect(quote(line(35), book, 'buy5')).toEqual({ price: 7, source: 'fw-buy', atHub: false })
    // split with one side at the hub is that side's hub price
    expect(quote(line(35), book, 'split')).toEqual({ price: 11, source: 'sell5', atHub: true })
  })

  it('treats zero and negative prices as no price', () => {
    const zero: PriceBook = { hub: new Map([[34, hub({ sell_min: 0, sell_5pct: -1 })]]), region: new Map([[34, region({ sell_median: 0 })]]) }
    expect(quote(line(34), zero, 'sell5')).toBeNull()
  })

  it('never prices a blueprint copy or an unknown type', () => {
    expect(quote({ ...line(691), blueprintCopy: true }, { hub: new Map([[691, hub({ sell_min: 1e6 })]]), region: new Map() }, 'sell')).toBeNull()
    expect(quote({ ...line(34), type_id: null }, book, 'sell')).toBeNull()
  })
})

describe('rows and totals', () => {
  const text = 'Tritanium 1000\nPyerite 200\nRifter 2\nMorphite 3\nReaper 1\nNot An Item 7\nRifter Blueprint (Copy) 1'

  it('prices every line, with statuses, sources, volumes and totals (worked numbers)', () => {
    const view = appraiseLines(lines(text), book, 'sell5', 100)
    expect(view.rows.map((r) => [r.name, r.qty, r.m3, r.price, r.lineISK, r.source, r.status])).toEqual([
      ['Tritanium', 1000, 10, 4.2, 4200, 'sell5', 'ok'],
      ['Pyerite', 200, 2, 11, 2200, 'sell5', 'ok'],
      ['Rifter', 2, 5000, 410_000, 820_000, 'sell5', 'ok'],
      ['Morphite', 3, 0.03, 9000, 27_000, 'fw-sell', 'ok'],
      ['Reaper', 1, null, null, null, 'n/a', 'unpriced'],
      ['Not An Item', 7, null, null, null, 'n/a', 'invalid'],
      ['Rifter Blueprint', 1, 0.01, null, null, 'n/a', 'unpriced'],
    ])
    // sell5 total: 4200 + 2200 + 820000 + 27000
    // buy5 total: 1000×3.4 + 200×7 (region) + 2×290000 + 3×6000
    // split total: 1000×3.8 + 200×11 + 2×350000 + 3×7500
    expect(view.totals).toEqual({
      volume: 5012.04,
      sell: 853_400,
      buy: 602_800,
      split: 728_500,
      itemCount: 1207,
      adjusted: 853_400,
      adjustmentPct: 100,
      iskPerM3: 170.27,
      median5d: null,
      median30d: null,
    })
    expect(view.volumeUnknown).toBe(1)
    expect(warningText(view.warnings)).toBe('1 invalid item(s); 2 item(s) have no active orders at this hub') // the copy is shown as a copy, not as an item without orders
  })

  it('recomputes for another mode and adjustment from the same lines', () => {
    const resolved = lines(text)
    expect(appraiseLines(resolved, book, 'buy5', 90).totals).toMatchObject({ buy: 602_800, adjusted: 542_520, adjustmentPct: 90 })
    expect(appraiseLines(resolved, book, 'split', 50).totals).toMatchObject({ adjusted: 364_250 })
    // best-order modes total the best orders, and their Split total is the midpoint of those
    const best = appraiseLines(resolved, book, 'sell', 100).totals
    expect(best).toMatchObject({ sell: 1000 * 4 + 200 * 10 + 2 * 400_000 + 3 * 8000, buy: 1000 * 3.5 + 200 * 8 + 2 * 300_000 + 3 * 7000 })
    // Pyerite has no hub buy order: its split is its hub sell price, as in the split mode
    expect(best.split).toBe(1000 * 3.75 + 200 * 10 + 2 * 350_000 + 3 * 7500)
  })

  it('clamps the adjustment to 0-200 and reads anything non-numeric as 100', () => {
    const resolved = lines('Tritanium 1000')
    expect(appraiseLines(resolved, book, 'sell5', 250).totals).toMatchObject({ adjusted: 8400, adjustmentPct: 200 })
    expect(appraiseLines(resolved, book, 'sell5', -3).totals).toMatchObject({ adjusted: 0, adjustmentPct: 0 })
    expect(appraiseLines(resolved, book, 'sell5', 'abc').totals).toMatchObject({ adjusted: 4200, adjustmentPct: 100 })
    expect(appraiseLines(resolved, book, 'sell5', '75').totals).toMatchObject({ adjusted: 3150, adjustmentPct: 75 })
  })

  it('tells no price data (no market snapshot yet) from no orders at the hub', () => {
    const resolved = lines('Tritanium 1000\nPyerite 500\nNot An Item 2')
    const none = appraiseLines(resolved, { hub: new Map(), region: new Map(), noSnapshot: true }, 'sell5', 100)
    expect(none.noPriceData).toBe(true)
    expect(none.rows.map((r) => [r.name, r.price, r.status])).toEqual([
      ['Tritanium', null, 'unpriced'],
      ['Pyerite', null, 'unpriced'],
      ['Not An Item', null, 'invalid'],
    ])
    expect(none.warnings).toEqual(['1 invalid item(s)', noPriceDataWarning])
    expect(warningText(none.warnings)).toBe(
      '1 invalid item(s); prices are unavailable: no market snapshot has been taken yet (the market data from ESI has not arrived)',
    )
    // a snapshot without orders for the item is a fact about the market, and keeps its words
    const noOrders = appraiseLines(resolved, { hub: new Map(), region: new Map() }, 'sell5', 100)
    expect(noOrders.noPriceData).toBe(false)
    expect(noOrders.warnings).toEqual(['1 invalid item(s)', '2 item(s) have no active orders at this hub'])
  })

  it('rounds ISK to 2 decimals and volume to 3', () => {
    const cheap: PriceBook = { hub: new Map([[34, hub({ sell_5pct: 0.333333 })]]), region: new Map() }
    const view = appraiseLines(lines('Tritanium 7\nPyerite 1'), cheap, 'sell5', 100)
    expect(view.rows[0].lineISK).toBe(2.33)
    expect(view.totals.sell).toBe(2.33)
    expect(
      appraiseLines(
        [{ type_id: 34, name: 'T', qty: 3, unit_m3: 0.0333333, blueprintCopy: false, runs: null, renamed_from: null, suggestion: null }],
        cheap,
        'sell5',
        100,
      ).totals.volume,
    ).toBe(0.1)
  })
})

describe('saved appraisals as stored', () => {
  it('parses rows and totals sent as JSON strings and derives a missing status', () => {
    const saved = readSavedAppraisal({
      id: 'abcdefghijklmnop',
      station_id: 60003760,
      created_at: '2026-11-22T10:00:00.000Z',
      mode: 'sell5',
      input_raw: 'Tritanium 10',
      totals: JSON.stringify({ volume: 0.1, sell: 42, buy: 35, split: 38.5, itemCount: 10, adjusted: 42, adjustmentPct: 100 }),
      rows: JSON.stringify([
        { type_id: 34, name: 'Tritanium', qty: 10, m3: 0.1, price: 4.2, lineISK: 42, source: 'sell5' },
        { type_id: 35, name: 'Pyerite', qty: 1, m3: 0.01, price: 0, lineISK: null, source: 'n/a' },
        { type_id: null, name: 'Junk', qty: 1, m3: null, price: null, lineISK: null, source: 'n/a' },
        { type_id: 36, name: 'Mexallon', qty: 1, m3: 0.01, price: 50, lineISK: 50, source: 'sell', status: 'ok' },
      ]),
    })
    expect(saved.totals.sell).toBe(42)
    expect(saved.rows.map((r) => r.status)).toEqual(['ok', 'unpriced', 'invalid', 'ok'])
    // a snapshot from before 'combine' was stored was combined (the default)
    expect(saved.combine).toBe(true)
    expect(readSavedAppraisal({ id: 'abcdefghijklmnop', rows: [], combine: false }).combine).toBe(false)
  })

  it('derives status the spec way', () => {
    expect(deriveStatus({ type_id: null, price: 5 })).toBe('invalid')
    expect(deriveStatus({ type_id: 34, price: null })).toBe('unpriced')
    expect(deriveStatus({ type_id: 34, price: -1 })).toBe('unpriced')
    expect(deriveStatus({ type_id: 34, price: 1 })).toBe('ok')
  })

  it('refuses something that is not a saved appraisal', () => {
    expect(() => readSavedAppraisal({ error: 'x' })).toThrow()
    expect(() => readSavedAppraisal({ id: 'x', rows: '{' })).toThrow()
  })
})

describe('copies, renamed and unknown names, text lines (issue #38)', () => {
  it('marks a copy as a field with its runs, unpriced, and counts it as no item without orders', () => {
    const view = appraiseLines(lines('Rifter Blueprint\t8\t16\t5\tJita\tFrigate Blueprint\nTritanium 10'), book, 'sell5', 100)
    const copy = view.rows.find((r) => r.bpc)!
    expect(copy).toMatchObject({ name: 'Rifter Blueprint', bpc: true, runs: 5, price: null, lineISK: null, status: 'unpriced' })
    expect(view.warnings).toEqual([])
  })

  it('gives an unknown name its suggestion, and the current name with the pasted one when renamed', () => {
    const renamedLookup = (key: string) => (key === 'Old Name' ? { ...TYPES[0], renamed_from: 'Old Name' } : lookup(key))
    const suggest = (key: string) => (key === 'Tritanuim' ? 'Tritanium' : null)
    const resolved = resolveItems(parseAppraisalText('Old Name 5\nTritanuim 3').items, renamedLookup, suggest)
    expect(resolved.map((l) => [l.type_id, l.name, l.renamed_from, l.suggestion])).toEqual([
      [34, 'Tritanium', 'Old Name', null],
      [null, 'Tritanuim', null, 'Tritanium'],
    ])
    const view = appraiseLines(resolved, book, 'sell5', 100)
    expect(view.rows.map((r) => [r.name, r.renamed_from, r.suggestion, r.status])).toEqual([
      ['Tritanium', 'Old Name', null, 'ok'],
      ['Tritanuim', null, 'Tritanium', 'invalid'],
    ])
  })

  it('lists a line of text that names no type as unread; a quantity line with an unknown name stays Invalid', () => {
    const { items } = parseAppraisalText('My loot from last night\nTritanium 5\nNot An Item 3')
    const { lines: kept, text } = withoutTextLines(items, resolveItems(items, lookup))
    expect(text).toEqual([{ line: 0, text: 'My loot from last night' }])
    expect(kept.map((l) => [l.name, l.type_id])).toEqual([
      ['Tritanium', 34],
      ['Not An Item', null],
    ])
  })
})

describe('trader numbers', () => {
  it('gives ISK per m³ per line and for the total (unit price / unit volume; total / volume)', () => {
    const view = appraiseLines(lines('Tritanium 1000\nRifter 1'), book, 'sell5', 100)
    expect(view.rows.find((r) => r.name === 'Tritanium')!.isk_per_m3).toBe(420) // 4.2 ISK / 0.01 m³
    expect(view.rows.find((r) => r.name === 'Rifter')!.isk_per_m3).toBe(164) // 410,000 ISK / 2,500 m³
    // (4,200 + 410,000) / (10 + 2,500) m³
    expect(view.totals.iskPerM3).toBe(165.02)
  })

  it('puts the 5- and 30-day medians of the mode’s side beside the live price, and totals them', () => {
    const withMedians: PriceBook = {
      ...book,
      medians: new Map([
        [34, { sell_5d: 4, sell_30d: 5, buy_5d: 3, buy_30d: 2 }],
        [587, { sell_5d: 400_000, sell_30d: null, buy_5d: null, buy_30d: null }],
      ]),
    }
    const sell = appraiseLines(lines('Tritanium 1000\nRifter 1\nPyerite 5'), withMedians, 'sell5', 100)
    expect(sell.rows.map((r) => [r.name, r.median_5d, r.median_30d])).toEqual([
      ['Tritanium', 4, 5],
      ['Rifter', 400_000, null],
      ['Pyerite', null, null],
    ])
    expect([sell.totals.median5d, sell.totals.median30d]).toEqual([404_000, 5000])
    const split = appraiseLines(lines('Tritanium 1000'), withMedians, 'split', 100)
    expect([split.rows[0].median_5d, split.rows[0].median_30d]).toEqual([3.5, 3.5])
    expect(appraiseLines(lines('Tritanium 1000'), book, 'sell5', 100).totals.median5d).toBeNull()
  })
})
