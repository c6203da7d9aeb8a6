import type { AppraisalRow, AppraisalTotals } from './appraise.js'
import { LINE_STATUSES, PRICE_SOURCES, type LineStatus, type PriceSource } from './constants.js'

/**
 * A saved appraisal as the read-only page shows it. Rows and totals may arrive as JSON strings (older stores
 * kept them as text) and are parsed; a row without a status gets the one the spec derives.
 */
export interface SavedAppraisalView {
  id: string
  station_id: number
  created_at: string
  mode: string
  input_raw: string
  totals: AppraisalTotals
  rows: AppraisalRow[]
  /** When the hub prices it was computed from were taken (null when unknown). */
  prices_at: string | null
  warnings: string[]
  /** Recognised lines whose packaged volume was unknown when saved. */
  volume_unknown: number
  /** Whether identical items were merged (older snapshots lack it: the default, true). */
  combine: boolean
  /** Lines not read when it was saved (older snapshots: none kept). */
  unparsed: Array<{ line: number; text: string; reason: string | null }>
  /** The game's image server the icons came from when saved (null: older snapshot, no icons). */
  image_server: string | null
}

/** Spec: no type id is invalid; no or non-positive price is unpriced; otherwise ok. */
export function deriveStatus(row: { type_id?: unknown; price?: unknown }): LineStatus {
  if (typeof row.type_id !== 'number') return 'invalid'
  if (typeof row.price !== 'number' || !(row.price > 0)) return 'unpriced'
  return 'ok'
}

const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null

function readRow(raw: unknown): AppraisalRow {
  const r = (raw ?? {}) as Record<string, unknown>
  const typeId = num(r.type_id)
  const price = num(r.price)
  const status = LINE_STATUSES.includes(r.status as LineStatus)
    ? (r.status as LineStatus)
    : deriveStatus({ type_id: typeId ?? undefined, price: price ?? undefined })
  const name = typeof r.name === 'string' ? r.name : String(r.name ?? '')
  // Older snapshots marked a copy only by a name suffix.
  const oldCopy = r.bpc === undefined && / \(Copy\)$/.test(name)
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null)
  return {
    type_id: typeId,
    name: oldCopy ? name.slice(0, -' (Copy)'.length) : name,
    qty: num(r.qty) ?? 0,
    m3: num(r.m3),
    price,
    lineISK: num(r.lineISK),
    source: PRICE_SOURCES.includes(r.source as PriceSource) ? (r.source as PriceSource) : 'n/a',
    status,
    bpc: r.bpc === true || oldCopy,
    runs: num(r.runs),
    renamed_from: text(r.renamed_from),
    suggestion: text(r.suggestion),
    isk_per_m3: num(r.isk_per_m3),
    median_5d: num(r.median_5d),
    median_30d: num(r.median_30d),
  }
}

function readTotals(raw: unknown): AppraisalTotals {
  const t = (raw ?? {}) as Record<string, unknown>
  return {
    volume: num(t.volume) ?? 0,
    sell: num(t.sell) ?? 0,
    buy: num(t.buy) ?? 0,
    split: num(t.split) ?? 0,
    itemCount: num(t.itemCount) ?? 0,
    adjusted: num(t.adjusted) ?? 0,
    adjustmentPct: num(t.adjustmentPct) ?? 100,
    iskPerM3: num(t.iskPerM3),
    median5d: num(t.median5d),
    median30d: num(t.median30d),
  }
}

/** Throws when the answer is not a saved appraisal at all (the page then says 'Failed to load'). */
export function readSavedAppraisal(raw: unknown): SavedAppraisalView {
  const a = (raw ?? {}) as Record<string, unknown>
  if (typeof a.id !== 'string') throw new Error('not a saved appraisal')
  const rows = parsedJson(a.rows)
  if (!Array.isArray(rows)) throw new Error('rows are not a list')
  const warnings = parsedJson(a.warnings ?? [])
  return {
    id: a.id,
    station_id: num(a.station_id) ?? 0,
    created_at: String(a.created_at ?? ''),
    mode: String(a.mode ?? ''),
    input_raw: typeof a.input_raw === 'string' ? a.input_raw : '',
    totals: readTotals(parsedJson(a.totals)),
    rows: rows.map(readRow),
    prices_at: typeof a.prices_at === 'string' ? a.prices_at : null,
    warnings: Array.isArray(warnings) ? warnings.map(String) : [],
    volume_unknown: num(a.volume_unknown) ?? 0,
    combine: a.combine !== false,
    unparsed: Array.isArray(a.unparsed)
      ? (a.unparsed as Array<Record<string, unknown>>).map((u) => ({
          line: num(u.line) ?? 0,
          text: String(u.text ?? ''),
          reason: typeof u.reason === 'string' ? u.reason : null,
        }))
      : [],
    image_server: typeof a.image_server === 'string' ? a.image_server : null,
  }
}
