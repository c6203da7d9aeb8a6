import { describe, expect, inject, it } from 'vitest'
import { APPRAISAL_LIMITS, APPRAISAL_TEXT } from '../../../schemas/appraisal/constants.js'
import type { AppraiseResponse, CompareHubsResponse, SavedAppraisal } from '../../../schemas/appraisals.js'

const base = inject('appUrl')
const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
/** The answer with its rows, as asked by default (`rows: false` leaves them out). */
type WithRows = AppraiseResponse & { rows: NonNullable<AppraiseResponse['rows']> }
const appraise = async (body: unknown) => {
  const res = await post('/api/appraise', body)
  return { status: res.status, headers: res.headers, body: (await res.json()) as WithRows & { error?: string } }
}

const CARGO = `Tritanium\t10,000\tMineral\t\t\t100 m3\t50,000.00 ISK
Pyerite x 2500
[Rifter, Tackle]
200mm AutoCannon I, EMP S
Hobgoblin I x2
Definitely Not An Item 3
Tritanium 5000`

const sum = (ns: Array<number | null>) => Math.round(ns.reduce<number>((a, n) => a + (n ?? 0), 0) * 100) / 100

describe('POST /api/appraise', () => {
  it('parses, resolves and prices a paste at the hub, with statuses, warnings and consistent totals', async () => {
    const { status, headers, body } = await appraise({ text: CARGO, station_id: 60003760, mode: 'sell5' })
    expect(status).toBe(200)
    expect(headers.get('server-timing')).toMatch(/^parse;dur=[\d.]+, resolve;dur=[\d.]+, price;dur=[\d.]+$/)
    expect(body).toMatchObject({ station_id: 60003760, hub: 'Jita 4-4', mode: 'sell5', combine: true, parsed_lines: 7 })
    expect(body.prices_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const byName = Object.fromEntries(body.rows.map((r) => [r.name, r]))
    expect(byName.Tritanium).toMatchObject({ type_id: 34, qty: 15000, m3: 150, status: 'ok', source: 'sell5' })
    expect(byName.Pyerite).toMatchObject({ type_id: 35, qty: 2500, status: 'ok' })
    expect(byName.Rifter).toMatchObject({ type_id: 587, qty: 1 })
    expect(byName['EMP S']).toMatchObject({ qty: 1, status: 'ok' })
    expect(byName['Hobgoblin I']).toMatchObject({ qty: 2 })
    expect(byName['Definitely Not An Item']).toMatchObject({ type_id: null, qty: 3, status: 'invalid', price: null, lineISK: null, source: 'n/a' })
    expect(body.warnings[0]).toBe('1 invalid item(s)')
    for (const r of body.rows.filter((r) => r.status === 'ok')) expect(r.lineISK).toBeCloseTo(r.qty * r.price!, 2)
    expect(body.totals.sell).toBeCloseTo(sum(body.rows.map((r) => r.lineISK)), 1)
    expect(body.totals.adjusted).toBe(body.totals.sell)
    expect(body.totals.itemCount).toBe(15000 + 2500 + 1 + 1 + 1 + 2)
  })

  it('recomputes the same lines for another mode and adjustment, and keeps lines apart when asked', async () => {
    const sell = (await appraise({ text: CARGO, station_id: 60003760, mode: 'sell5' })).body
    const buy = (await appraise({ text: CARGO, station_id: 60003760, mode: 'buy5', adjustment: 90 })).body
    expect(buy.totals.buy).toBe(sell.totals.buy)
    expect(buy.totals.adjusted).toBeCloseTo(sell.totals.buy * 0.9, 1)
    expect(buy.totals.adjustmentPct).toBe(90)
    const apart = (await appraise({ text: CARGO, station_id: 60003760, combine: false, adjustment: 'lots' })).body
    expect(apart.rows.filter((r) => r.name === 'Tritanium')).toHaveLength(2)
    expect(apart.totals.adjustmentPct).toBe(100)
  })

  it('prices at another hub when asked', async () => {
    const { body } = await appraise({ text: 'Tritanium 1000', station_id: 60008494, mode: 'sell' })
    expect(body).toMatchObject({ station_id: 60008494, hub: 'Amarr', mode: 'sell' })
  })

  it('answers the page sentences for empty and unrecognisable pastes', async () => {
    expect(await appraise({ text: '   \n\n', station_id: 60003760 })).toMatchObject({ status: 400, body: { error: APPRAISAL_TEXT.noLines } })
    expect(await appraise({ text: 'Qwertyuiop 5\nAsdfghjkl', station_id: 60003760 })).toMatchObject({
      status: 400,
      body: { error: APPRAISAL_TEXT.noneRecognised },
    })
  })

  it('refuses pastes over 20,000 lines or 1 MB with a clear 400', async () => {
    const manyLines = await appraise({ text: Array.from({ length: 20_001 }, () => 'Tritanium 1').join('\n'), station_id: 60003760 })
    expect(manyLines).toMatchObject({ status: 400, body: { error: 'The paste has 20,001 lines; at most 20,000 lines are appraised at once.' } })
    const big = await appraise({ text: `Tritanium ${'x'.repeat(1_100_000)}`, station_id: 60003760 })
    expect(big.status).toBe(400)
    expect(big.body.error).toMatch(/^The paste is 1\.05 MB; at most 1 MB of text is appraised at once\.$/)
  })

  it('validates the hub and the mode', async () => {
    expect((await appraise({ text: 'Tritanium 1', station_id: 123 })).body.error).toMatch(/The station id must be one of the hubs/)
    expect((await appraise({ text: 'Tritanium 1', station_id: 60003760, mode: 'cheap' })).body.error).toMatch(
      /The mode must be one of sell5, buy5, sell, buy, split/,
    )
    expect((await appraise({ station_id: 60003760 })).body.error).toMatch(/give the paste as text, or the items as a list/i)
    expect((await appraise({ station_id: 60003760, text: 'Tritanium 1', items: [{ name: 'Tritanium', qty: 1 }] })).body.error).toMatch(
      /give the paste as text, or the items as a list/i,
    )
  })

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/appraise',
        '/api/appraise/hubs',
        '/api/appraisals',
        '/api/appraisals/{id}',
        '/api/appraise/medians',
        '/api/appraise/price-history',
        '/api/packaged-volumes',
      ]),
    )
    expect(JSON.stringify(doc)).toContain('"type_id":35,"qty":5000')
  })

  it('reports lines it does not read with their numbers, and makes no item of them (issue #38)', async () => {
    const { status, body } = await appraise({ text: 'My loot from tonight\n----\nTritanium 10\nDefinitely Not An Item 3', station_id: 60003760 })
    expect(status).toBe(200)
    expect(body.parsed_lines).toBe(4)
    expect(body.unparsed).toEqual([
      { line: 0, text: 'My loot from tonight', reason: null },
      { line: 1, text: '----', reason: null },
    ])
    expect(body.rows.map((r) => [r.name, r.status])).toEqual([
      ['Tritanium', 'ok'],
      ['Definitely Not An Item', 'invalid'],
    ])
    expect(body.rows[1]).toMatchObject({ suggestion: null, renamed_from: null })
  })

  it('refuses a quantity beyond one stack on its line, with the reason, and prices the rest', async () => {
    const { status, body } = await appraise({ text: 'Tritanium 12345678901234567890\nPyerite 5', station_id: 60003760 })
    expect(status).toBe(200)
    expect(body.rows.map((r) => [r.name, r.qty])).toEqual([['Pyerite', 5]])
    expect(body.unparsed[0]).toMatchObject({ line: 0, reason: expect.stringMatching(/more than 2,147,483,647/) })
    const alone = await appraise({ text: 'Tritanium 99999999999', station_id: 60003760 })
    expect(alone.status).toBe(400)
    expect(alone.body.error).toMatch(/more than 2,147,483,647/)
  })

  it('shows a blueprint copy from the industry window as a copy with its runs, unpriced (ME is no quantity)', async () => {
    const text = 'Rifter Blueprint\t10\t20\t\tJita\tFrigate Blueprint\nRifter Blueprint\t8\t16\t15\tJita\tFrigate Blueprint'
    const { body } = await appraise({ text, station_id: 60003760, combine: false })
    expect(body.rows.map((r) => [r.name, r.qty, r.bpc, r.runs])).toEqual([
      ['Rifter Blueprint', 1, false, null],
      ['Rifter Blueprint', 1, true, 15],
    ])
    expect(body.rows[1]).toMatchObject({ price: null, lineISK: null, status: 'unpriced' })
  })

  it('takes structured items by name or type id, with the same rows as the same paste', async () => {
    const items = await appraise({
      items: [
        { name: 'Tritanium', qty: 1000 },
        { type_id: 35, qty: 50 },
      ],
      station_id: 60003760,
    })
    const text = await appraise({ text: 'Tritanium 1000\n35 50', station_id: 60003760 })
    expect(items.status).toBe(200)
    expect(items.body.rows).toEqual(text.body.rows)
    expect(items.body.parsed_lines).toBe(2)
    const bad = await appraise({ items: [{ name: 'Tritanium', qty: 3_000_000_000 }], station_id: 60003760 })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/at most 2,147,483,647/)
  })

  it('gives ISK per m³ and, when asked, the lines and prices the page recomputes from', async () => {
    const { body } = await appraise({ text: 'Tritanium 1000\nRifter Blueprint\t8\t16\t15\tJita\tFrigate Blueprint', station_id: 60003760, with_prices: true })
    const trit = body.rows.find((r) => r.name === 'Tritanium')!
    expect(trit.isk_per_m3).toBeCloseTo(trit.price! / 0.01, 1)
    expect(body.totals.iskPerM3).toBeCloseTo(body.totals.sell / body.totals.volume, 1)
    expect(body.lines!.map((l) => [l.name, l.bpc, l.runs])).toEqual([
      ['Tritanium', false, null],
      ['Rifter Blueprint', true, 15],
    ])
    expect(body.prices!.find((p) => p.type_id === 34)!.hub).toMatchObject({ sell_5pct: expect.any(Number) })
    expect(body.image_server).toMatch(/^https?:\/\//)
  })

  it('leaves the rows out when asked (the page prices the lines itself), with the same lines, prices and totals', async () => {
    const text = 'Tritanium 1000\nRifter Blueprint\t8\t16\t15\tJita\tFrigate Blueprint\nTritanuim 3'
    const full = await appraise({ text, station_id: 60003760, with_prices: true, combine: false })
    const lean = await appraise({ text, station_id: 60003760, with_prices: true, combine: false, rows: false })
    expect(lean.status).toBe(200)
    expect(lean.body).not.toHaveProperty('rows')
    const { rows, ...rest } = full.body
    expect(rows).toHaveLength(3)
    expect({ ...lean.body, prices_at: rest.prices_at }).toEqual(rest)
  })
})

describe('POST /api/appraise/hubs', () => {
  it('prices the paste at all five hubs with per-hub totals and the best hub per line', async () => {
    const res = await post('/api/appraise/hubs', { text: 'Tritanium 1000\nPyerite 500\nWhat Is This 2', mode: 'sell5' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as CompareHubsResponse
    expect(body.hubs.map((h) => h.hub)).toEqual(['Jita 4-4', 'Amarr', 'Dodixie', 'Hek', 'Rens'])
    for (const [h, hub] of body.hubs.entries()) {
      expect(hub.total).toBeCloseTo(sum(body.rows.map((r) => (r.prices[h] === null ? null : r.prices[h]! * r.qty))), 0)
    }
    const trit = body.rows.find((r) => r.name === 'Tritanium')!
    const bestAt = body.hubs.findIndex((h) => h.station_id === trit.best_station_id)
    expect(trit.prices[bestAt]).toBe(Math.max(...trit.prices.filter((p): p is number => p !== null)))
    expect(body.rows.find((r) => r.type_id === null)).toMatchObject({ prices: [null, null, null, null, null], best_station_id: null })
    expect(body.hubs.reduce((n, h) => n + h.best_lines, 0)).toBe(body.rows.filter((r) => r.best_station_id !== null).length)
  })
})

describe('price history for the appraisal', () => {
  it('gives 5- and 30-day medians from the daily history, and the daily closes for the chart', async () => {
    const res = await post('/api/appraise/medians', { station_id: 60003760, type_ids: [34, 35, 999999999] })
    expect(res.status).toBe(200)
    const { rows } = (await res.json()) as { rows: Array<{ type_id: number; sell_5d: number | null; sell_30d: number | null }> }
    const trit = rows.find((r) => r.type_id === 34)!
    expect(trit.sell_5d).toBeGreaterThan(0)
    expect(trit.sell_30d).toBeGreaterThan(0)
    expect(rows.some((r) => r.type_id === 999999999)).toBe(false)
    const history = (await (await fetch(`${base}/api/appraise/price-history?station_id=60003760&type_id=34&days=30`)).json()) as {
      rows: Array<{ date: string; sell: number | null }>
    }
    expect(history.rows.length).toBeGreaterThan(0)
    expect(history.rows.at(-1)!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('saved appraisals', () => {
  it('stores the snapshot the server computes, ignoring rows and totals sent by the client', async () => {
    const forged = { volume: 1, sell: 999_999_999_999, buy: 1, split: 1, itemCount: 1, adjusted: 999_999_999_999, adjustmentPct: 80 }
    const before = (await appraise({ text: CARGO, station_id: 60003760, mode: 'sell5', adjustment: 80 })).body
    const res = await post('/api/appraisals', {
      station_id: 60003760,
      mode: 'sell5',
      input_raw: CARGO,
      totals: forged,
      rows: [{ type_id: 34, name: 'Tritanium', qty: 1, price: 1e12 }],
    })
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const saved = (await (await fetch(`${base}/api/appraisals/${id}`)).json()) as SavedAppraisal
    const after = (await appraise({ text: CARGO, station_id: 60003760, mode: 'sell5', adjustment: 80 })).body
    // other test files may move prices meanwhile: compare with the appraisal made from the same snapshot
    const now = [before, after].find((a) => a.prices_at === saved.prices_at)!
    expect(now).toBeDefined()
    expect(saved).toMatchObject({ id, station_id: 60003760, hub: 'Jita 4-4', mode: 'sell5', input_raw: CARGO, combine: true })
    expect({ ...saved.totals, median5d: null, median30d: null }).toEqual(now.totals)
    expect(saved.totals.adjustmentPct).toBe(80)
    // The medians the page shows beside the prices are frozen with the snapshot (the live answer leaves them to a second call).
    const withoutMedians = (rows: SavedAppraisal['rows']) => rows.map(({ median_5d: _5, median_30d: _30, ...r }) => r)
    expect(withoutMedians(saved.rows)).toEqual(withoutMedians(now.rows))
    expect(saved.rows.find((r) => r.name === 'Tritanium')!.median_5d).toBeGreaterThan(0)
    expect(saved.unparsed).toEqual(now.unparsed)
    expect(saved.image_server).toBe(now.image_server)
    expect(saved.warnings).toEqual(now.warnings)
    expect(Date.now() - Date.parse(saved.created_at)).toBeLessThan(60_000)
  })

  it('saves the largest paste the page takes, sent with its rows as the spec has it (over the 2 MB other calls get)', async () => {
    const lines = Array.from({ length: APPRAISAL_LIMITS.maxLines }, (_, i) => `Tritanium\t${i + 1}`)
    const rows = lines.map((_, i) => ({
      type_id: 34,
      name: 'Tritanium',
      qty: i + 1,
      m3: (i + 1) * 0.01,
      price: 4.05,
      lineISK: (i + 1) * 4.05,
      source: 'hub',
      status: 'ok',
    }))
    const body = {
      station_id: 60003760,
      mode: 'sell',
      input_raw: lines.join('\n'),
      combine: false,
      totals: { volume: 0, sell: 0, buy: 0, split: 0, itemCount: 0, adjusted: 0, adjustmentPct: 100 },
      rows,
    }
    expect(JSON.stringify(body).length).toBeGreaterThan(2 * 1024 * 1024)
    const res = await post('/api/appraisals', body)
    expect(res.status).toBe(200)
    const saved = (await (await fetch(`${base}/api/appraisals/${((await res.json()) as { id: string }).id}`)).json()) as { rows: unknown[] }
    expect(saved.rows).toHaveLength(APPRAISAL_LIMITS.maxLines)
  })

  it('still refuses a body over 2 MB on other calls', async () => {
    const res = await post('/api/appraise', { station_id: 60003760, input_raw: 'x'.repeat(3 * 1024 * 1024) })
    expect(res.status).toBe(413)
  })

  it('gives every save a different random id', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => ((await (await post('/api/appraisals', { station_id: 60003760, input_raw: 'Tritanium 1' })).json()) as { id: string }).id),
    )
    expect(new Set(ids).size).toBe(3)
  })

  it('saves a paste holding a broken character (half a UTF-16 pair, valid in JSON), with U+FFFD in its place', async () => {
    const res = await post('/api/appraisals', { station_id: 60003760, input_raw: 'Tritanium 10\n\ud800 Pyerite 5' })
    expect(res.status).toBe(200)
    const saved = (await (await fetch(`${base}/api/appraisals/${((await res.json()) as { id: string }).id}`)).json()) as SavedAppraisal
    expect(saved.input_raw).toBe('Tritanium 10\n\ufffd Pyerite 5')
  })

  it('refuses to save what it would refuse to appraise', async () => {
    const res = await post('/api/appraisals', { station_id: 60003760, input_raw: 'Qwertyuiop' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe(APPRAISAL_TEXT.noneRecognised)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await fetch(`${base}/api/appraisals/AAAAAAAAAAAAAAAA`)).status).toBe(404)
    expect((await fetch(`${base}/api/appraisals/not-an-id`)).status).toBe(404)
  })
})

describe('GET /api/packaged-volumes', () => {
  it('lists only the asked types the game repackages', async () => {
    const body = (await (await fetch(`${base}/api/packaged-volumes?type_ids=34,587,2048`)).json()) as {
      rows: Array<{ type_id: number; packaged_volume: number | null }>
    }
    expect(body.rows.map((r) => r.type_id)).toEqual([587])
    // the demo's fake ESI documents no packaged volume for ships: unknown, never invented
    expect(body.rows[0].packaged_volume).toBeNull()
  })
})
