/**
 * Time-to-huff text, shared by the server (which writes it) and the gas page (which sorts by it): whole minutes,
 * rounded up, as '45m' or '1h 20m' (hours are not folded into days, so '212h 5m' stays readable and parseable).
 */
export function formatHuffTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'never'
  const minutes = Math.max(1, Math.ceil(seconds / 60 - 1e-9))
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

/** Minutes in a time-to-huff text; anything unreadable (e.g. 'never') is Infinity, so it sorts after every time. */
export function parseHuffMinutes(text: string | null | undefined): number {
  const match = /^\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$/.exec(text ?? '')
  if (!match || (match[1] === undefined && match[2] === undefined)) return Infinity
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)
}
