import { instantToLocal, isKnownZone, type LocalSelection } from './convert'
import { parseTimeInput } from './parse'
import { canonicalZoneName } from './zones'

/**
 * The selection lives in the query string so a link reproduces it exactly:
 * `?date=2024-10-27&time=01:30:00&tz=Europe/London&occ=later`. `occ=later` picks the second occurrence of a
 * wall-clock time that happens twice. A link may instead carry `t` (a Unix time or chat code), read in `tz`.
 */
export function selectionFromQuery(params: URLSearchParams, defaults: () => LocalSelection): { selection: LocalSelection; problem?: string } {
  const base = defaults()
  const tz = params.get('tz')
  let problem: string | undefined
  let zone = base.zone
  if (tz) {
    if (isKnownZone(tz))
      zone = canonicalZoneName(tz) // older links may carry Asia/Calcutta, hand-typed ones europe/london
    else problem = `The link names an unknown time zone '${tz.slice(0, 60)}'; showing ${zone} instead.`
  }
  // A '+' typed into a link is a space in a query string: `t=…21:00+02:00` arrives as '…21:00 02:00'.
  const t = params.get('t')?.replace(/(\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?) (\d{2}(?::?\d{2})?)$/, '$1+$2')
  if (t) {
    const parsed = parseTimeInput(t, zone)
    if (parsed.ok) return { selection: instantToLocal(parsed.unixMs, zone), problem }
    problem = `The link's time could not be read: ${parsed.error}`
  }
  const date = params.get('date')
  const time = params.get('time')
  if (date && time && /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}(:\d{2})?$/.test(time)) {
    return { selection: { date, time: time.length === 5 ? `${time}:00` : time, zone, later: params.get('occ') === 'later' }, problem }
  }
  if (date || time) problem ??= 'The link has an incomplete date or time; showing the current time instead.'
  return { selection: { ...base, zone }, problem }
}

export function selectionToQuery(sel: LocalSelection): URLSearchParams {
  const params = new URLSearchParams({ date: sel.date, time: sel.time, tz: sel.zone })
  if (sel.later) params.set('occ', 'later')
  return params
}
