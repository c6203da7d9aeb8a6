import { DateTime } from 'luxon'
import { unixSeconds } from './convert'

/**
 * The chat timestamp styles, in the order Discord's reference lists them (message formatting, timestamp styles; s and
 * S were added in October 2025, discord/discord-api-docs#7922). Sources in docs/tools/timestamp.md.
 */
export const STYLES = ['t', 'T', 'd', 'D', 'f', 'F', 's', 'S', 'R'] as const
export type Style = (typeof STYLES)[number]

/** Discord's current names (the CLDR widths of the date and the time). */
export const STYLE_NAMES: Record<Style, string> = {
  t: 'Short Time',
  T: 'Medium Time',
  d: 'Short Date',
  D: 'Long Date',
  f: 'Long Date, Short Time',
  F: 'Full Date, Short Time',
  s: 'Short Date, Short Time',
  S: 'Short Date, Medium Time',
  R: 'Relative Time',
}

export const isStyle = (s: string): s is Style => (STYLES as readonly string[]).includes(s)

/** `<t:1711848600:F>` */
export const timestampCode = (unixMs: number, style: Style) => `<t:${unixSeconds(unixMs)}:${style}>`

/**
 * Discord renders each style as the CLDR date and time widths its reference names (Intl's dateStyle and timeStyle),
 * in the viewer's language and time zone. The two English settings differ in clock and date order.
 */
export type PreviewLanguage = 'en-US' | 'en-GB'
export const PREVIEW_LANGUAGES: Array<{ id: PreviewLanguage; label: string }> = [
  { id: 'en-US', label: 'English (US), 12-hour' },
  { id: 'en-GB', label: 'English (UK), 24-hour' },
]

type Width = 'full' | 'long' | 'medium' | 'short'
const WIDTHS: Record<Exclude<Style, 'R'>, { dateStyle?: Width; timeStyle?: Width }> = {
  t: { timeStyle: 'short' },
  T: { timeStyle: 'medium' },
  d: { dateStyle: 'short' },
  D: { dateStyle: 'long' },
  f: { dateStyle: 'long', timeStyle: 'short' },
  F: { dateStyle: 'full', timeStyle: 'short' },
  s: { dateStyle: 'short', timeStyle: 'short' },
  S: { dateStyle: 'short', timeStyle: 'medium' },
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: PreviewLanguage, style: Exclude<Style, 'R'>, zone: string): Intl.DateTimeFormat {
  const key = `${language}|${style}|${zone}`
  let f = formatters.get(key)
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(language, { ...WIDTHS[style], timeZone: zone })))
  return f
}

/** The text the chat client shows for `<t:unix:style>` to a viewer in `viewerZone` at time `nowMs`. */
export function renderPreview(unixMs: number, style: Style, viewerZone: string, language: PreviewLanguage, nowMs: number): string {
  // The client only ever sees whole seconds.
  const ms = unixSeconds(unixMs) * 1000
  if (style === 'R') return relativeTime(ms, nowMs, viewerZone)
  return formatter(language, style, viewerZone).format(ms)
}

/**
 * R: 'in …' / '… ago' with one unit. Below a month the unit is rounded and switches at moment.js's thresholds
 * (45 s, 45 min, 22 h, 26 days); months and years are counted in whole calendar months between the two dates in the
 * viewer's zone, so 46 days ahead is 'in a month' (moment's average month made it 'in 2 months'). One of a unit is a
 * word ('a minute', 'an hour', 'a day', 'a month', 'a year').
 */
export function relativeTime(unixMs: number, nowMs: number, zone = 'UTC'): string {
  const diff = unixMs - nowMs
  const phrase = humanize(Math.abs(diff), Math.min(unixMs, nowMs), Math.max(unixMs, nowMs), zone)
  return diff > 0 ? `in ${phrase}` : `${phrase} ago`
}

function humanize(ms: number, fromMs: number, toMs: number, zone: string): string {
  const seconds = Math.round(ms / 1000)
  const minutes = Math.round(ms / 60_000)
  const hours = Math.round(ms / 3_600_000)
  const days = Math.round(ms / 86_400_000)
  if (seconds < 45) return 'a few seconds'
  if (minutes <= 1) return 'a minute'
  if (minutes < 45) return `${minutes} minutes`
  if (hours <= 1) return 'an hour'
  if (hours < 22) return `${hours} hours`
  if (days <= 1) return 'a day'
  if (days < 26) return `${days} days`
  const from = DateTime.fromMillis(fromMs, { zone })
  const to = DateTime.fromMillis(toMs, { zone })
  const months = Math.max(1, Math.floor(to.diff(from, 'months').months + 1e-9))
  if (months < 12) return months === 1 ? 'a month' : `${months} months`
  const years = Math.floor(months / 12)
  return years === 1 ? 'a year' : `${years} years`
}
