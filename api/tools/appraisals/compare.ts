import { appraiseLines, combineLines } from '../../../schemas/appraisal/appraise.js'
import type { PriceMode } from '../../../schemas/appraisal/constants.js'
import type { CompareHubsResponse } from '../../../schemas/appraisals.js'
import { HUBS } from '../../../schemas/market.js'
import { priceBook, readLines, type AppraiseDeps, type AppraiseSource } from './appraise.js'

/**
 * The same lines priced at all five hubs in one mode: per-hub totals, and per line the hub with the highest unit
 * price (where the line fetches the most, whether sold to buy orders or listed against sell orders). The paste is
 * read and resolved once; each hub is the pure pricing step over the in-memory prices.
 */
export function compareHubs(input: AppraiseSource & { mode: PriceMode; combine: boolean }, deps: AppraiseDeps): CompareHubsResponse {
  const read = readLines(input, deps)
  const lines = input.combine ? combineLines(read.lines) : read.lines
  const views = HUBS.map((hub) => ({ hub, view: appraiseLines(lines, priceBook(deps.prices, hub, read.lines), input.mode, 100) }))
  const best = lines.map((_, i) => {
    let at: number | null = null
    let price = 0
    views.forEach(({ view }, h) => {
      const p = view.rows[i].price
      if (p !== null && p > price) {
        price = p
        at = h
      }
    })
    return at
  })
  const hubs = views.map(({ hub, view }, h) => ({
    station_id: hub.station_id,
    hub: hub.label,
    prices_at: deps.prices.snapshotOf(hub.station_id)?.at.toISOString() ?? null,
    total: view.totals.adjusted,
    sell: view.totals.sell,
    buy: view.totals.buy,
    split: view.totals.split,
    unpriced: view.rows.filter((r) => r.status === 'unpriced').length,
    best_lines: best.filter((b) => b === h).length,
  }))
  const top = hubs.reduce<(typeof hubs)[number] | null>((a, h) => (h.total > 0 && (!a || h.total > a.total) ? h : a), null)
  return {
    mode: input.mode,
    combine: input.combine,
    parsed_lines: read.parsedLines,
    hubs,
    rows: lines.map((line, i) => ({
      type_id: line.type_id,
      name: line.name,
      qty: line.qty,
      bpc: line.blueprintCopy,
      prices: views.map(({ view }) => view.rows[i].price),
      best_station_id: best[i] === null ? null : HUBS[best[i]!].station_id,
    })),
    unparsed: read.unparsed,
    best_station_id: top?.station_id ?? null,
  }
}
