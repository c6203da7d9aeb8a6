import fs from 'node:fs'
import path from 'node:path'
import { HUBS, type EsiMarketOrder } from '../../schemas/market.js'
import { seededRandom } from './seeded-random.js'

export interface ReferencePrice {
  sell: number | null
  buy: number | null
}

/**
 * Reference prices per (station, type) from the community snapshots in `market-prices/`: the 2026-03-11 hub
 * best buy/sell prices, then the 2026-07-24 Jita buyback list for Jita (except ores, whose "price" there is a
 * reprocessed value, see its PROVENANCE.md).
 */
export function readReferencePrices(communityDir: string): Map<string, ReferencePrice> {
  const refs = new Map<string, ReferencePrice>()
  const hubFile = path.join(communityDir, 'market-prices/hub-best-prices-2026-03-11.json')
  if (fs.existsSync(hubFile)) {
    const data = JSON.parse(fs.readFileSync(hubFile, 'utf8')) as {
      types: Array<{ typeID: number; hubs: Record<string, { bestBuy: number | null; bestSell: number | null }> }>
    }
    for (const t of data.types) for (const [station, h] of Object.entries(t.hubs)) refs.set(`${station}:${t.typeID}`, { sell: h.bestSell, buy: h.bestBuy })
  }
  const buybackFile = path.join(communityDir, 'market-prices/jita-buyback-prices-2026-07-24.json')
  if (fs.existsSync(buybackFile)) {
    const data = JSON.parse(fs.readFileSync(buybackFile, 'utf8')) as { items: Array<{ typeID: number; category: string; price: number }> }
    for (const item of data.items) {
      if (item.category.endsWith('_ore') || refs.has(`60003760:${item.typeID}`) || !(item.price > 0)) continue
      refs.set(`60003760:${item.typeID}`, { sell: item.price * 1.05, buy: item.price })
    }
  }
  return refs
}

export interface DemoType {
  type_id: number
  base_price: number | null
}

/**
 * Order books for the five hubs (plus one off-hub seller per type in each region, so region fallback prices differ
 * from hub prices). Books centre on the reference price where there is one, else on the SDE base price; Jita lists
 * every type, the other hubs about half. Deterministic for a given seed.
 */
export function demoOrderBooks(types: DemoType[], refs: Map<string, ReferencePrice>, seed = 1): Map<number, EsiMarketOrder[]> {
  const books = new Map<number, EsiMarketOrder[]>()
  let orderId = 6_000_000_000
  const issued = '2026-11-01T12:00:00Z'
  for (const hub of HUBS) {
    const book = books.get(hub.region_id) ?? []
    books.set(hub.region_id, book)
    const systemId = { 60003760: 30000142, 60008494: 30002187, 60011866: 30002659, 60005686: 30002053, 60004588: 30002510 }[hub.station_id]!
    for (const t of types) {
      const ref = refs.get(`${hub.station_id}:${t.type_id}`) ?? (hub.station_id === 60003760 ? null : refs.get(`60003760:${t.type_id}`))
      const rnd = seededRandom(seed * 1_000_003 + t.type_id * 31 + hub.station_id)
      if (hub.station_id !== 60003760 && !refs.has(`${hub.station_id}:${t.type_id}`) && rnd() < 0.5) continue
      const centre = ref?.sell ?? ref?.buy ?? t.base_price
      if (!centre || centre <= 0) continue
      const sell0 = (ref?.sell ?? centre * (1.02 + rnd() * 0.08)) * (hub.station_id === 60003760 ? 1 : 1 + rnd() * 0.1)
      const buy0 = ref?.buy ?? sell0 * (0.8 + rnd() * 0.15)
      const depth = hub.station_id === 60003760 ? 4 : 2
      const volumeBase = Math.max(1, Math.round(2_000_000 / Math.max(1, centre) ** 0.8))
      for (let k = 0; k < depth; k++) {
        const volume = Math.max(1, Math.round(volumeBase * (0.3 + rnd() * 1.4)))
        book.push(order(++orderId, t.type_id, hub.station_id, systemId, false, round(sell0 * (1 + k * 0.015)), volume, issued))
        book.push(order(++orderId, t.type_id, hub.station_id, systemId, true, round(Math.max(0.01, buy0 * (1 - k * 0.02))), volume, issued))
      }
      // an off-hub seller in the region (a player structure), a little dearer
      book.push(order(++orderId, t.type_id, 1_030_000_000_000 + hub.region_id, systemId, false, round(sell0 * 1.08), volumeBase, issued))
    }
  }
  return books
}

const round = (p: number) => Math.round(p * 100) / 100

function order(
  orderId: number,
  typeId: number,
  locationId: number,
  systemId: number,
  isBuy: boolean,
  price: number,
  volume: number,
  issued: string,
): EsiMarketOrder {
  return {
    order_id: orderId,
    type_id: typeId,
    location_id: locationId,
    system_id: systemId,
    is_buy_order: isBuy,
    price,
    volume_remain: volume,
    volume_total: volume,
    min_volume: 1,
    range: isBuy ? 'station' : 'region',
    duration: 90,
    issued,
  }
}

/** ESI refreshes market order books every 5 minutes. */
export const ESI_MARKET_REFRESH_SECONDS = 300

/**
 * The demo's books as ESI would serve them at refresh `step` (one step per ESI refresh): every price drifts from
 * the starting book by a slow per-type swing (a few percent over about an hour) plus a little noise each refresh,
 * and the remaining volumes move too, so prices change at every refresh as the live market's do while staying near
 * the reference prices. Deterministic for a step, so every process sees the same book.
 */
export function driftedBook(base: EsiMarketOrder[], step: number): EsiMarketOrder[] {
  return base.map((o) => {
    const rnd = seededRandom(o.type_id * 7919 + step * 104_729 + (o.is_buy_order ? 1 : 0))
    const phase = (o.type_id % 97) / 97
    const swing = 0.02 * Math.sin(2 * Math.PI * (step / 12 + phase))
    const noise = 0.004 * (rnd() * 2 - 1)
    const remain = Math.max(1, Math.min(o.volume_total, Math.round(o.volume_total * (0.6 + 0.4 * rnd()))))
    return { ...o, price: Math.max(0.01, round(o.price * (1 + swing + noise))), volume_remain: remain }
  })
}

/** The fake ESI refresh of the demo's books: each region's starting book, drifted to the refresh step. */
export function demoMarketRefresh(books: Map<number, EsiMarketOrder[]>) {
  const base = new Map(books)
  return { everySeconds: ESI_MARKET_REFRESH_SECONDS, book: (regionId: number, step: number) => driftedBook(base.get(regionId) ?? [], step) }
}
