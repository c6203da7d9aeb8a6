/**
 * The appraisal tool's fixed words and numbers (spec part 2: Appraisal), shared by the page and the server.
 * Plain data, no zod: the page imports it.
 */

export const PRICE_MODES = ['sell5', 'buy5', 'sell', 'buy', 'split'] as const
export type PriceMode = (typeof PRICE_MODES)[number]
export const DEFAULT_PRICE_MODE: PriceMode = 'sell5'

export const PRICE_MODE_LABELS: Record<PriceMode, string> = {
  sell5: 'Sell, bottom 5% average',
  buy5: 'Buy, top 5% average',
  sell: 'Sell, lowest order',
  buy: 'Buy, highest order',
  split: 'Split (midpoint of 5% sell and buy)',
}

/** Where a line's unit price came from: a hub price, a region-wide fallback, or nothing. */
export const PRICE_SOURCES = ['sell5', 'sell', 'buy5', 'buy', 'split', 'fw-sell', 'fw-buy', 'n/a'] as const
export type PriceSource = (typeof PRICE_SOURCES)[number]

export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  sell5: 'Hub sell, bottom 5% average',
  sell: 'Hub lowest sell order',
  buy5: 'Hub buy, top 5% average',
  buy: 'Hub highest buy order',
  split: 'Midpoint of sell and buy',
  'fw-sell': 'Region-wide sell (fallback: no orders at the hub)',
  'fw-buy': 'Region-wide buy (fallback: no orders at the hub)',
  'n/a': 'No price',
}

export const LINE_STATUSES = ['ok', 'unpriced', 'invalid'] as const
export type LineStatus = (typeof LINE_STATUSES)[number]
export const STATUS_TEXT: Record<LineStatus, string> = { ok: 'OK', unpriced: 'No orders found', invalid: 'Invalid' }
/** An unpriced line's text when there was no market snapshot at all: no data, which says nothing about orders. */
export const NO_PRICE_DATA_TEXT = 'No price data'

/** The 'Adjust' percentage applied to the total: 0-200, default 100; anything non-numeric is 100. */
export const ADJUSTMENT = { min: 0, max: 200, default: 100 } as const

export function sanitizeAdjustment(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : Number.NaN
  if (!Number.isFinite(n)) return ADJUSTMENT.default
  return Math.min(ADJUSTMENT.max, Math.max(ADJUSTMENT.min, n))
}

/** The largest paste appraised at once: 1 MiB of UTF-8 text and 20,000 lines. */
export const APPRAISAL_LIMITS = { maxBytes: 1_048_576, maxLines: 20_000 } as const

export const APPRAISAL_TEXT = {
  noLines: "Paste items like 'Tritanium 100000' (one per line).",
  noneRecognised: 'No recognizable item names or type IDs.',
  resolverFailed: 'Type resolver failed',
  priceApiFailed: 'Price API failed',
  appraiseFailed: 'Appraise failed',
  saveFailed: 'Save failed',
  nothingToFreeze: 'Prices are not available yet, so there is nothing to freeze: try again once the market data has arrived',
  notFound: 'Not found',
  loadFailed: 'Failed to load',
  tooManyLines: (lines: number) =>
    `The paste has ${lines.toLocaleString('en-US')} lines; at most ${APPRAISAL_LIMITS.maxLines.toLocaleString('en-US')} lines are appraised at once.`,
  tooManyBytes: (bytes: number) => `The paste is ${(bytes / 1_048_576).toFixed(2)} MB; at most 1 MB of text is appraised at once.`,
} as const

export const invalidItemsWarning = (n: number) => `${n} invalid item(s)`
export const noHubOrdersWarning = (n: number) => `${n} item(s) have no active orders at this hub`
/** Instead of the no-orders warning when the hub's region has no market snapshot yet (ESI not reached, or a fresh start). */
export const noPriceDataWarning = 'Prices are unavailable: no market snapshot has been taken yet (the market data from ESI has not arrived)'

/** How long 'Copied!' shows after copying the share link (spec: 1.5 s). */
export const COPY_CONFIRM_MS = 1500

/** Saved appraisal ids: 16 characters of URL-safe base64 (96 random bits). */
export const APPRAISAL_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/

/** UTF-8 size of a text without allocating it (the browser and the server count the same). */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** The paste-size rule, or null when the text is within the limits. */
export function pasteTooLarge(text: string): string | null {
  const bytes = utf8Bytes(text)
  if (bytes > APPRAISAL_LIMITS.maxBytes) return APPRAISAL_TEXT.tooManyBytes(bytes)
  const lines = countLines(text)
  if (lines > APPRAISAL_LIMITS.maxLines) return APPRAISAL_TEXT.tooManyLines(lines)
  return null
}

/** Lines as the parser sees them (a trailing newline does not start another line). */
export function countLines(text: string): number {
  if (!text) return 0
  let n = 1
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++
  if (text.endsWith('\n')) n--
  return n
}

/**
 * Types whose volume changes when repackaged, so their packaged volume is asked of ESI (`packaged_volume` of
 * GET /universe/types/{id}/): ships (category 6) shrink when packaged (EVE University, "Assembling and
 * repackaging"), capital and super-capital modules do too (4,000 m³ assembled; evepraisal's volume fixes, issues
 * #10 and #17 of evepraisal/go-evepraisal), and the cargo container groups (12 Cargo Container, 340 Secure Cargo
 * Container, 448 Audit Log Secure Container, 649 Freight Container) are asked too, ESI being the authority either
 * way. Modules (category 7) are asked from `moduleMinVolume` m³ listed, which takes in every capital-size module
 * (the largest sub-capital module lists 800 m³ in the SDE build of 2024-07-18). Everything else has the same volume packaged or
 * not, which is the one the static data lists.
 */
export const REPACKAGED_TYPES = { categoryIds: [6], groupIds: [12, 340, 448, 649], moduleCategoryId: 7, moduleMinVolume: 1000 } as const

export const isRepackaged = (t: { category_id: number; group_id: number; volume: number }) =>
  (REPACKAGED_TYPES.categoryIds as readonly number[]).includes(t.category_id) ||
  (REPACKAGED_TYPES.groupIds as readonly number[]).includes(t.group_id) ||
  (t.category_id === REPACKAGED_TYPES.moduleCategoryId && t.volume >= REPACKAGED_TYPES.moduleMinVolume)
