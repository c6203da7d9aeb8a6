import { appraiseLines, combineLines, resolveItems, type TypeInfo } from '../../../schemas/appraisal/appraise.js'
import { APPRAISAL_TEXT, pasteTooLarge, type PriceMode } from '../../../schemas/appraisal/constants.js'
import { parseAppraisalText } from '../../../schemas/appraisal/parse.js'
import type { AppraiseResponse } from '../../../schemas/appraisals.js'
import { hubByStation } from '../../../schemas/market.js'
import type { Catalog } from '../../../platform/catalog/catalog.js'
import { badRequest, HttpError } from '../../../platform/http/errors.js'
import type { PriceStore } from '../../common/price-store.js'
import type { PackagedVolumeStore } from './packaged-volumes.js'

export interface AppraiseInput {
  text: string
  station_id: number
  mode: PriceMode
  adjustment?: unknown
  combine: boolean
}

/** Server time spent per step, for the Server-Timing header and the benchmark. */
export interface AppraiseTimings {
  parse: number
  resolve: number
  price: number
}

/**
 * The whole appraisal on the server: parse, resolve against the catalog, price from the in-memory hub and region
 * prices. The same pure steps the page runs, so a saved snapshot matches what the player saw at the same prices.
 * Bad pastes are 400s with the page's own sentences.
 */
export function appraiseOnServer(
  input: AppraiseInput,
  deps: { catalog: Catalog; prices: PriceStore; volumes: PackagedVolumeStore },
): { result: AppraiseResponse; timings: AppraiseTimings } {
  const tooLarge = pasteTooLarge(input.text)
  if (tooLarge) throw badRequest(tooLarge)
  const hub = hubByStation(input.station_id)!

  let t = performance.now()
  const parsed = parseAppraisalText(input.text)
  if (!parsed.items.length) throw badRequest(APPRAISAL_TEXT.noLines)
  const parse = performance.now() - t

  t = performance.now()
  const seen = new Map<string, TypeInfo | null>()
  const lookup = (key: string) => {
    if (seen.has(key)) return seen.get(key)
    const row = deps.catalog.resolve(key)
    const info = row ? { type_id: row.type_id, name: row.name, volume: deps.volumes.unitVolume(row) } : null
    seen.set(key, info)
    return info
  }
  const resolved = resolveItems(parsed.items, lookup)
  if (resolved.every((l) => l.type_id === null)) throw badRequest(APPRAISAL_TEXT.noneRecognised)
  const lines = input.combine ? combineLines(resolved) : resolved
  const resolve = performance.now() - t

  t = performance.now()
  const snapshot = deps.prices.snapshotOf(hub.station_id)
  const typeIds = [...new Set(lines.flatMap((l) => (l.type_id === null ? [] : [l.type_id])))]
  const book = {
    hub: new Map(deps.prices.stationPrices(hub.station_id, typeIds).map((r) => [r.type_id, r])),
    region: new Map(deps.prices.fallbackPrices(hub.region_id, typeIds).map((r) => [r.type_id, r])),
    noSnapshot: !snapshot,
  }
  const view = appraiseLines(lines, book, input.mode, input.adjustment)
  const price = performance.now() - t

  return {
    result: {
      station_id: hub.station_id,
      hub: hub.label,
      mode: input.mode,
      combine: input.combine,
      prices_at: snapshot ? snapshot.at.toISOString() : null,
      parsed_lines: parsed.items.length,
      rows: view.rows,
      totals: view.totals,
      warnings: view.warnings,
      volume_unknown: view.volumeUnknown,
    },
    timings: { parse, resolve, price },
  }
}

/**
 * A save freezes prices for good: before the hub's first market snapshot there are none, and every line would be
 * kept at 0 ISK for ever, so the save is refused until the market data has arrived (503: it is a matter of time).
 */
export function assertFreezable(result: AppraiseResponse): void {
  if (result.prices_at === null && result.rows.every((r) => r.price === null)) throw new HttpError(503, APPRAISAL_TEXT.nothingToFreeze)
}
