import { LOOT_SPLIT_LIMITS } from '../../../schemas/loot-split-rules'
import { sanitizeNumber } from '../../components/NumberField'
import { readStorage, writeStorage } from '../../lib/storage'

/**
 * Helpers both splitters use to keep their whole setup in the query string (so an FC can share a link) and the last
 * setup in local storage. Readers never throw: anything unreadable falls back to the default.
 */

export const readFlag = (params: URLSearchParams, key: string, fallback: boolean) => {
  const v = params.get(key)
  return v === '1' ? true : v === '0' ? false : fallback
}

export const readNumber = (params: URLSearchParams, key: string, fallback: number, rules: { min?: number; max?: number; integer?: boolean } = {}) => {
  const v = params.get(key)
  return v === null ? fallback : sanitizeNumber(v, { ...rules, fallback })
}

export const flag = (b: boolean) => (b ? '1' : '0')

/** `Core Garrison*2`: a site name and a count (site names never contain '*'). */
export function encodeSiteCount(site: string, count: number): string {
  return `${site}*${count}`
}

export function decodeSiteCount(text: string): [string, number] | null {
  const star = text.lastIndexOf('*')
  if (star <= 0) return null
  // Capped at the API's limit, so a hand-edited link cannot carry a count the server refuses.
  const count = sanitizeNumber(text.slice(star + 1), { min: 0, max: LOOT_SPLIT_LIMITS.siteCount, integer: true })
  return [text.slice(0, star), count]
}

/** Site counts from repeated `key=Name*n` params, keeping only counts above 0. */
export function readSiteCounts(params: URLSearchParams, key: string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const raw of params.getAll(key)) {
    const pair = decodeSiteCount(raw)
    if (pair && pair[1] > 0) counts[pair[0]] = pair[1]
  }
  return counts
}

export function writeSiteCounts(params: URLSearchParams, key: string, counts: Record<string, number>, order: readonly string[]): void {
  for (const site of order) if ((counts[site] ?? 0) > 0) params.append(key, encodeSiteCount(site, counts[site]))
}

/**
 * Names a person typed: trimmed, one line, at most 64 UTF-16 units (the server's limit), never ending in half of a
 * character such as an emoji (that half would show as '�' in the table, the link and the payout text).
 */
export const cleanName = (name: string) =>
  name
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 64)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim()

/**
 * Names pasted as a list, one a line (a chat member list, or fleet window rows whose first tab-separated column is the
 * name): each line cleaned, blanks and repeats (case-insensitive) dropped. Null for a single plain name, which the name
 * box takes as typed. Without this the box would strip the line breaks and make one player of "AliceBobCarol", and
 * one pasted fleet row would become a player named "Bob Jita Loki Strategic Cruiser".
 */
export function namesFromPaste(text: string): string[] | null {
  if (!/[\r\n\t]/.test(text.trim())) return null
  const names: string[] = []
  for (const line of text.split(/\r\n|\r|\n/)) {
    const name = cleanName(line.split('\t')[0])
    if (name && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name)
  }
  return names
}

/**
 * Players from a link's repeated `p` params: each raw value read by `read` into a cleaned name and its row; blank names
 * are left out, and a name met again (case-insensitive) keeps its first row, with a sentence saying so. A link written
 * by the page never repeats a name (its boxes refuse one); a hand-edited or merged link can.
 */
export function readPlayerRows<Row extends { name: string }>(raws: string[], read: (raw: string) => Row | null): { rows: Row[]; problems: string[] } {
  const rows: Row[] = []
  const repeated: string[] = []
  for (const raw of raws) {
    const row = read(raw)
    if (!row) continue
    const first = rows.find((r) => r.name.toLowerCase() === row.name.toLowerCase())
    if (!first) rows.push(row)
    else if (!repeated.includes(first.name)) repeated.push(first.name)
  }
  if (!repeated.length) return { rows, problems: [] }
  const names = repeated.length === 1 ? repeated[0] : `${repeated.slice(0, -1).join(', ')} and ${repeated.at(-1)}`
  return { rows, problems: [`The link lists ${names} more than once: only the first row${repeated.length === 1 ? '' : ' of each'} is kept.`] }
}

/**
 * Where a page's setup starts: the link when it carries one, else the last setup kept in this browser, else nothing
 * (the defaults). `marker` is a param every written setup has.
 */
export function initialQuery(search: URLSearchParams, storageKey: string, marker: string): { params: URLSearchParams; from: 'link' | 'storage' | 'defaults' } {
  if (search.has(marker)) return { params: search, from: 'link' }
  const stored = readStorage(storageKey)
  if (stored) return { params: new URLSearchParams(stored), from: 'storage' }
  return { params: new URLSearchParams(), from: 'defaults' }
}

export const rememberQuery = (storageKey: string, query: string) => writeStorage(storageKey, query)
