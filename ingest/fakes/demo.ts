import fs from 'node:fs'
import path from 'node:path'
import { readGroupsAndCategories, readTypes } from '../static/sde-records.js'
import { sdeVersion } from '../static/sde-files.js'
import { demoAdjustedPrices, demoCostIndices, demoSystems } from './demo-industry.js'
import { demoOrderBooks, readReferencePrices, type DemoType } from './demo-market.js'
import { addIndustryRoutes, createIndustryState, setIndustryData, type FakeIndustryState } from './esi/industry.js'
import { addMarketRoutes, createMarketState, setBook, type FakeMarketState } from './esi/markets.js'
import { FakeEsi } from './esi/server.js'
import { addStatusRoutes, type FakeServerStatus } from './esi/status.js'

export interface DemoFakes {
  esi: FakeEsi
  market: FakeMarketState
  industry: FakeIndustryState
  status: { current: FakeServerStatus | null }
  close(): Promise<void>
}

/** Market types for the demo books (published, on the market), cached per SDE version under the data directory. */
function demoTypes(dataDir: string): Promise<DemoType[]> | DemoType[] {
  const cache = path.join(dataDir, 'demo-market-types.json')
  if (fs.existsSync(cache)) {
    const cached = JSON.parse(fs.readFileSync(cache, 'utf8')) as { sde: string; types: DemoType[] }
    if (cached.sde === sdeVersion()) return cached.types
  }
  return (async () => {
    const { groups } = await readGroupsAndCategories()
    const types = (await readTypes(new Map(groups.map((g) => [g.group_id, g.category_id]))))
      .filter((t) => t.published && t.market_group_id !== null)
      .map((t) => ({ type_id: t.type_id, base_price: t.base_price }))
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(cache, JSON.stringify({ sde: sdeVersion(), types }))
    return types
  })()
}

/**
 * The loopback stand-ins for the outside world in demo mode and in the shared test server: a fake ESI with
 * server status, order books for the five hubs, adjusted prices and system cost indices, plus `/_control/*` routes tests use to change what it answers.
 */
export async function startDemoFakes(options: { dataDir: string; communityDir: string; port?: number }): Promise<DemoFakes> {
  const esi = new FakeEsi()
  const market = createMarketState()
  const status = { current: { players: 23_456, server_version: '2999999', start_time: new Date(Date.now() - 6 * 3_600_000).toISOString(), vip: false } as FakeServerStatus | null }
  addStatusRoutes(esi, status)
  addMarketRoutes(esi, market)
  const types = await demoTypes(options.dataDir)
  const refs = readReferencePrices(options.communityDir)
  const books = demoOrderBooks(types, refs)
  for (const [region, orders] of books) setBook(market, region, orders)
  const industry = createIndustryState()
  addIndustryRoutes(esi, industry)
  setIndustryData(industry, { prices: demoAdjustedPrices(types, refs), systems: demoCostIndices(demoSystems(options.dataDir)) })

  // Test controls (only on this loopback fake, never on the product's API).
  esi.route('POST', '/_control/status', (req) => {
    const body = req.body as { players?: number | null }
    status.current = body.players === null || body.players === undefined ? null : { ...status.current!, players: body.players }
    return { body: { ok: true } }
  })
  esi.route('POST', '/_control/fail', (req) => {
    const body = req.body as { prefix: string; status: number; times: number }
    esi.failNext(body.prefix, body.status, body.times)
    return { body: { ok: true } }
  })
  esi.route('POST', '/_control/market/reprice', (req) => {
    // Move every price of a region by a factor, as the market would: a new snapshot with a new Last-Modified.
    const body = req.body as { region_id: number; factor: number }
    const book = market.books.get(body.region_id) ?? []
    setBook(market, body.region_id, book.map((o) => ({ ...o, price: Math.round(o.price * body.factor * 100) / 100 })))
    return { body: { ok: true, orders: book.length } }
  })

  await esi.start(options.port ?? 0)
  return { esi, market, industry, status, close: () => esi.close() }
}
