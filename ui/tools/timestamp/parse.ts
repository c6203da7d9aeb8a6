import { DateTime } from 'luxon'
import { localToInstant } from './convert'
import { isStyle, type Style } from './discord-format'

export type ParsedTime = { ok: true; unixMs: number; style?: Style; read: 'code' | 'seconds' | 'milliseconds' | 'eve' | 'iso' } | { ok: false; error: string }

/** Numbers of this size or more are milliseconds: 1e11 seconds is the year 5138, 1e11 ms is 1973. */
export const MILLISECONDS_FROM = 100_000_000_000

// The date and time inputs cover years 1 to 9999.
const MIN_MS = new Date('0001-01-01T00:00:00Z').getTime()
const MAX_MS = new Date('9999-12-31T23:59:59Z').getTime()

const CODE_RE = /<t:(-?\d+)(?::([A-Za-z]))?>/
/** A whole number, bare or with its thousands grouped by one separator throughout ('1,714,590,000', '1 714 590 000'). */
const NUMBER_RE = /^-?(?:\d+|\d{1,3}([, \u00a0\u202f'_])\d{3}(?:\1\d{3})*)$/
/**
 * In-game time `yyyy.MM.dd HH:mm[:ss]`, also inside a longer paste: a chat log line (`[ 2024.05.01 19:00:00 ] Pilot > …`)
 * or a kill report copied from the game, which starts with its time.
 */
const EVE_RE = /(?<![\d.])(\d{4})\.(\d{2})\.(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?![\d:])/
/** An ISO time that carries its own offset (`Z`, `+02:00`, `-0500`), so no zone rule applies. */
const ISO_OFFSET_RE = /T[\d:.,]+(?:Z|[+-]\d{2}(?::?\d{2})?)$/i

const SPACED_ISO_RE = /^(\d{4}-\d{2}-\d{2}) +(\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?) *(Z|UTC|[+-]\d{2}(?::?\d{2})?)?$/i

export const PARSE_HINT = 'Paste a code like <t:1700000000:F>, a Unix time in seconds or milliseconds, an in-game time (2024.05.01 19:00) or an ISO date.'

/**
 * Read a time back from what a pilot pastes: a chat timestamp code (also inside a longer message), a bare Unix
 * number (seconds, or milliseconds from 1e11 up; its thousands may be grouped), an in-game EVE time `yyyy.MM.dd HH:mm[:ss]` (UTC, also inside a chat log line or a copied kill report), or ISO 8601
 * (read in `zone` when it has no offset).
 */
export function parseTimeInput(text: string, zone: string): ParsedTime {
  const input = text.trim()
  if (!input) return { ok: false, error: PARSE_HINT }

  const code = CODE_RE.exec(input)
  if (code) {
    const style = code[2]
    if (style !== undefined && !isStyle(style)) return { ok: false, error: `'${style}' is not a timestamp style (use t, T, d, D, f, F, s, S or R).` }
    return inRange({ ok: true, unixMs: Number(code[1]) * 1000, style, read: 'code' }, zone)
  }
  if (NUMBER_RE.test(input)) {
    const n = Number(input.replace(/[^\d-]/g, ''))
    const asMs = Math.abs(n) >= MILLISECONDS_FROM
    return inRange({ ok: true, unixMs: asMs ? n : n * 1000, read: asMs ? 'milliseconds' : 'seconds' }, zone)
  }
  const eve = EVE_RE.exec(input)
  if (eve) {
    const [found, y, mo, d, h, mi, s] = eve
    const dt = DateTime.fromObject({ year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: Number(s ?? 0) }, { zone: 'UTC' })
    return dt.isValid ? inRange({ ok: true, unixMs: dt.toMillis(), read: 'eve' }, zone) : { ok: false, error: `${found} is not a valid date and time.` }
  }
  // Read in UTC: a time with its own offset is then its instant, one without it its wall clock.
  const isoText = spacedToIso(input)
  const iso = DateTime.fromISO(isoText, { zone: 'UTC' })
  if (iso.isValid && /^\d{4}-\d{2}-\d{2}/.test(isoText)) {
    if (ISO_OFFSET_RE.test(isoText)) return inRange({ ok: true, unixMs: iso.toMillis(), read: 'iso' }, zone)
    // A wall-clock time in `zone`: read it by the page's own daylight-saving rules (a repeated time is its first
    // occurrence, a skipped one the same distance after the change), not by the zone's offset today, as luxon would.
    const conversion = localToInstant({ date: iso.toFormat('yyyy-MM-dd'), time: iso.toFormat('HH:mm:ss'), zone, later: false })
    if (conversion.ok) return inRange({ ok: true, unixMs: conversion.unixMs + iso.millisecond, read: 'iso' }, zone)
  }
  return { ok: false, error: `Could not read '${input.length > 40 ? input.slice(0, 40) + '…' : input}'. ${PARSE_HINT}` }
}

/**
 * `2024-05-01 19:00[:00[.000]][ Z| UTC| +02:00]`, as killboards and databases write it, in ISO 8601's own form
 * (`T` between date and time, no space before the offset). Anything else is returned as it was.
 */
function spacedToIso(input: string): string {
  const m = SPACED_ISO_RE.exec(input)
  if (!m) return input
  const [, date, time, offset] = m
  return `${date}T${time}${offset === undefined ? '' : /^(?:z|utc)$/i.test(offset) ? 'Z' : offset}`
}

/** The page shows a time in `zone`, so it must fall in the years 1 to 9999 there as well as in UTC. */
function inRange(parsed: Extract<ParsedTime, { ok: true }>, zone: string): ParsedTime {
  const outside = { ok: false, error: 'That time is outside the years 1 to 9999.' } as const
  if (!Number.isFinite(parsed.unixMs) || parsed.unixMs < MIN_MS || parsed.unixMs > MAX_MS) return outside
  const year = DateTime.fromMillis(parsed.unixMs, { zone }).year
  return year >= 1 && year <= 9999 ? parsed : outside
}
