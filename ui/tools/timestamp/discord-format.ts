import { DateTime } from 'luxon'
import { unixSeconds } from './convert'

/** The chat timestamp styles, in the order the page lists them. */
export const STYLES = ['d', 'D', 't', 'T', 'f', 'F', 'R'] as const
export type Style = (typeof STYLES)[number]

export const STYLE_NAMES: Record<Style, string> = {
  d: 'Short date',
  D: 'Long date',
  t: 'Short time',
  T: 'Long time',
  f: 'Short date/time',
  F: 'Long date/time',
  R: 'Relative',
}

export const isStyle = (s: string): s is Style => (STYLES as readonly string[]).includes(s)

/** `<t:1711848600:F>` */
export const timestampCode = (unixMs: number, style: Style) => `<t:${unixSeconds(unixMs)}:${style}>`

/**
 * Discord renders each style with moment.js's localized formats (t = LT, T = LTS, d = L, D = LL, f = LLL,
 * F = LLLL) in the viewer's language and time zone. The two English settings differ in clock and date order.
 */
export type PreviewLanguage = 'en-US' | 'en-GB'
export const PREVIEW_LANGUAGES: Array<{ id: PreviewLanguage; label: string }> = [
  { id: 'en-US', label: 'English (US), 12-hour' },
  { id: 'en-GB', label: 'English (UK), 24-hour' },
]

const LUXON_FORMATS: Record<PreviewLanguage, Record<Exclude<Style, 'R'>, string>> = {
  'en-US': { t: 'h:mm a', T: 'h:mm:ss a', d: 'MM/dd/yyyy', D: 'MMMM d, yyyy', f: 'MMMM d, yyyy h:mm a', F: 'EEEE, MMMM d, yyyy h:mm a' },
  'en-GB': { t: 'HH:mm', T: 'HH:mm:ss', d: 'dd/MM/yyyy', D: 'd MMMM yyyy', f: 'd MMMM yyyy HH:mm', F: 'EEEE, d MMMM yyyy HH:mm' },
}

/** The text the chat client shows for `<t:unix:style>` to a viewer in `viewerZone` at time `nowMs`. */
export function renderPreview(unixMs: number, style: Style, viewerZone: string, language: PreviewLanguage, nowMs: number): string {
  // The client only ever sees whole seconds.
  const ms = unixSeconds(unixMs) * 1000
  if (style === 'R') return relativeTime(ms, nowMs)
  return DateTime.fromMillis(ms, { zone: viewerZone }).setLocale(language).toFormat(LUXON_FORMATS[language][style])
}

/**
 * moment.js `fromNow` in English, which the chat client uses for R: each unit is rounded, and a unit is used
 * until the next threshold (45 s, 45 min, 22 h, 26 days, 11 months), so 44 s is 'a few seconds', 90 min is
 * '2 hours' and 25 days is '25 days'.
 */
export function relativeTime(unixMs: number, nowMs: number): string {
  const diff = unixMs - nowMs
  const phrase = humanizeDuration(Math.abs(diff))
  return diff > 0 ? `in ${phrase}` : `${phrase} ago`
}

function humanizeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  const minutes = Math.round(ms / 60_000)
  const hours = Math.round(ms / 3_600_000)
  const days = Math.round(ms / 86_400_000)
  // moment's month: 146097 days per 4800 months (the Gregorian 400-year cycle)
  const months = Math.round(((ms / 86_400_000) * 4800) / 146_097)
  const years = Math.round(((ms / 86_400_000) * 400) / 146_097)
  if (seconds < 45) return 'a few seconds'
  if (minutes <= 1) return 'a minute'
  if (minutes < 45) return `${minutes} minutes`
  if (hours <= 1) return 'an hour'
  if (hours < 22) return `${hours} hours`
  if (days <= 1) return 'a day'
  if (days < 26) return `${days} days`
  if (months <= 1) return 'a month'
  if (months < 11) return `${months} months`
  if (years <= 1) return 'a year'
  return `${years} years`
}
