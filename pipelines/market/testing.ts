import { HUBS, type EsiMarketOrder } from '../../schemas/market.js'

let nextOrderId = 1_000

/** One order at a location, for hand-built books in tests. */
export function order(typeId: number, locationId: number, isBuy: boolean, price: number, volume: number): EsiMarketOrder {
  const hub = HUBS.find((h) => h.station_id === locationId)
  return {
    order_id: nextOrderId++,
    type_id: typeId,
    location_id: locationId,
    system_id: hub ? 30000142 : 30000144,
    is_buy_order: isBuy,
    price,
    volume_remain: volume,
    volume_total: volume,
    min_volume: 1,
    range: 'region',
    duration: 90,
    issued: '2026-11-20T10:00:00Z',
  }
}

/** A tiny book for every hub region so a full ingest run completes. */
export function minimalBooks(): Map<number, EsiMarketOrder[]> {
  const books = new Map<number, EsiMarketOrder[]>()
  for (const hub of HUBS) {
    const book = books.get(hub.region_id) ?? []
    book.push(order(34, hub.station_id, false, 5, 100), order(34, hub.station_id, true, 4, 100))
    books.set(hub.region_id, book)
  }
  return books
}
