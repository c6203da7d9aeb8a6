import crypto from 'node:crypto'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import type { SavedAppraisal } from '../../../schemas/appraisals.js'
import type { Appraised } from './appraise.js'

/** 96 random bits as 16 URL-safe characters: not sequential, not guessable. */
export const newAppraisalId = () => crypto.randomBytes(12).toString('base64url')

/** Store a snapshot (table from migration `*_appraisals_snapshots.sql`) and return it as it will be read back. */
export async function insertAppraisal(ch: ClickHouseClient, input_raw: string, appraisal: Appraised, now = new Date()): Promise<SavedAppraisal> {
  const { parsed_lines: _parsed, lines: _lines, prices: _prices, ...snapshot } = appraisal
  const saved: SavedAppraisal = { id: newAppraisalId(), created_at: now.toISOString(), input_raw, ...snapshot }
  await ch.insert({
    table: 'appraisals',
    format: 'JSONEachRow',
    values: [
      {
        id: saved.id,
        created_at: saved.created_at,
        station_id: saved.station_id,
        mode: saved.mode,
        adjustment: saved.totals.adjustmentPct,
        combine: saved.combine,
        prices_at: saved.prices_at,
        input_raw,
        rows: JSON.stringify(saved.rows),
        totals: JSON.stringify({ ...saved.totals, volume_unknown: saved.volume_unknown }),
        warnings: JSON.stringify(saved.warnings),
        shown: JSON.stringify({ unparsed: saved.unparsed, image_server: saved.image_server }),
      },
    ],
  })
  return saved
}

interface StoredRow {
  id: string
  created_ms: string
  station_id: number
  mode: string
  combine: boolean
  prices_ms: string | null
  input_raw: string
  rows: string
  totals: string
  warnings: string
  shown: string
}

/** A saved snapshot by id, or null. Rows, totals and warnings are stored as JSON text and parsed here. */
export async function getAppraisal(ch: ClickHouseClient, id: string, hubLabel: (stationId: number) => string): Promise<SavedAppraisal | null> {
  const [row] = await queryRows<StoredRow>(
    ch,
    `SELECT id, toUnixTimestamp64Milli(created_at) AS created_ms, station_id, mode, combine,
            if(isNull(prices_at), NULL, toString(toUnixTimestamp64Milli(assumeNotNull(prices_at)))) AS prices_ms,
            input_raw, rows, totals, warnings, shown
     FROM appraisals WHERE id = {id:String} LIMIT 1`,
    { id },
  )
  if (!row) return null
  // Snapshots saved before the unread lines and icons were kept: none of either.
  const shown = JSON.parse(row.shown || '{}') as Partial<Pick<SavedAppraisal, 'unparsed' | 'image_server'>>
  const { volume_unknown = 0, ...totals } = JSON.parse(row.totals) as SavedAppraisal['totals'] & { volume_unknown?: number }
  return {
    id: row.id,
    created_at: new Date(Number(row.created_ms)).toISOString(),
    station_id: row.station_id,
    hub: hubLabel(row.station_id),
    mode: row.mode as SavedAppraisal['mode'],
    combine: Boolean(row.combine),
    prices_at: row.prices_ms === null ? null : new Date(Number(row.prices_ms)).toISOString(),
    input_raw: row.input_raw,
    rows: JSON.parse(row.rows),
    totals,
    warnings: JSON.parse(row.warnings),
    volume_unknown,
    unparsed: shown.unparsed ?? [],
    image_server: shown.image_server ?? '',
  }
}
