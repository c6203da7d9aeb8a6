import {
  invalidItemsWarning,
  noHubOrdersWarning,
  noPriceDataWarning,
  sanitizeAdjustment,
  type LineStatus,
  type PriceMode,
  type PriceSource,
} from './constants.js'
import type { ParsedItem, Reading } from './parse.js'

/**
 * From parsed lines to priced rows and totals. Pure: the page runs it on what the public endpoints return (so a
 * change of price mode or adjustment recomputes without fetching), the server on its in-memory catalog and prices
 * (so a saved snapshot is computed by us, never taken from the client). Pricing rules: docs/tools/appraisals.md.
 */

/** A type as the appraisal needs it; `volume` is the unit volume in m³ (packaged where the game repackages), null when unknown. */
export interface TypeInfo {
  type_id: number
  name: string
  volume: number | null
  /** The name as pasted when the type has been renamed since (the row shows the current name). */
  renamed_from?: string | null
}

/** Looks a name or a numeric type id up; the resolver's rules (case, odd spaces and dashes folded). */
export type TypeLookup = (key: string) => TypeInfo | null | undefined
/** "Did you mean …" for a name no type has, or null. */
export type Suggest = (key: string) => string | null

/** The resolver takes names of up to 300 characters; longer lines cannot name a type. */
export const MAX_NAME_LENGTH = 300

export interface HubPrice {
  sell_min: number | null
  buy_max: number | null
  sell_5pct: number | null
  buy_5pct: number | null
}

export interface RegionPrice {
  sell_median: number | null
  sell_min: number | null
  buy_median: number | null
  buy_max: number | null
}

/** Prices known for the appraisal: the hub's own, and region-wide fallbacks. */
export interface PriceBook {
  hub: Map<number, HubPrice>
  region: Map<number, RegionPrice>
  /**
   * True before the hub region's first market snapshot (ESI not reached yet, or a fresh start): then no line can
   * have a price for want of data, which says nothing about the item's orders.
   */
  noSnapshot?: boolean
  /** 5- and 30-day medians of the hub's daily closing 5% prices, when known. */
  medians?: Map<number, Medians>
}

/**
 * Medians of a type's daily closing 5% prices at the hub over the last 5 and 30 days, from the product's own daily
 * history (null: no such day had orders on that side). A median resists a day of manipulated orders.
 */
export interface Medians {
  sell_5d: number | null
  sell_30d: number | null
  buy_5d: number | null
  buy_30d: number | null
}

/** A line after name resolution, before pricing. */
export interface AppraisalLine {
  type_id: number | null
  name: string
  qty: number
  /** m³ of one unit; null when the type is unknown or its packaged volume is. */
  unit_m3: number | null
  blueprintCopy: boolean
  /** Runs left on a blueprint copy, when the paste showed them. */
  runs: number | null
  /** The name as pasted, when the type has been renamed since. */
  renamed_from: string | null
  /** "Did you mean …" for an invalid line. */
  suggestion: string | null
}

export interface AppraisalRow {
  type_id: number | null
  name: string
  qty: number
  /** m³ of the whole line (packaged), null when unknown. */
  m3: number | null
  /** Unit price in ISK, null when there is none. */
  price: number | null
  /** qty × price, null when there is no price (never a silent zero). */
  lineISK: number | null
  source: PriceSource
  status: LineStatus
  /** A blueprint copy: no market price (never the original's), shown with its runs. */
  bpc: boolean
  runs: number | null
  /** The name as pasted when the type was renamed since; `name` is the current one. */
  renamed_from: string | null
  /** "Did you mean …" for an invalid line; never substituted silently. */
  suggestion: string | null
  /** ISK per m³ of the line (unit price / unit volume), null when either is unknown or zero. */
  isk_per_m3: number | null
  /** The mode's side as a 5- and 30-day median of daily closes, unit price; null when unknown. */
  median_5d: number | null
  median_30d: number | null
}

export interface AppraisalTotals {
  volume: number
  sell: number
  buy: number
  split: number
  /** Units of every recognised line. */
  itemCount: number
  /** The mode's total × adjustmentPct / 100. */
  adjusted: number
  adjustmentPct: number
  /** The mode's total per m³ of the recognised volume; null when the volume is 0. */
  iskPerM3: number | null
  /** The mode's side at the 5- and 30-day medians over the lines that have one; null when none has. */
  median5d: number | null
  median30d: number | null
}

export interface AppraisalView {
  rows: AppraisalRow[]
  totals: AppraisalTotals
  warnings: string[]
  /** Recognised lines whose volume is unknown (a ship whose packaged volume has not been fetched yet). */
  volumeUnknown: number
  /** No market snapshot to price from: the ISK totals are not values, and unpriced lines lack data, not orders. */
  noPriceData: boolean
}

const readingsOf = (item: ParsedItem): Reading[] => [item, ...(item.alternatives ?? [])]
const keysOf = (r: Reading): string[] => (r.typeId !== undefined ? [String(r.typeId), r.name] : [r.name]).filter((k) => k && k.length <= MAX_NAME_LENGTH)

/** Every name or id the lines may need looked up, once each (what the page sends to `/api/types/resolve`). */
export function lookupKeys(items: ParsedItem[]): string[] {
  const keys = new Set<string>()
  for (const item of items) for (const r of readingsOf(item)) for (const k of keysOf(r)) keys.add(k)
  return [...keys]
}

/**
 * The first reading of each line that names a type wins; a line none of whose readings does is invalid, with the
 * "did you mean" of its main reading when `suggest` has one.
 */
export function resolveItems(items: ParsedItem[], lookup: TypeLookup, suggest: Suggest = () => null): AppraisalLine[] {
  return items.map((item) => {
    const blueprintCopy = !!item.blueprintCopy
    const runs = item.runs ?? null
    for (const r of readingsOf(item)) {
      for (const key of keysOf(r)) {
        const t = lookup(key)
        if (t)
          return {
            type_id: t.type_id,
            name: t.name,
            qty: r.qty,
            unit_m3: t.volume,
            blueprintCopy,
            runs,
            renamed_from: t.renamed_from ?? null,
            suggestion: null,
          }
      }
    }
    const suggestion = item.name.length <= MAX_NAME_LENGTH ? suggest(item.name) : null
    return { type_id: null, name: item.name, qty: item.qty, unit_m3: null, blueprintCopy, runs, renamed_from: null, suggestion }
  })
}

/**
 * Lines that are no item: a name alone (no quantity, no columns) that names no type and suggests none is a line of
 * text (a title, a remark), listed as unread rather than made an Invalid row. `lines` are `resolveItems(items)`.
 */
export function withoutTextLines(items: ParsedItem[], lines: AppraisalLine[]): { lines: AppraisalLine[]; text: Array<{ line: number; text: string }> } {
  const kept: AppraisalLine[] = []
  const text: Array<{ line: number; text: string }> = []
  lines.forEach((line, i) => {
    const item = items[i]
    if (line.type_id === null && item.bare && !line.suggestion) text.push({ line: item.line, text: item.name })
    else kept.push(line)
  })
  return { lines: kept, text }
}

/** 'Combine identical items': one line per type id (copies apart from originals), or per lowercase name when invalid. */
export function combineLines(lines: AppraisalLine[]): AppraisalLine[] {
  const merged = new Map<string, AppraisalLine>()
  for (const line of lines) {
    // Copies apart from originals, and copies of different runs apart from each other.
    const key = line.type_id !== null ? `${line.type_id}${line.blueprintCopy ? `:copy:${line.runs ?? ''}` : ''}` : `name:${line.name.toLowerCase()}`
    const seen = merged.get(key)
    if (seen) seen.qty += line.qty
    else merged.set(key, { ...line })
  }
  return [...merged.values()]
}

type Side = 'sell' | 'buy'
type Depth = 'top5' | 'best'
interface Quote {
  price: number
  source: PriceSource
  atHub: boolean
}

/** A price of zero or less is no price. */
const positive = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null)

/** The hub's price on one side: the 5% average or the best order, each falling back to the other. */
function hubQuote(hub: HubPrice | undefined, side: Side, depth: Depth): Quote | null {
  if (!hub) return null
  const top5 = { price: positive(side === 'sell' ? hub.sell_5pct : hub.buy_5pct), source: (side === 'sell' ? 'sell5' : 'buy5') as PriceSource }
  const best = { price: positive(side === 'sell' ? hub.sell_min : hub.buy_max), source: side as PriceSource }
  const pick = [depth === 'top5' ? top5 : best, depth === 'top5' ? best : top5].find((q) => q.price !== null)
  return pick ? { price: pick.price!, source: pick.source, atHub: true } : null
}

/** The region-wide fallback on one side: the median for 5% modes, the best order otherwise, each falling back to the other. */
function regionQuote(region: RegionPrice | undefined, side: Side, depth: Depth): Quote | null {
  if (!region) return null
  const median = positive(side === 'sell' ? region.sell_median : region.buy_median)
  const best = positive(side === 'sell' ? region.sell_min : region.buy_max)
  const price = depth === 'top5' ? (median ?? best) : (best ?? median)
  return price === null ? null : { price, source: side === 'sell' ? 'fw-sell' : 'fw-buy', atHub: false }
}

function midpoint(a: Quote | null, b: Quote | null, atHub: boolean): Quote | null {
  if (a && b) return { price: (a.price + b.price) / 2, source: 'split', atHub }
  return a ?? b
}

/** A line's unit price in a mode: the hub first, then the region-wide fallback; copies and unknown types get none. */
export function quote(line: AppraisalLine, book: PriceBook, mode: PriceMode): Quote | null {
  if (line.type_id === null || line.blueprintCopy) return null
  const hub = book.hub.get(line.type_id)
  const region = book.region.get(line.type_id)
  switch (mode) {
    case 'sell5':
    case 'sell':
    case 'buy5':
    case 'buy': {
      const side: Side = mode.startsWith('sell') ? 'sell' : 'buy'
      const depth: Depth = mode.endsWith('5') ? 'top5' : 'best'
      return hubQuote(hub, side, depth) ?? regionQuote(region, side, depth)
    }
    case 'split':
      return splitQuote(line, book, 'top5')
  }
}

/**
 * The midpoint of sell and buy at a depth: 5% averages for the split mode, best orders for the Split total beside
 * best-order Sell and Buy totals. One side at the hub is still a hub price (labelled as that side); the region is
 * asked only when the hub has none.
 */
function splitQuote(line: AppraisalLine, book: PriceBook, depth: Depth): Quote | null {
  if (line.type_id === null || line.blueprintCopy) return null
  const hub = book.hub.get(line.type_id)
  const region = book.region.get(line.type_id)
  return (
    midpoint(hubQuote(hub, 'sell', depth), hubQuote(hub, 'buy', depth), true) ??
    midpoint(regionQuote(region, 'sell', depth), regionQuote(region, 'buy', depth), false)
  )
}

export const roundIsk = (n: number) => Math.round(n * 100) / 100
export const roundVolume = (n: number) => Math.round(n * 1000) / 1000

/**
 * The modes whose totals go with a mode: best-order modes total best orders, the others 5% averages; the Split
 * total is the midpoint at the same depth, so it lies between the Sell and Buy totals shown beside it.
 */
function totalModes(mode: PriceMode): { sell: PriceMode; buy: PriceMode; splitDepth: Depth } {
  return mode === 'sell' || mode === 'buy' ? { sell: 'sell', buy: 'buy', splitDepth: 'best' } : { sell: 'sell5', buy: 'buy5', splitDepth: 'top5' }
}

/** Rows, totals and warnings for lines at a price mode and adjustment. Cheap: run again when either changes. */
export function appraiseLines(lines: AppraisalLine[], book: PriceBook, mode: PriceMode, adjustment: unknown): AppraisalView {
  const adjustmentPct = sanitizeAdjustment(adjustment)
  const modes = totalModes(mode)
  let volume = 0
  let itemCount = 0
  let volumeUnknown = 0
  let invalid = 0
  let noHubOrders = 0
  const sums = { sell: 0, buy: 0, split: 0 }
  const medianSums = { d5: 0, d30: 0, n5: 0, n30: 0 }
  const side: Side = mode === 'buy' || mode === 'buy5' ? 'buy' : 'sell'
  const rows: AppraisalRow[] = lines.map((line) => {
    const q = quote(line, book, mode)
    const m3 = line.unit_m3 === null ? null : roundVolume(line.unit_m3 * line.qty)
    if (line.type_id === null) invalid++
    else {
      itemCount += line.qty
      if (m3 === null) volumeUnknown++
      else volume += line.unit_m3! * line.qty
      // A copy has no market at all: it is shown as a copy, not counted as an item without orders.
      if (!q?.atHub && !line.blueprintCopy) noHubOrders++
      sums.sell += line.qty * (quote(line, book, modes.sell)?.price ?? 0)
      sums.buy += line.qty * (quote(line, book, modes.buy)?.price ?? 0)
      sums.split += line.qty * (splitQuote(line, book, modes.splitDepth)?.price ?? 0)
    }
    const status: LineStatus = line.type_id === null ? 'invalid' : q ? 'ok' : 'unpriced'
    const median = line.type_id === null || line.blueprintCopy ? null : book.medians?.get(line.type_id)
    const median5 = median ? medianOf(median, side, '5d', mode) : null
    const median30 = median ? medianOf(median, side, '30d', mode) : null
    if (median5 !== null) {
      medianSums.d5 += median5 * line.qty
      medianSums.n5++
    }
    if (median30 !== null) {
      medianSums.d30 += median30 * line.qty
      medianSums.n30++
    }
    return {
      type_id: line.type_id,
      name: line.name,
      qty: line.qty,
      m3,
      price: q?.price ?? null,
      lineISK: q ? roundIsk(q.price * line.qty) : null,
      source: q?.source ?? 'n/a',
      status,
      bpc: line.blueprintCopy,
      runs: line.runs,
      renamed_from: line.renamed_from,
      suggestion: line.suggestion,
      isk_per_m3: q && line.unit_m3 ? roundIsk(q.price / line.unit_m3) : null,
      median_5d: median5,
      median_30d: median30,
    }
  })
  const modeTotal = mode === 'split' ? sums.split : mode.startsWith('sell') ? sums.sell : sums.buy
  const warnings: string[] = []
  if (invalid) warnings.push(invalidItemsWarning(invalid))
  const noPriceData = !!book.noSnapshot
  if (noPriceData) warnings.push(noPriceDataWarning)
  else if (noHubOrders) warnings.push(noHubOrdersWarning(noHubOrders))
  return {
    rows,
    totals: {
      volume: roundVolume(volume),
      sell: roundIsk(sums.sell),
      buy: roundIsk(sums.buy),
      split: roundIsk(sums.split),
      itemCount,
      adjusted: roundIsk((modeTotal * adjustmentPct) / 100),
      adjustmentPct,
      iskPerM3: volume > 0 ? roundIsk(modeTotal / volume) : null,
      median5d: medianSums.n5 ? roundIsk(medianSums.d5) : null,
      median30d: medianSums.n30 ? roundIsk(medianSums.d30) : null,
    },
    warnings,
    volumeUnknown,
    noPriceData,
  }
}

/** A median on the mode's side; the split mode takes the midpoint when both sides have one. */
function medianOf(m: Medians, side: Side, span: '5d' | '30d', mode: PriceMode): number | null {
  if (mode === 'split') {
    const sell = m[`sell_${span}`]
    const buy = m[`buy_${span}`]
    return sell !== null && buy !== null ? (sell + buy) / 2 : null
  }
  return m[`${side}_${span}`]
}

/** The spec's warnings joined by semicolons, as one sentence: only its first word keeps a capital. */
export const warningText = (warnings: string[]) => warnings.map((w, i) => (i === 0 ? w : w.charAt(0).toLowerCase() + w.slice(1))).join('; ')
