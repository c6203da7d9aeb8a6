import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import { fetchRegionSnapshot } from '../../ingest/market/orders-job.js'
import { addMarketRoutes, createMarketState, setBook } from '../../platform/fakes/esi/markets.js'
import { FakeEsi } from '../../platform/fakes/esi/server.js'
import { addStatusRoutes } from '../../platform/fakes/esi/status.js'
import { queryRows } from '../../platform/clickhouse/client.js'
import { minimalBooks, order } from './testing.js'

const JITA = 60003760
const FORGE = 10000002
const DODIXIE = 60011866
const SINQ_LAISON = 10000032
const HEK = 60005686
const METROPOLIS = 10000042
const RENS = 60004588
const HEIMATAR = 10000030
const STRUCTURE = 1_035_466_617_946

const esi = new FakeEsi()
const market = createMarketState()
let app: TestApp

/**
 * Hand-computed book at Jita for Tritanium (34) and Pyerite (35):
 * sells 34: 20 @ 10, 20 @ 11, 960 @ 13 → total 1000, 5% = 50 units: 20·10 + 20·11 + 10·13 = 550 → 11.00
 * buys 34: 30 @ 9, 30 @ 8.5, 940 @ 7 → 50 units: 30·9 + 20·8.5 = 440 → 8.80
 * sells 35: 3 @ 5, 5 @ 6 → total 8, 5% = 0.4 < 1 unit → the best price, 5
 * off-hub (a structure in The Forge): sell 34 10 @ 9.5 — in the region fallback only
 */
function handBook() {
  return [
    order(34, JITA, false, 13, 960),
    order(34, JITA, false, 10, 20),
    order(34, JITA, false, 11, 20),
    order(34, JITA, true, 9, 30),
    order(34, JITA, true, 7, 940),
    order(34, JITA, true, 8.5, 30),
    order(35, JITA, false, 5, 3),
    order(35, JITA, false, 6, 5),
    order(34, STRUCTURE, false, 9.5, 10),
  ]
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}${path}`, { headers })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined }
}

async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const v = await probe()
    if (ok(v)) return v
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const jitaTritanium = () => get(`/api/prices/station?station_id=${JITA}&type_ids=34,35`)
const pipeline = async () => (await get('/api/statuses')).body.pipeline as { status: string; detail: string }

beforeAll(async () => {
  addStatusRoutes(esi, { current: { players: 100, server_version: '1', start_time: '2026-11-22T00:00:00Z' } })
  addMarketRoutes(esi, market)
  for (const [region, orders] of minimalBooks()) setBook(market, region, orders)
  setBook(market, FORGE, handBook())
  market.pageSize = 2 // several pages per region, as with ESI's 1000-order pages
  market.expiresIn = 0 // books change between fetches in these tests
  await esi.start()
  // The market job runs once at start; after that the tests drive snapshots by hand (no wall-clock runs in tests).
  app = await startTestApp({ ESI_BASE_URL: esi.url })
  await waitFor(pipeline, (p) => p.status === 'OK')
}, 120_000)
afterAll(async () => {
  await app?.close()
  await esi.close()
})

describe('market pipeline (in-process stream, chDB)', () => {
  it('computes hub prices from a full snapshot: best prices and volume-weighted 5% prices', async () => {
    const { status, body } = await jitaTritanium()
    expect(status).toBe(200)
    const [t34, t35] = body.rows
    expect(t34).toMatchObject({
      station_id: JITA,
      type_id: 34,
      sell_min: 10,
      buy_max: 9,
      sell_5pct: 11,
      buy_5pct: 8.8,
      sell_orders: 3,
      buy_orders: 3,
      sell_volume: 1000,
      buy_volume: 1000,
    })
    expect(t35).toMatchObject({ type_id: 35, sell_min: 5, buy_max: null, sell_5pct: 5, buy_5pct: null })
  })

  it('computes region fallback prices over every order in the region', async () => {
    const { body } = await get(`/api/prices/fallback?region_id=${FORGE}&type_ids=34`)
    // sells in the region: 9.5 (structure), 10, 11, 13; ClickHouse's exact median of an even count is the upper middle value
    expect(body.rows).toEqual([{ type_id: 34, sell_median: 11, sell_min: 9.5, buy_median: 8.5, buy_max: 9 }])
  })

  it('keeps the previous prices serving when a page fails mid-snapshot, and says DEGRADED', async () => {
    const before = (await jitaTritanium()).body.rows[0]
    setBook(
      market,
      FORGE,
      handBook().map((o) => ({ ...o, price: o.price * 2 })),
    )
    market.failingPages.set(`${FORGE}:3`, { status: 500, times: 100 })
    expect(await fetchRegionSnapshot(app.ctx, FORGE)).toBe('failed')
    market.failingPages.clear()
    const p = await waitFor(pipeline, (s) => s.status === 'DEGRADED')
    expect(p.detail).toMatch(/Jita 4-4: last fetch failed/)
    expect((await jitaTritanium()).body.rows[0]).toEqual(before)
  })

  it('refuses a snapshot whose pages disagree twice in a row (ESI refreshed mid-fetch, and again on the retry)', async () => {
    const before = (await jitaTritanium()).body.rows[0]
    market.refreshAfterPage.set(FORGE, { page: 1, times: 2 })
    expect(await fetchRegionSnapshot(app.ctx, FORGE)).toBe('failed')
    expect(market.refreshAfterPage.has(FORGE)).toBe(false)
    // the failure reaches the status through the fetch-recorder pipeline, so wait for it rather than read at once
    expect((await waitFor(pipeline, (s) => /another snapshot/.test(s.detail))).detail).toMatch(/another snapshot/)
    expect((await jitaTritanium()).body.rows[0]).toEqual(before)
  })

  it('serves the new snapshot once it is complete, and is OK again', async () => {
    expect(await fetchRegionSnapshot(app.ctx, FORGE)).toBe('complete')
    const rows = await waitFor(jitaTritanium, (r) => r.body.rows[0].sell_min === 20)
    expect(rows.body.rows[0]).toMatchObject({ sell_min: 20, sell_5pct: 22, buy_max: 18, buy_5pct: 17.6 })
    await waitFor(pipeline, (s) => s.status === 'OK')
  })

  it('records an unchanged book without a new snapshot', async () => {
    expect(await fetchRegionSnapshot(app.ctx, FORGE)).toBe('unchanged')
  })

  it('answers with cache headers and an ETag that revalidates to 304', async () => {
    const first = await jitaTritanium()
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
    const again = await get(`/api/prices/station?station_id=${JITA}&type_ids=34,35`, { 'If-None-Match': first.headers.get('etag')! })
    expect(again.status).toBe(304)
  })

  it('revalidates to 304 the weak ETag a compressing proxy hands the client, and a list naming it', async () => {
    const etag = (await jitaTritanium()).headers.get('etag')!
    for (const sent of [`W/${etag}`, `"stale-tag", ${etag}`]) {
      expect((await get(`/api/prices/station?station_id=${JITA}&type_ids=34,35`, { 'If-None-Match': sent })).status).toBe(304)
    }
    expect((await get(`/api/prices/station?station_id=${JITA}&type_ids=34,35`, { 'If-None-Match': '"stale-tag"' })).status).toBe(200)
  })

  it('rejects bad ids, unknown hubs and more than 1000 type ids with a 400 that says so', async () => {
    expect((await get(`/api/prices/station?station_id=${JITA}&type_ids=34,x`)).body.error).toContain("'x' is not a positive whole number")
    expect((await get(`/api/prices/station?station_id=123&type_ids=34`)).body.error).toContain('must be one of the hubs')
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',')
    const tooMany = await get(`/api/prices/station?station_id=${JITA}&type_ids=${many}`)
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error).toContain('at most 1000 ids per request (got 1001)')
    expect((await get(`/api/prices/fallback?region_id=10000001&type_ids=34`)).status).toBe(400)
  })

  it("downloads a hub's whole table as JSON and CSV", async () => {
    const json = await get(`/api/prices/bulk?station_id=${JITA}`)
    expect(json.body.rows.map((r: { type_id: number }) => r.type_id)).toEqual([34, 35])
    const csv = await get(`/api/prices/bulk?station_id=${JITA}&format=csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const [header, first] = csv.text.trim().split('\n')
    expect(header).toBe('station_id,type_id,sell_min,buy_max,sell_5pct,buy_5pct,sell_orders,buy_orders,sell_volume,buy_volume,last_updated')
    expect(first).toMatch(/^60003760,34,20,18,22,17\.6,3,3,1000,1000,\d{4}-/)
  })

  it('keeps daily history per hub and type', async () => {
    const { body } = await get(`/api/prices/history?station_id=${JITA}&type_id=34&days=7`)
    expect(body.rows).toHaveLength(1)
    expect(body.rows[0]).toMatchObject({ date: new Date().toISOString().slice(0, 10), sell_min_low: 10, buy_max_high: 18, sell_5pct_close: 22, samples: 2 })
  })

  it('answers as many days of history as asked for, today included', async () => {
    // One sample today and one yesterday for a type no book has, from a snapshot no price table serves.
    const sample = (at: Date) => ({
      station_id: JITA,
      type_id: 990_001,
      region_id: FORGE,
      snapshot_id: 1,
      sell_min: 5,
      buy_max: 4,
      sell_5pct: 5,
      buy_5pct: 4,
      sell_orders: 1,
      buy_orders: 1,
      sell_volume: 10,
      buy_volume: 10,
      last_updated: at.toISOString().replace('T', ' ').slice(0, 19),
    })
    await app.ctx.ch.insert({
      table: 'market_prices_station_by_snapshot',
      values: [sample(new Date(Date.now() - 86_400_000)), sample(new Date())],
      format: 'JSONEachRow',
    })
    const days = async (n: number) =>
      (await get(`/api/prices/history?station_id=${JITA}&type_id=990001&days=${n}`)).body.rows.map((r: { date: string }) => r.date)
    expect(await days(1)).toEqual([new Date().toISOString().slice(0, 10)])
    expect(await days(2)).toHaveLength(2)
  })

  it('shows price age per hub on the status endpoint', async () => {
    const { body } = await get('/api/statuses')
    expect(body.prices.map((p: { label: string }) => p.label)).toEqual(['Jita 4-4', 'Amarr', 'Dodixie', 'Hek', 'Rens'])
    for (const p of body.prices) expect(p.age_seconds).toBeGreaterThanOrEqual(0)
    expect(body.deps.esi).toMatchObject({ ok: true, status: 200 })
    expect(body.cadence_minutes).toBe(30)
  })

  it("leaves the engine's thread count to later queries after aggregating on one thread", async () => {
    // The earlier tests aggregated several snapshots in this process; a session-wide max_threads = 1 would show here.
    const rows = await (
      await app.ctx.ch.query({ query: "SELECT changed FROM system.settings WHERE name = 'max_threads'", format: 'JSONEachRow' })
    ).json<{ changed: number }>()
    expect(rows).toEqual([{ changed: 0 }])
  })
})

describe('market pipeline: what real books do', () => {
  const latestSnapshot = async (regionId: number) =>
    (
      await queryRows<{ snapshot_id: string; status: string; order_count: number; detail: string }>(
        app.ctx.ch,
        'SELECT snapshot_id, status, order_count, detail FROM market_snapshots FINAL WHERE region_id = {r:UInt32} ORDER BY snapshot_id DESC LIMIT 1',
        { r: regionId },
      )
    )[0]

  it('completes a snapshot where one order id appears on two pages, counting it once', async () => {
    // pages of 2: [a, b], [a'] — a' is a again, repriced later (newer issued)
    const a = { ...order(34, DODIXIE, false, 7, 100), issued: '2026-11-20T10:00:00Z' }
    const again = { ...a, price: 6.5, issued: '2026-11-20T10:05:00Z' }
    setBook(market, SINQ_LAISON, [a, order(34, DODIXIE, true, 4, 100), again])
    const before = Number((await latestSnapshot(SINQ_LAISON)).snapshot_id)
    expect(await fetchRegionSnapshot(app.ctx, SINQ_LAISON)).toBe('complete')
    const snap = await waitFor(
      () => latestSnapshot(SINQ_LAISON),
      (s) => Number(s.snapshot_id) > before && s.status !== '',
    )
    expect(snap).toMatchObject({ status: 'complete', order_count: 2 })
    const rows = await waitFor(
      () => get(`/api/prices/station?station_id=${DODIXIE}&type_ids=34`),
      (r) => r.body.rows[0]?.sell_min !== 5,
    )
    expect(rows.body.rows[0]).toMatchObject({ sell_min: 6.5, sell_orders: 1, sell_volume: 100, buy_max: 4 })
  })

  it('fetches a region again at once when ESI refreshed the book mid-fetch, stopping the abandoned fetch', async () => {
    const book = Array.from({ length: 40 }, (_, i) => order(34, DODIXIE, i % 2 === 1, i % 2 ? 3 : 8 + i / 100, 10))
    setBook(market, SINQ_LAISON, book) // 20 pages of 2
    market.refreshAfterPage.set(SINQ_LAISON, 1)
    const seen = esi.requests.length
    expect(await fetchRegionSnapshot(app.ctx, SINQ_LAISON)).toBe('complete')
    const pagesAsked = esi.requests
      .slice(seen)
      .filter((r) => r.path.startsWith(`/markets/${SINQ_LAISON}/orders`))
      .map((r) => Number(new URLSearchParams(r.query).get('page')))
    const retryAt = pagesAsked.indexOf(1, 1)
    expect(retryAt).toBeGreaterThan(0)
    // the abandoned fetch stopped with the pages already asked for, instead of fetching the other 15 for nothing
    expect(retryAt - 1).toBeLessThanOrEqual(app.ctx.esi.options.pageConcurrency)
    expect(pagesAsked.slice(retryAt).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const rows = await waitFor(
      () => get(`/api/prices/station?station_id=${DODIXIE}&type_ids=34`),
      (r) => r.body.rows[0]?.sell_orders === 20,
    )
    expect(rows.body.rows[0]).toMatchObject({ sell_min: 8, buy_max: 3, buy_orders: 20 })
  })

  it('fetches a region again at once when ESI refreshed the book with fewer pages mid-fetch (404 past the new X-Pages)', async () => {
    // 3 pages of 2 when page 1 is served; then the book is 2 orders, one page, and pages 2 and 3 answer 404
    setBook(
      market,
      SINQ_LAISON,
      Array.from({ length: 6 }, (_, i) => order(34, DODIXIE, i % 2 === 1, i % 2 ? 3 : 30 + i, 10)),
    )
    market.refreshAfterPage.set(SINQ_LAISON, { page: 1, times: 1, book: [order(34, DODIXIE, false, 27, 10), order(34, DODIXIE, true, 2.5, 10)] })
    expect(await fetchRegionSnapshot(app.ctx, SINQ_LAISON)).toBe('complete')
    const rows = await waitFor(
      () => get(`/api/prices/station?station_id=${DODIXIE}&type_ids=34`),
      (r) => r.body.rows[0]?.sell_min === 27,
    )
    expect(rows.body.rows[0]).toMatchObject({ sell_min: 27, buy_max: 2.5, sell_orders: 1, buy_orders: 1 })
  })

  it('serves sell volumes above 2^32 whole, in JSON and CSV, with a schema that allows them', async () => {
    // Jita's Tritanium sell volume was 18,732,325,784 units: 9 orders of 2,000,000,000 plus one of 732,325,784.
    const sells = [...Array.from({ length: 9 }, (_, i) => order(34, HEK, false, 4 + i / 100, 2_000_000_000)), order(34, HEK, false, 5, 732_325_784)]
    setBook(market, METROPOLIS, [...sells, order(34, HEK, true, 3.5, 100)])
    expect(await fetchRegionSnapshot(app.ctx, METROPOLIS)).toBe('complete')
    const station = await waitFor(
      () => get(`/api/prices/station?station_id=${HEK}&type_ids=34`),
      (r) => r.body.rows[0]?.sell_orders === 10,
    )
    expect(station.body.rows[0]).toMatchObject({ sell_volume: 18_732_325_784, buy_volume: 100 })
    expect((await get(`/api/prices/bulk?station_id=${HEK}`)).body.rows[0]).toMatchObject({ type_id: 34, sell_volume: 18_732_325_784 })
    const csv = (await get(`/api/prices/bulk?station_id=${HEK}&format=csv`)).text.trim().split('\n')
    expect(csv[1]).toMatch(/^60005686,34,4,3\.5,[\d.]+,3\.5,10,1,18732325784,100,\d{4}-/)
    const doc = (await get('/api/openapi.json')).body
    const volume = doc.components.schemas.StationPrice.properties.sell_volume
    expect(volume.type).toBe('integer')
    expect(volume.maximum ?? Number.MAX_SAFE_INTEGER).toBeGreaterThanOrEqual(Number.MAX_SAFE_INTEGER)
    expect(volume.format ?? '').not.toBe('int32')
  })

  it("dates prices by ESI's Last-Modified, not by our fetch (ESI caches the book up to 5 minutes)", async () => {
    setBook(market, HEIMATAR, [order(34, RENS, false, 6, 100), order(34, RENS, true, 5, 100)])
    const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000 - 240_000)
    market.lastModified.set(HEIMATAR, lastModified)
    expect(await fetchRegionSnapshot(app.ctx, HEIMATAR)).toBe('complete')
    const rows = await waitFor(
      () => get(`/api/prices/station?station_id=${RENS}&type_ids=34`),
      (r) => r.body.rows[0]?.sell_min === 6,
    )
    expect(rows.body.rows[0].last_updated).toBe(lastModified.toISOString().replace('.000Z', 'Z'))
    const rens = (await get('/api/statuses')).body.prices.find((p: { label: string }) => p.label === 'Rens')
    expect(rens.age_seconds).toBeGreaterThanOrEqual(240)
    expect(rens.age_seconds).toBeLessThan(300)
    // the snapshot's started_at is still when we fetched
    const [snap] = await queryRows<{ fetched_ms: string }>(
      app.ctx.ch,
      "SELECT toUnixTimestamp64Milli(started_at) AS fetched_ms FROM market_snapshots FINAL WHERE region_id = {r:UInt32} AND status = 'complete' ORDER BY snapshot_id DESC LIMIT 1",
      { r: HEIMATAR },
    )
    expect(Date.now() - Number(snap.fetched_ms)).toBeLessThan(60_000)
  })

  it("closes a day's history with no 5% price on a side whose orders were all gone by the day's last snapshot", async () => {
    const MEGACYTE = 40
    setBook(market, HEIMATAR, [order(MEGACYTE, RENS, false, 1000, 100), order(MEGACYTE, RENS, true, 900, 100)])
    expect(await fetchRegionSnapshot(app.ctx, HEIMATAR)).toBe('complete')
    await waitFor(
      () => get(`/api/prices/station?station_id=${RENS}&type_ids=${MEGACYTE}`),
      (r) => r.body.rows[0]?.sell_min === 1000,
    )
    // the sells are bought out: the next snapshot has only the buy
    setBook(market, HEIMATAR, [order(MEGACYTE, RENS, true, 910, 100)])
    expect(await fetchRegionSnapshot(app.ctx, HEIMATAR)).toBe('complete')
    await waitFor(
      () => get(`/api/prices/station?station_id=${RENS}&type_ids=${MEGACYTE}`),
      (r) => r.body.rows[0]?.buy_max === 910,
    )
    const { body } = await get(`/api/prices/history?station_id=${RENS}&type_id=${MEGACYTE}&days=1`)
    expect(body.rows).toEqual([
      {
        date: new Date().toISOString().slice(0, 10),
        sell_min_low: 1000,
        buy_max_high: 910,
        sell_5pct_close: null,
        buy_5pct_close: 910,
        sell_5pct_avg: 1000,
        buy_5pct_avg: 905,
        sell_volume_close: 0,
        buy_volume_close: 100,
        samples: 2,
      },
    ])
  })
})
