import fs from 'node:fs'
import path from 'node:path'
import { readGroupsAndCategories, readTypes } from '../sde/sde-records.js'
import { sdeVersion } from '../sde/sde-files.js'
import { addDemoReactionPrices, demoAdjustedPrices, demoCostIndices, demoIndustrySystems, demoReactionRecipes } from './demo-industry.js'
import { demoEntities, demoKill, demoKillHistory, demoSystems, pricedDemoShips } from './demo-kills.js'
import { demoMarketRefresh, demoOrderBooks, readReferencePrices, type DemoType } from './demo-market.js'
import { addIndustryRoutes, createIndustryState, setIndustryData, type FakeIndustryState } from './esi/industry.js'
import { addKillmailRoutes, newKillmailState, type FakeKillmailState } from './esi/killmails.js'
import { addMarketRoutes, createMarketState, setBook, type FakeMarketState } from './esi/markets.js'
import { FakeEsi } from './esi/server.js'
import { addStatusRoutes, type FakeServerStatus } from './esi/status.js'
import { makeKillmail, type KillSpec } from './zkillboard/killmails.js'
import { FAKE_FIRST_SEQUENCE, FakeZkill } from './zkillboard/server.js'
import { addUniverseTypeRoutes, demoUniverseTypes } from './esi/universe-types.js'
import { addSystemActivityRoutes, createSystemActivityState } from './esi/system-activity.js'

export interface DemoFakes {
  esi: FakeEsi
  zkill: FakeZkill
  market: FakeMarketState
  industry: FakeIndustryState
  kills: FakeKillmailState
  status: { current: FakeServerStatus | null }
  /** Kills from before the demo started, for the launcher to load through the killmail topic. */
  history: Array<{ spec: KillSpec; value: number }>
  close(): Promise<void>
}

interface DemoTypeFile {
  sde: string
  types: DemoType[]
  ships: number[]
}

/** Market types for the demo books and ship types for its kills, cached per SDE version under the data directory. */
async function demoTypes(dataDir: string): Promise<DemoTypeFile> {
  const cache = path.join(dataDir, 'demo-types.json')
  if (fs.existsSync(cache)) {
    const cached = JSON.parse(fs.readFileSync(cache, 'utf8')) as DemoTypeFile
    if (cached.sde === sdeVersion() && cached.ships) return cached
  }
  const { groups } = await readGroupsAndCategories()
  const all = await readTypes(new Map(groups.map((g) => [g.group_id, g.category_id])))
  const SHIP_CATEGORY = 6 // category "Ship" in the SDE
  const file: DemoTypeFile = {
    sde: sdeVersion(),
    types: all.filter((t) => t.published && t.market_group_id !== null).map((t) => ({ type_id: t.type_id, base_price: t.base_price })),
    ships: all.filter((t) => t.published && t.category_id === SHIP_CATEGORY && t.market_group_id !== null).map((t) => t.type_id),
  }
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(cache, JSON.stringify(file))
  return file
}

interface LiveFeedPosition {
  nextSequence: number
  nextKillId: number
}

const liveFeedFile = (dataDir: string) => path.join(dataDir, 'demo-live-feed.json')

/**
 * Where the demo's fake zKillboard feed goes on: its next R2Z2 sequence number and killmail id, kept beside the
 * database. A restarted demo resumes the feed at its stored position and drops kill ids it has stored, so numbering
 * from the start again would show no live kill until the new numbers passed the old ones.
 */
export function readLiveFeedPosition(dataDir: string): LiveFeedPosition {
  const fresh = { nextSequence: FAKE_FIRST_SEQUENCE, nextKillId: 300_000_000 }
  try {
    const saved = JSON.parse(fs.readFileSync(liveFeedFile(dataDir), 'utf8')) as Partial<LiveFeedPosition>
    if (Number.isSafeInteger(saved.nextSequence) && Number.isSafeInteger(saved.nextKillId)) {
      return { nextSequence: Math.max(fresh.nextSequence, saved.nextSequence!), nextKillId: Math.max(fresh.nextKillId, saved.nextKillId!) }
    }
  } catch {
    // no demo has run on this data directory yet
  }
  return fresh
}

export function saveLiveFeedPosition(dataDir: string, position: LiveFeedPosition) {
  fs.writeFileSync(liveFeedFile(dataDir), JSON.stringify(position))
}

/** Kill values follow Jita hull prices, as zKillboard values kills at Jita. */
const JITA_4_4 = 60003760

/** Time between the demo's live kills. */
export const DEMO_KILL_INTERVAL_MS = 20_000

/**
 * The loopback stand-ins for the outside world in demo mode and in the shared test server: a fake ESI (server
 * status, order books for the five hubs, adjusted prices and system cost indices, killmails and names) and a fake
 * zKillboard with invented pilots' kills in J-space, plus `/_control/*` routes tests use to change what the fake ESI answers.
 */
export async function startDemoFakes(options: { dataDir: string; communityDir: string; port?: number; marketRefresh?: boolean }): Promise<DemoFakes> {
  const esi = new FakeEsi()
  const market = createMarketState()
  const status = {
    current: {
      players: 23_456,
      server_version: '2999999',
      start_time: new Date(Date.now() - 6 * 3_600_000).toISOString(),
      vip: false,
    } as FakeServerStatus | null,
  }
  addStatusRoutes(esi, status)
  addMarketRoutes(esi, market)
  addUniverseTypeRoutes(esi, await demoUniverseTypes(options.dataDir))
  const types = await demoTypes(options.dataDir)
  const refs = readReferencePrices(options.communityDir)
  addDemoReactionPrices(refs, await demoReactionRecipes(options.dataDir), types.types)
  const books = demoOrderBooks(types.types, refs)
  for (const [region, orders] of books) setBook(market, region, orders)
  // ESI refreshes its books every 5 minutes and prices move: so do the demo's (off with marketRefresh: false).
  if (options.marketRefresh !== false) market.refresh = demoMarketRefresh(books)
  const industry = createIndustryState()
  addIndustryRoutes(esi, industry)
  setIndustryData(industry, { prices: demoAdjustedPrices(types.types, refs), systems: demoCostIndices(demoIndustrySystems(options.dataDir)) })
  // ESI's hourly kills and jumps per system: the recorded answers, a new one each hour.
  addSystemActivityRoutes(esi, createSystemActivityState())

  // zKillboard: a week of history (loaded by the launcher), then a new kill every DEMO_KILL_INTERVAL_MS on the R2Z2 feed.
  const kills = addKillmailRoutes(esi, newKillmailState())
  const { pilots, corporations, alliances } = demoEntities()
  for (const e of [...pilots, ...corporations, ...alliances]) kills.names.set(e.id, { name: e.name, category: e.category })
  const zkill = new FakeZkill(kills)
  const systems = demoSystems(options.communityDir)
  const basePrices = new Map(types.types.map((t) => [t.type_id, t.base_price]))
  const ships = pricedDemoShips(types.ships, (id) => {
    const ref = refs.get(`${JITA_4_4}:${id}`)
    return ref?.sell ?? ref?.buy ?? basePrices.get(id)
  })
  const history = demoKillHistory(ships, systems)
  const live = readLiveFeedPosition(options.dataDir)
  zkill.nextSequence = live.nextSequence
  let nextId = live.nextKillId
  const liveTimer = setInterval(() => {
    if (!ships.length || !systems.length) return
    const { spec, value } = demoKill(nextId, new Date(), ships, systems, nextId)
    nextId++
    zkill.push(makeKillmail(spec), { zkb: { totalValue: value } })
    saveLiveFeedPosition(options.dataDir, { nextSequence: zkill.nextSequence, nextKillId: nextId })
  }, DEMO_KILL_INTERVAL_MS)
  liveTimer.unref()

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
    setBook(
      market,
      body.region_id,
      book.map((o) => ({ ...o, price: Math.round(o.price * body.factor * 100) / 100 })),
    )
    return { body: { ok: true, orders: book.length } }
  })

  await esi.start(options.port ?? 0)
  await zkill.start()
  return {
    esi,
    zkill,
    market,
    industry,
    kills,
    status,
    history,
    async close() {
      clearInterval(liveTimer)
      await zkill.close()
      await esi.close()
    },
  }
}
