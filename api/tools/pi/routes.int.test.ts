import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import Koa from 'koa'
import { bodyParser } from '@koa/bodyparser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PiCalcResponse, type PiProduct } from '../../../schemas/pi.js'
import type { StationPriceRow } from '../../../schemas/market.js'
import { createLogger } from '../../../platform/log.js'
import type { ApiContext } from '../../app.js'
import { errorMiddleware } from '../../../platform/http/errors.js'
import { ApiRouter } from '../../http/router.js'
import { register } from './routes.js'
import { fixtureCatalog, piTypeId as id } from './testing.js'

const JITA = 60003760

/** The route on a bare Koa app over the fixture catalog and a hand-built Jita price table. */
async function fixtureApi(prices: Record<string, [number | null, number | null]> | null, snapshotAt = new Date(Date.now() - 240_000)) {
  const catalog = fixtureCatalog()
  const rows = new Map<number, StationPriceRow>(
    Object.entries(prices ?? {}).map(([name, [sell, buy]]) => [
      id(name),
      {
        station_id: JITA,
        type_id: id(name),
        sell_min: sell,
        buy_max: buy,
        sell_5pct: sell,
        buy_5pct: buy,
        sell_orders: 1,
        buy_orders: 1,
        sell_volume: 1,
        buy_volume: 1,
        last_updated: snapshotAt.toISOString(),
      },
    ]),
  )
  const ctx = {
    catalog: { current: () => catalog },
    prices: {
      snapshotOf: (station: number) => (prices && station === JITA ? { snapshotId: 1, at: snapshotAt } : null),
      ageSeconds: (station: number) => (prices && station === JITA ? Math.round((Date.now() - snapshotAt.getTime()) / 1000) : null),
      stationPrices: (station: number, ids: number[]) => (station === JITA ? ids.flatMap((i) => (rows.has(i) ? [rows.get(i)!] : [])) : []),
    },
  } as unknown as ApiContext
  const router = new ApiRouter()
  register(router, ctx)
  const koa = new Koa()
  koa.use(errorMiddleware(createLogger('silent')))
  koa.use(bodyParser())
  koa.use(router.koa.routes())
  const server: Server = await new Promise((resolve) => {
    const s = koa.listen(0, '127.0.0.1', () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    post: (body: unknown) => fetch(`${url}/api/pi/calc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('POST /api/pi/calc contract (fixture chains, hand-built prices)', () => {
  let api: Awaited<ReturnType<typeof fixtureApi>>
  beforeAll(async () => {
    api = await fixtureApi({ Water: [500, 450], 'Aqueous Liquids': [2, 1], Electrolytes: [600, 520], Coolant: [12_000, 11_000] })
  })
  afterAll(() => api.close())

  it('defaults to extracted P0: the P0 costs 0 and is never imported, so a P1 needs no P0 price (Water: 20 × 500, no tax)', async () => {
    const body = PiCalcResponse.parse(await (await api.post({})).json())
    expect(body.p0Source).toBe('extracted')
    const water = body.P1.find((p) => p.name === 'Water')!
    expect(water).toMatchObject({ valueBatch: 10_000, profitPrevThis: 10_000, profitP0This: 10_000, profitPerHour: 20_000, missing: [] })
    expect(water.ingredients).toMatchObject([{ name: 'Aqueous Liquids', quantity: 3000, unitPrice: 0, cost: 0 }])
    // Coolant's P0 (Ionic Solutions) has no price on the hub, which extracted P0 does not need
    const coolant = body.P2.find((p) => p.name === 'Coolant')!
    expect(coolant.profitP0This).toBeCloseTo(60_000, 6)
    expect(coolant.missingP0This).toEqual([])
  })

  it('defaults to sell mode and 0% tax and answers an object keyed P1-P4 (P0 bought at market)', async () => {
    const res = await api.post({ p0Source: 'market' })
    expect(res.status).toBe(200)
    const body = PiCalcResponse.parse(await res.json())
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['P1', 'P2', 'P3', 'P4']))
    expect([body.marketMode, body.taxRate]).toEqual(['sell', 0])
    expect(body.prices).toMatchObject({ stationId: JITA, label: 'Jita 4-4' })
    expect(body.prices.ageSeconds).toBeGreaterThanOrEqual(239)
    expect(body.taxBaseByTier).toEqual({ P0: [5], P1: [400], P2: [7200], P3: [60000], P4: [1200000] })
    const water = body.P1.find((p) => p.name === 'Water')!
    // 20 × 500 − 3,000 × 2, no tax
    expect(water).toMatchObject({
      quantity: 20,
      lowestSeller: 500,
      highestBuyer: 450,
      valueBatch: 10_000,
      profitPrevThis: 4000,
      profitP0This: 4000,
      profitPerHour: 8000,
      missing: [],
    })
    expect(water.ingredients.map((i) => i.name)).toEqual(['Aqueous Liquids'])
  })

  it('applies the tax and mode it is given (Coolant, buy mode, 20%)', async () => {
    const body = PiCalcResponse.parse(await (await api.post({ taxRate: 20, marketMode: 'buy', p0Source: 'market' })).json())
    const coolant = body.P2.find((p) => p.name === 'Coolant')!
    // 5 × 11,000 − (40 × 520 + 40 × 450) − (80 × 400 × 0.10 + 5 × 7,200 × 0.20)
    expect(coolant.taxPrevThis).toBeCloseTo(3200 + 7200, 6)
    expect(coolant.profitPrevThis).toBeCloseTo(55_000 - 38_800 - 10_400, 6)
    // Ionic Solutions has no price: P0-This cannot be known, and the row says why
    expect(coolant.profitP0This).toBeNull()
    expect(coolant.missing).toEqual(['Ionic Solutions (no buy orders)'])
  })

  it('shows products without any Jita orders with null prices, never zeros', async () => {
    const body = PiCalcResponse.parse(await (await api.post({ marketMode: 'patient' })).json())
    const sterile = body.P4.find((p) => p.name === 'Sterile Conduits')!
    expect([sterile.lowestSeller, sterile.highestBuyer, sterile.valueBatch, sterile.profitP0This, sterile.profitPrevThis]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect(sterile.missing).toContain('Sterile Conduits (no sell orders)')
  })

  it.each([
    [{ taxRate: 51 }, 'The tax rate must be between 0 and 50.'],
    [{ taxRate: -1 }, 'The tax rate must be between 0 and 50.'],
    [{ taxRate: 'ten' }, 'The tax rate must be a number.'],
    [{ marketMode: 'cheapest' }, 'The market mode must be one of sell, buy, impatient, patient.'],
    [{ p0Source: 'stolen' }, 'The P0 source must be one of extracted, market.'],
  ])('rejects %j with a sentence naming the field', async (body, message) => {
    const res = await api.post(body)
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe(message)
  })

  it('answers 503 with a sentence while Jita prices are not loaded', async () => {
    const empty = await fixtureApi(null)
    try {
      const res = await empty.post({})
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('60')
      expect((await res.json()).error).toBe('No Jita 4-4 market prices yet: the market data has not arrived from ESI (see the Status page)')
    } finally {
      await empty.close()
    }
  })
})

describe('POST /api/pi/calc on the real SDE (shared server)', () => {
  const baseUrl = inject('appUrl')
  const calc = async (body: unknown) =>
    PiCalcResponse.parse(
      await (await fetch(`${baseUrl}/api/pi/calc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json(),
    )
  const all = (b: PiCalcResponse): PiProduct[] => [...b.P1, ...b.P2, ...b.P3, ...b.P4]

  it('has every planetary product: 15 P1, 24 P2, 21 P3, 8 P4, with the schematic batches and cycles', async () => {
    const body = await calc({})
    expect([body.P1.length, body.P2.length, body.P3.length, body.P4.length]).toEqual([15, 24, 21, 8])
    const shape = (p: PiProduct) => [p.quantity, p.cycleTime]
    expect(new Set(body.P1.map((p) => JSON.stringify([...shape(p), p.ingredients.map((i) => [i.tier, i.quantity])])))).toEqual(
      new Set([JSON.stringify([20, 1800, [[0, 3000]]])]),
    )
    expect(new Set(body.P2.map((p) => JSON.stringify([...shape(p), p.ingredients.map((i) => [i.tier, i.quantity])])))).toEqual(
      new Set([
        JSON.stringify([
          5,
          3600,
          [
            [1, 40],
            [1, 40],
          ],
        ]),
      ]),
    )
    expect(new Set(body.P3.map((p) => JSON.stringify(shape(p))))).toEqual(new Set([JSON.stringify([3, 3600])]))
    expect(new Set(body.P4.map((p) => JSON.stringify(shape(p))))).toEqual(new Set([JSON.stringify([1, 3600])]))
    expect(body.taxBaseByTier).toEqual({ P0: [5], P1: [400], P2: [7200], P3: [60000], P4: [1200000] })
    const sterile = body.P4.find((p) => p.name === 'Sterile Conduits')!
    expect(sterile.ingredients.map((i) => [i.name, i.quantity])).toEqual([
      ['Smartfab Units', 6],
      ['Vaccines', 6],
      ['Water', 40],
    ])
    expect(sterile.rawMaterials.find((r) => r.name === 'Aqueous Liquids')?.quantity).toBeCloseTo(6000, 6)
  })

  it('derives the same tiers as the SDE market groups (Raw/Processed/Refined/Specialized/Advanced Planetary Materials)', async () => {
    const body = await calc({})
    const marketGroupByTier = [1333, 1334, 1335, 1336, 1337]
    const typeIds = new Map<number, number>()
    for (const p of all(body)) {
      typeIds.set(p.typeId, p.tier)
      for (const i of p.rawMaterials) typeIds.set(i.typeId, i.tier)
    }
    const mismatches: string[] = []
    await Promise.all(
      [...typeIds].map(async ([typeId, tier]) => {
        const t = (await (await fetch(`${baseUrl}/api/types/${typeId}`)).json()) as { name: string; market_group_id: number | null }
        if (t.market_group_id !== marketGroupByTier[tier]) mismatches.push(`${t.name}: P${tier} but market group ${t.market_group_id}`)
      }),
    )
    expect(mismatches).toEqual([])
    expect(typeIds.size).toBe(15 + 24 + 21 + 8 + 15)
  })

  it('prices every row from the hub table and adds up (patient mode, 10%)', async () => {
    const body = await calc({ marketMode: 'patient', taxRate: 10, p0Source: 'market' })
    expect(body.prices.label).toBe('Jita 4-4')
    expect(body.prices.ageSeconds).not.toBeNull()
    const ids = [...new Set(all(body).flatMap((p) => [p.typeId, ...p.ingredients.map((i) => i.typeId)]))]
    const station = (await (await fetch(`${baseUrl}/api/prices/station?station_id=${JITA}&type_ids=${ids.join(',')}`)).json()) as { rows: StationPriceRow[] }
    const hub = new Map(station.rows.map((r) => [r.type_id, r]))
    const base = (tier: number) => body.taxBaseByTier[`P${tier}`][0]
    let checked = 0
    for (const p of all(body)) {
      expect(p.lowestSeller).toBe(hub.get(p.typeId)?.sell_min ?? null)
      expect(p.highestBuyer).toBe(hub.get(p.typeId)?.buy_max ?? null)
      for (const i of p.ingredients) expect(i.unitPrice).toBe(hub.get(i.typeId)?.buy_max ?? null)
      // import of the inputs at 5%, export of the batch at 10%
      const tax = p.ingredients.reduce((s, i) => s + i.quantity * base(i.tier) * 0.05, 0) + p.quantity * base(p.tier) * 0.1
      expect(p.taxPrevThis).toBeCloseTo(tax, 6)
      if (p.profitPrevThis === null) {
        expect(p.missing.length).toBeGreaterThan(0)
        continue
      }
      const inputs = p.ingredients.reduce((s, i) => s + i.cost!, 0)
      expect(p.profitPrevThis).toBeCloseTo(p.quantity * p.lowestSeller! - inputs - tax, 4)
      expect(p.profitPerHour).toBeCloseTo((p.profitPrevThis * 3600) / p.cycleTime, 4)
      checked++
    }
    expect(checked).toBeGreaterThan(30)
  })
})
