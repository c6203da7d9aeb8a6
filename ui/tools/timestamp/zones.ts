import { isKnownZone } from './convert'

export const MAX_ZONE_MATCHES = 20

/**
 * Today's IANA names of zones that browsers list under an older spelling: Chromium and Node take their list from
 * CLDR, which keeps the first name a zone had (Asia/Calcutta, Europe/Kiev). The pairs are IANA tzdata 2025b's
 * `backward` links whose old name the runtime lists and whose current name it does not; every browser accepts both.
 */
const CURRENT_NAMES: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
}

/** A zone under its current IANA name, when the runtime accepts that name (Asia/Calcutta becomes Asia/Kolkata). */
export function currentZoneName(zone: string): string {
  const current = CURRENT_NAMES[zone]
  return current && isKnownZone(current) ? current : zone
}

/**
 * A zone name as written anywhere (a link, by hand) under the name the zone list uses: `europe/london` and `utc`
 * work in Intl but would show lower-case and match no entry of the list.
 */
export function canonicalZoneName(zone: string): string {
  try {
    return currentZoneName(new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone)
  } catch {
    return currentZoneName(zone)
  }
}

/** Every zone the runtime knows under its current name, plus UTC (which `Intl.supportedValuesOf` leaves out), sorted, UTC first. */
export function listZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').map(currentZoneName) : []
  return ['UTC', ...[...new Set(known)].filter((z) => z !== 'UTC').sort()]
}

/** The zone this browser (or process) runs in, under its current name, or UTC when it cannot tell. */
export function systemZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone && isKnownZone(zone) ? currentZoneName(zone) : 'UTC'
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim()

/** Other names UTC goes by, found by the search too: EVE's server clock ('EVE time', as the page calls it), GMT, Zulu. */
const UTC_ALIASES = ['gmt', 'eve time', 'zulu']

/**
 * Zones matching a search, best first, at most `limit`. A match is a case-insensitive substring where spaces
 * and underscores are the same ('new york' finds America/New_York). Ranking: exact name, then a name whose
 * place part starts with the query, then anything containing it. UTC is also found as GMT, EVE time or Zulu. Any other
 * name the runtime knows (an alias such as US/Eastern, a legacy short name such as CET or Japan) is offered first, under
 * the list's name for that zone, when typed in full.
 */
export function searchZones(query: string, zones: string[], limit = MAX_ZONE_MATCHES): { matches: string[]; total: number } {
  const q = normalise(query)
  if (!q) return { matches: zones.slice(0, limit), total: zones.length }
  const ranked: Array<{ zone: string; rank: number }> = []
  for (const zone of zones) {
    const name = normalise(zone)
    const aliases = zone === 'UTC' ? UTC_ALIASES : []
    if (!name.includes(q) && !aliases.some((a) => a.includes(q))) continue
    const place = normalise(zone.slice(zone.lastIndexOf('/') + 1))
    const rank = name === q || aliases.includes(q) ? 0 : place.startsWith(q) || name.startsWith(q) || aliases.some((a) => a.startsWith(q)) ? 1 : 2
    ranked.push({ zone, rank })
  }
  ranked.sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone))
  let matches = ranked.map((r) => r.zone)
  const typed = query.trim()
  // A name the runtime knows typed in full: an IANA alias (US/Eastern) or a legacy short name (CET, EST, Japan), which
  // the substring match misses or ranks under unrelated zones ('EST' is inside America/Creston).
  if (/^[A-Za-z][\w+/-]*$/.test(typed) && isKnownZone(typed)) {
    // Under the list's own name: 'europe/london' is Europe/London (offered once), 'Asia/Calcutta' Asia/Kolkata.
    const name = canonicalZoneName(typed)
    matches = [name, ...matches.filter((z) => z !== name)]
  }
  return { matches: matches.slice(0, limit), total: matches.length }
}
