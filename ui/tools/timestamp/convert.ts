import { DateTime, IANAZone } from 'luxon'

/** A wall-clock reading in a zone, as the date and time inputs give it. */
export interface LocalSelection {
  /** `yyyy-MM-dd` */
  date: string
  /** `HH:mm` or `HH:mm:ss` */
  time: string
  /** IANA zone name, or 'UTC'. */
  zone: string
  /** When the wall-clock time happens twice (clocks go back), use the second occurrence. */
  later: boolean
}

/**
 * How a wall-clock time maps to instants in its zone:
 * - `normal`: exactly one instant.
 * - `gap`: the time does not exist (clocks went forward); it is read as the same distance past the change,
 *   e.g. 01:30 on the spring-forward night in London becomes 02:30 BST (what Temporal calls 'compatible').
 * - `ambiguous`: the time happens twice (clocks went back); `earlierMs` and `laterMs` are both instants and the
 *   selection's `later` flag chooses which one is used (the earlier one by default).
 */
export type Conversion =
  | { ok: true; kind: 'normal'; unixMs: number }
  | { ok: true; kind: 'gap'; unixMs: number; gapMinutes: number }
  | { ok: true; kind: 'ambiguous'; unixMs: number; earlierMs: number; laterMs: number }
  | { ok: false; error: string }

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/
const DAY_MS = 86_400_000

export function isKnownZone(zone: string): boolean {
  return zone === 'UTC' || IANAZone.isValidZone(zone)
}

/** Offset of `zone` from UTC at instant `ms`, in minutes (east positive). */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  return zone === 'UTC' ? 0 : IANAZone.create(zone).offset(ms)
}

/** The instant a wall-clock reading in a zone stands for, with how daylight-saving changes affected it. */
export function localToInstant(sel: LocalSelection): Conversion {
  const d = DATE_RE.exec(sel.date)
  if (!d) return { ok: false, error: 'Pick a date.' }
  const t = TIME_RE.exec(sel.time)
  if (!t) return { ok: false, error: 'Pick a time.' }
  if (!isKnownZone(sel.zone)) return { ok: false, error: `Unknown time zone '${sel.zone}'.` }
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)]
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { ok: false, error: `${sel.date} is not a date.` }
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, error: `${sel.time} is not a time of day.` }

  // The wall-clock fields read as if they were UTC; the real instant is this minus the zone's offset then.
  const wallMs = wallClockAsUtc(year, month, day, hour, minute, second)
  // Offsets a day either side bracket any one transition; each offset that maps back to the same wall clock is a match.
  const before = zoneOffsetMinutes(sel.zone, wallMs - DAY_MS)
  const after = zoneOffsetMinutes(sel.zone, wallMs + DAY_MS)
  const candidates = [...new Set([before, after])]
    .map((offset) => wallMs - offset * 60_000)
    .filter((instant) => instant + zoneOffsetMinutes(sel.zone, instant) * 60_000 === wallMs)
    .sort((a, b) => a - b)

  if (candidates.length === 0) {
    // In the gap: keep the offset from before the change, which lands the same distance after it.
    return { ok: true, kind: 'gap', unixMs: wallMs - before * 60_000, gapMinutes: Math.abs(after - before) }
  }
  if (candidates.length === 1) return { ok: true, kind: 'normal', unixMs: candidates[0] }
  const [earlierMs, laterMs] = candidates
  return { ok: true, kind: 'ambiguous', unixMs: sel.later ? laterMs : earlierMs, earlierMs, laterMs }
}

/** The wall-clock reading of an instant in a zone; `later` is set when that reading happens twice and this is the second. */
export function instantToLocal(unixMs: number, zone: string): LocalSelection {
  const dt = DateTime.fromMillis(unixMs, { zone })
  const sel: LocalSelection = { date: dt.toFormat('yyyy-MM-dd'), time: dt.toFormat('HH:mm:ss'), zone, later: false }
  const conversion = localToInstant(sel)
  if (conversion.ok && conversion.kind === 'ambiguous' && conversion.laterMs === Math.floor(unixMs / 1000) * 1000) sel.later = true
  return sel
}

/** Whole seconds since 1970-01-01T00:00:00Z, as chat timestamp codes use (floored, so negative times stay right). */
export const unixSeconds = (unixMs: number) => Math.floor(unixMs / 1000)

/** `2024-03-31 01:30:00 UTC` */
export function formatUtc(unixMs: number): string {
  return DateTime.fromMillis(unixMs, { zone: 'UTC' }).toFormat("yyyy-MM-dd HH:mm:ss 'UTC'")
}

/** `Sunday, 31 March 2024 02:30:00 BST (UTC+01:00)` in the given zone. */
export function formatInZone(unixMs: number, zone: string): string {
  const dt = DateTime.fromMillis(unixMs, { zone }).setLocale('en-GB')
  return `${dt.toFormat('cccc, d LLLL yyyy HH:mm:ss')} ${offsetLabel(unixMs, zone)}`
}

/** `BST (UTC+01:00)`, or just `(UTC+09:00)` where the zone has no common English abbreviation. */
export function offsetLabel(unixMs: number, zone: string): string {
  const dt = DateTime.fromMillis(unixMs, { zone })
  const offset = `(UTC${dt.toFormat('ZZ')})`
  const name = zoneAbbreviation(unixMs, zone)
  return name ? `${name} ${offset}` : offset
}

// English locales that know different abbreviations: en-US has EST/PDT, en-GB has BST/CET, en-AU has AEST, en-IN has IST.
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN']

/** The zone's abbreviation at that instant (BST, EDT, CEST, AEST), or null when English has none. */
export function zoneAbbreviation(unixMs: number, zone: string): string | null {
  if (zone === 'UTC') return 'UTC'
  for (const locale of ABBREVIATION_LOCALES) {
    const name = DateTime.fromMillis(unixMs, { zone }).setLocale(locale).offsetNameShort
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name
  }
  return null
}

function wallClockAsUtc(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second))
  d.setUTCFullYear(year) // Date.UTC maps years 0-99 to 1900-1999
  return d.getTime()
}

function daysInMonth(year: number, month: number): number {
  const d = new Date(Date.UTC(2000, month, 0))
  d.setUTCFullYear(year, month, 0)
  return d.getUTCDate()
}
