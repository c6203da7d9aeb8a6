import { lookupKeys, resolveItems, type AppraisalLine, type PriceBook, type TypeInfo } from '../../../schemas/appraisal/appraise'
import { APPRAISAL_TEXT, pasteTooLarge } from '../../../schemas/appraisal/constants'
import { parseAppraisalText } from '../../../schemas/appraisal/parse'
import type { FallbackPriceRow, StationPriceRow } from '../../../schemas/market'
import type { ResolveResponse } from '../../../schemas/types'
import { HUBS } from '../../../schemas/hubs'
import { apiGet, apiPost, type ApiInit } from '../../lib/api'

/**
 * The appraise flow of the page, over the public endpoints the spec names: resolve the names
 * (`POST /api/types/resolve`), price at the hub (`GET /api/prices/station`), fall back to region-wide prices
 * (`GET /api/prices/fallback`), plus the packaged volumes of ships (`GET /api/packaged-volumes`). The result keeps
 * every price, so a change of mode or adjustment is recomputed in the browser without fetching again.
 */
export interface BrowserAppraisal {
  stationId: number
  parsedLines: number
  /** Resolved lines, not yet combined. */
  lines: AppraisalLine[]
  book: PriceBook
  /** When the hub's prices were taken (the newest `last_updated` seen, else the snapshot's time), null before the first snapshot. */
  pricesAt: string | null
  /** Set when the packaged volumes could not be loaded (ship volumes are then unknown). */
  volumesNote: string | null
}

/** A failure the page shows as it is: its message is one of the spec's sentences. */
export class AppraiseError extends Error {}

/** The resolver's per-request limit, and the price API's. */
const RESOLVE_CHUNK = 20_000
const PRICE_CHUNK = 1000
const PARALLEL = 4

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Run `work` over the chunks, a few at a time, keeping their order. */
async function inParallel<T, R>(parts: T[], work: (part: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(parts.length)
  let next = 0
  const worker = async () => {
    while (next < parts.length) {
      const i = next++
      results[i] = await work(parts[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, parts.length) }, worker))
  return results
}

const query = (ids: number[]) => ids.join(',')

export async function appraiseInBrowser(text: string, stationId: number, init: ApiInit = {}): Promise<BrowserAppraisal> {
  const tooLarge = pasteTooLarge(text)
  if (tooLarge) throw new AppraiseError(tooLarge)
  const { items } = parseAppraisalText(text)
  if (!items.length) throw new AppraiseError(APPRAISAL_TEXT.noLines)
  const hub = HUBS.find((h) => h.station_id === stationId)!

  let resolved: ResolveResponse['results']
  try {
    resolved = (await inParallel(chunks(lookupKeys(items), RESOLVE_CHUNK), (names) => apiPost<ResolveResponse>('/api/types/resolve', { names }, init))).flatMap(
      (r) => r.results,
    )
  } catch (err) {
    if (init.signal?.aborted) throw err
    throw new AppraiseError(APPRAISAL_TEXT.resolverFailed)
  }
  const byKey = new Map(resolved.filter((r) => r.type_id !== null).map((r) => [r.name, r]))
  const typeIds = [...new Set([...byKey.values()].map((r) => r.type_id!))]
  if (!typeIds.length) throw new AppraiseError(APPRAISAL_TEXT.noneRecognised)

  let hubRows: StationPriceRow[]
  let snapshotAt: string | null
  try {
    const answers = await inParallel(chunks(typeIds, PRICE_CHUNK), (ids) =>
      apiGet<{ rows: StationPriceRow[]; snapshot_at: string | null }>(`/api/prices/station?station_id=${stationId}&type_ids=${query(ids)}`, init),
    )
    hubRows = answers.flatMap((r) => r.rows)
    snapshotAt = answers.find((r) => r.snapshot_at)?.snapshot_at ?? null
  } catch (err) {
    if (init.signal?.aborted) throw err
    throw new AppraiseError(APPRAISAL_TEXT.priceApiFailed)
  }
  const hubPrices = new Map(hubRows.map((r) => [r.type_id, r]))

  // Region-wide prices for types missing a side at the hub; when that call fails, those lines stay unpriced.
  const missing = typeIds.filter((id) => {
    const r = hubPrices.get(id)
    return !r || !(r.sell_min || r.sell_5pct) || !(r.buy_max || r.buy_5pct)
  })
  const regionRows = await inParallel(chunks(missing, PRICE_CHUNK), (ids) =>
    apiGet<{ rows: FallbackPriceRow[] }>(`/api/prices/fallback?region_id=${hub.region_id}&type_ids=${query(ids)}`, init),
  )
    .then((r) => r.flatMap((x) => x.rows))
    .catch(() => [] as FallbackPriceRow[])

  let volumesNote: string | null = null
  const packaged = await inParallel(chunks(typeIds, PRICE_CHUNK), (ids) =>
    apiGet<{ rows: Array<{ type_id: number; packaged_volume: number | null }> }>(`/api/packaged-volumes?type_ids=${query(ids)}`, init),
  )
    .then((r) => new Map(r.flatMap((x) => x.rows).map((row) => [row.type_id, row.packaged_volume])))
    .catch(() => {
      volumesNote = 'Packaged volumes could not be loaded: ship volumes show as listed (assembled).'
      return new Map<number, number | null>()
    })

  const lookup = (key: string): TypeInfo | null => {
    const r = byKey.get(key)
    if (!r) return null
    return { type_id: r.type_id!, name: r.canonicalName ?? r.name, volume: packaged.has(r.type_id!) ? packaged.get(r.type_id!)! : r.m3 }
  }
  return {
    stationId,
    parsedLines: items.length,
    lines: resolveItems(items, lookup),
    // No snapshot at all (ESI not reached yet) is no data, not 'no orders': the page says so and saves nothing.
    book: {
      hub: hubPrices,
      region: new Map(regionRows.map((r) => [r.type_id, r])),
      noSnapshot: snapshotAt === null && hubRows.length === 0 && regionRows.length === 0,
    },
    pricesAt: hubRows.reduce<string | null>((latest, r) => (!latest || r.last_updated > latest ? r.last_updated : latest), null) ?? snapshotAt,
    volumesNote,
  }
}
