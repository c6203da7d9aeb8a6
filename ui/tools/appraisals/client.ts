import type { AppraisalLine, Medians, PriceBook } from '../../../schemas/appraisal/appraise'
import { APPRAISAL_TEXT, pasteTooLarge } from '../../../schemas/appraisal/constants'
import type { AppraiseResponse } from '../../../schemas/appraisals'
import { postAppraisalMedians, postAppraise } from '../../../schemas/appraisals-endpoints'
import { ApiError, callApi, type ApiInit } from '../../lib/api'

/**
 * The appraise flow of the page: one call (`POST /api/appraise` with `with_prices` and `rows: false`) reads, resolves
 * and prices the paste on the server and answers the lines with every type's hub and region prices; the page prices
 * the table from them, and a change of mode, adjustment or combining, without fetching again. The 5- and 30-day
 * medians follow in a second call once the table is shown (`POST /api/appraise/medians`).
 */
export interface BrowserAppraisal {
  stationId: number
  /** Lines of the paste. */
  parsedLines: number
  /** Resolved lines, not yet combined. */
  lines: AppraisalLine[]
  book: PriceBook
  /** When the hub's prices were taken, null before the first snapshot. */
  pricesAt: string | null
  /** Lines no parser read, and lines refused with the reason. */
  unparsed: AppraiseResponse['unparsed']
  /** Where item icons come from. */
  imageServer: string
}

/** A failure the page shows as it is: its message is one of the spec's sentences or the server's. */
export class AppraiseError extends Error {}

export async function appraiseInBrowser(text: string, stationId: number, init: ApiInit = {}): Promise<BrowserAppraisal> {
  const tooLarge = pasteTooLarge(text)
  if (tooLarge) throw new AppraiseError(tooLarge)
  let answer: AppraiseResponse
  try {
    // No rows: the page prices the lines itself, and they would be half the answer's bytes for nothing.
    answer = await callApi(postAppraise, { body: { text, station_id: stationId, with_prices: true, combine: false, rows: false } }, init)
  } catch (err) {
    if (init.signal?.aborted) throw err
    // A 400 carries the page's own sentence (nothing to read, nothing recognised, a quantity no stack holds).
    if (err instanceof ApiError && err.status === 400 && err.message && !err.message.startsWith('HTTP ')) throw new AppraiseError(err.message)
    throw new AppraiseError(APPRAISAL_TEXT.appraiseFailed)
  }
  const prices = answer.prices ?? []
  return {
    stationId,
    parsedLines: answer.parsed_lines,
    lines: (answer.lines ?? []).map(({ bpc, ...l }) => ({ ...l, blueprintCopy: bpc })),
    book: {
      hub: new Map(prices.flatMap((p) => (p.hub ? [[p.type_id, p.hub] as const] : []))),
      region: new Map(prices.flatMap((p) => (p.region ? [[p.type_id, p.region] as const] : []))),
      // No snapshot at all (ESI not reached yet) is no data, not 'no orders': the page says so and saves nothing.
      noSnapshot: answer.prices_at === null,
    },
    pricesAt: answer.prices_at,
    unparsed: answer.unparsed,
    imageServer: answer.image_server,
  }
}

/** The medians of the lines' types at the hub; null when the history cannot be read (the page says so). */
export async function loadMedians(appraisal: BrowserAppraisal, init: ApiInit = {}): Promise<Map<number, Medians> | null> {
  const typeIds = [...new Set(appraisal.lines.flatMap((l) => (l.type_id === null || l.blueprintCopy ? [] : [l.type_id])))]
  if (!typeIds.length) return new Map()
  try {
    const { rows } = await callApi(postAppraisalMedians, { body: { station_id: appraisal.stationId, type_ids: typeIds } }, init)
    return new Map(rows.map(({ type_id, ...m }) => [type_id, m]))
  } catch (err) {
    if (init.signal?.aborted) throw err
    return null
  }
}
