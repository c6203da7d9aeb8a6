import { isKnownZone } from './convert'

export const MAX_ZONE_MATCHES = 20

/** Every zone the runtime knows, plus UTC (which `Intl.supportedValuesOf` leaves out), sorted, UTC first. */
export function listZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...[...new Set(known)].filter((z) => z !== 'UTC').sort()]
}

/** The zone this browser (or process) runs in, or UTC when it cannot tell. */
export function systemZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone && isKnownZone(zone) ? zone : 'UTC'
}

const normalise = (s: string) => s.toLowerCase().replace(/[\s_]+/g, ' ').trim()

/**
 * Zones matching a search, best first, at most `limit`. A match is a case-insensitive substring where spaces
 * and underscores are the same ('new york' finds America/New_York). Ranking: exact name, then a name whose
 * place part starts with the query, then anything containing it. A valid IANA name the runtime lists under
 * another spelling (Asia/Kolkata for Asia/Calcutta) is offered when typed in full.
 */
export function searchZones(query: string, zones: string[], limit = MAX_ZONE_MATCHES): { matches: string[]; total: number } {
  const q = normalise(query)
  if (!q) return { matches: zones.slice(0, limit), total: zones.length }
  const ranked: Array<{ zone: string; rank: number }> = []
  for (const zone of zones) {
    const name = normalise(zone)
    if (!name.includes(q)) continue
    const place = normalise(zone.slice(zone.lastIndexOf('/') + 1))
    const rank = name === q ? 0 : place.startsWith(q) || name.startsWith(q) ? 1 : 2
    ranked.push({ zone, rank })
  }
  ranked.sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone))
  const matches = ranked.map((r) => r.zone)
  const typed = query.trim()
  if (typed.includes('/') && !zones.includes(typed) && isKnownZone(typed)) matches.unshift(typed)
  return { matches: matches.slice(0, limit), total: matches.length }
}
