import {
  appraiseLines,
  combineLines,
  type AppraisalRow,
  resolveItems,
  withoutTextLines,
  type AppraisalLine,
  type Medians,
  type PriceBook,
  type TypeInfo,
} from '../../../schemas/appraisal/appraise.js'
import { APPRAISAL_TEXT, pasteTooLarge, type PriceMode } from '../../../schemas/appraisal/constants.js'
import { parseAppraisalText, type ParsedItem, type UnreadLine } from '../../../schemas/appraisal/parse.js'
import type { AppraiseResponse } from '../../../schemas/appraisals.js'
import { hubByStation, type Hub } from '../../../schemas/market.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { badRequest, HttpError } from '../../../platform/http/errors.js'
import type { PriceStore } from '../../common/price-store.js'
import { lookupName, type NameLookup } from './lookup.js'
import type { PackagedVolumeStore } from './packaged-volumes.js'

/** The paste as text, or structured items (`{name|type_id, qty}`), as POST /api/appraise takes them. */
export type AppraiseSource = { text: string; items?: undefined } | { text?: undefined; items: Array<{ name?: string; type_id?: number; qty: number }> }

export type AppraiseInput = AppraiseSource & {
  station_id: number
  mode: PriceMode
  adjustment?: unknown
  combine: boolean
  with_prices?: boolean
}

/** An appraisal as the server computes it: always with its rows (a save freezes them; the route may leave them out). */
export type Appraised = AppraiseResponse & { rows: AppraisalRow[] }

/** Server time spent per step, for the Server-Timing header and the benchmark. */
export interface AppraiseTimings {
  parse: number
  resolve: number
  price: number
}

export interface AppraiseDeps {
  catalog: Catalog
  prices: PriceStore
  volumes: PackagedVolumeStore
  imageServer: string
  /** 5- and 30-day medians to show beside the live prices (a save looks them up; the live page loads them after the table). */
  medians?: Map<number, Medians>
}

/** Lines read and resolved, before pricing: what every hub prices the same way. */
export interface ReadLines {
  lines: AppraisalLine[]
  unparsed: Array<{ line: number; text: string; reason: string | null }>
  parsedLines: number
}

/** Structured items as parsed lines: a type id or a name, the quantity as given (the schema bounds it). */
const itemsAsParsed = (items: NonNullable<AppraiseSource['items']>): ParsedItem[] =>
  items.map((item, line) =>
    item.type_id !== undefined ? { line, name: String(item.type_id), typeId: item.type_id, qty: item.qty } : { line, name: item.name!, qty: item.qty },
  )

/**
 * Parse (or take the items), resolve against the catalog, drop lines of text that name nothing into `unparsed`.
 * A paste with no item line, or none naming a known type, is a 400 with the page's sentence.
 */
export function readLines(source: AppraiseSource, deps: Pick<AppraiseDeps, 'catalog' | 'volumes'>, timings?: AppraiseTimings): ReadLines {
  let t = performance.now()
  let items: ParsedItem[]
  let unread: UnreadLine[] = []
  let parsedLines: number
  if (source.items) {
    items = itemsAsParsed(source.items)
    parsedLines = items.length
  } else {
    const tooLarge = pasteTooLarge(source.text)
    if (tooLarge) throw badRequest(tooLarge)
    const parsed = parseAppraisalText(source.text)
    items = parsed.items
    unread = parsed.unparsed
    parsedLines = parsed.lineCount
    if (!items.length) throw badRequest(unread.some((u) => u.reason) ? unread.find((u) => u.reason)!.reason! : APPRAISAL_TEXT.noLines)
  }
  if (timings) timings.parse = performance.now() - t

  t = performance.now()
  const seen = new Map<string, NameLookup>()
  const look = (key: string) => {
    let found = seen.get(key)
    if (!found) seen.set(key, (found = lookupName(deps.catalog, key)))
    return found
  }
  const lookup = (key: string): TypeInfo | null => {
    const { type, renamed_from } = look(key)
    return type ? { type_id: type.type_id, name: type.name, volume: deps.volumes.unitVolume(type), renamed_from } : null
  }
  const resolved = resolveItems(items, lookup, (key) => look(key).suggestion)
  const { lines, text } = withoutTextLines(items, resolved)
  if (lines.every((l) => l.type_id === null)) throw badRequest(APPRAISAL_TEXT.noneRecognised)
  if (timings) timings.resolve = performance.now() - t
  const unparsed = [...unread.map((u) => ({ ...u, reason: u.reason ?? null })), ...text.map((u) => ({ ...u, reason: null }))].sort((a, b) => a.line - b.line)
  return { lines, unparsed, parsedLines }
}

/** The hub's and its region's prices of the lines' types, as the pure pricing step takes them. */
export function priceBook(prices: PriceStore, hub: Hub, lines: AppraisalLine[]): PriceBook {
  const typeIds = [...new Set(lines.flatMap((l) => (l.type_id === null ? [] : [l.type_id])))]
  return {
    hub: new Map(prices.stationPrices(hub.station_id, typeIds).map((r) => [r.type_id, r])),
    region: new Map(prices.fallbackPrices(hub.region_id, typeIds).map((r) => [r.type_id, r])),
    noSnapshot: !prices.snapshotOf(hub.station_id),
  }
}

/**
 * The whole appraisal on the server: parse, resolve against the catalog, price from the in-memory hub and region
 * prices. The same pure steps the page runs, so a saved snapshot matches what the player saw at the same prices.
 * Bad pastes are 400s with the page's own sentences.
 */
export function appraiseOnServer(input: AppraiseInput, deps: AppraiseDeps): { result: Appraised; timings: AppraiseTimings; book: PriceBook } {
  const timings: AppraiseTimings = { parse: 0, resolve: 0, price: 0 }
  const hub = hubByStation(input.station_id)!
  const read = readLines(input, deps, timings)

  const t = performance.now()
  const lines = input.combine ? combineLines(read.lines) : read.lines
  const book = { ...priceBook(deps.prices, hub, read.lines), medians: deps.medians }
  const view = appraiseLines(lines, book, input.mode, input.adjustment)
  const snapshot = deps.prices.snapshotOf(hub.station_id)
  const result: Appraised = {
    station_id: hub.station_id,
    hub: hub.label,
    mode: input.mode,
    combine: input.combine,
    prices_at: snapshot ? snapshot.at.toISOString() : null,
    parsed_lines: read.parsedLines,
    rows: view.rows,
    totals: view.totals,
    warnings: view.warnings,
    volume_unknown: view.volumeUnknown,
    unparsed: read.unparsed,
    image_server: deps.imageServer,
  }
  if (input.with_prices) {
    result.lines = read.lines.map(({ blueprintCopy, ...l }) => ({ ...l, bpc: blueprintCopy }))
    result.prices = [...new Set(read.lines.flatMap((l) => (l.type_id === null ? [] : [l.type_id])))].map((id) => {
      const h = book.hub.get(id)
      const r = book.region.get(id)
      return {
        type_id: id,
        hub: h ? { sell_min: h.sell_min, buy_max: h.buy_max, sell_5pct: h.sell_5pct, buy_5pct: h.buy_5pct } : null,
        region: r ? { sell_median: r.sell_median, sell_min: r.sell_min, buy_median: r.buy_median, buy_max: r.buy_max } : null,
      }
    })
  }
  timings.price = performance.now() - t
  return { result, timings, book }
}

/**
 * A save freezes prices for good: before the hub's first market snapshot there are none, and every line would be
 * kept at 0 ISK for ever, so the save is refused until the market data has arrived (503: it is a matter of time).
 */
export function assertFreezable(result: Appraised): void {
  if (result.prices_at === null && result.rows.every((r) => r.price === null)) throw new HttpError(503, APPRAISAL_TEXT.nothingToFreeze)
}
