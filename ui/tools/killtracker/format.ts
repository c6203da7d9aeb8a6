/**
 * The kill tracker's number formats (spec, business constants): ISK with 2 decimals and a k / m / b / t suffix from
 * 1e3, 1e6, 1e9 and 1e12 (by absolute value), otherwise no decimals; K/D with 2 decimals, or ∞ when not finite.
 */
const STEPS: Array<[number, string]> = [
  [1e12, 't'],
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
]

export function formatMoney(value: number): string {
  const abs = Math.abs(value)
  for (const [size, suffix] of STEPS) if (abs >= size) return `${(value / size).toFixed(2)}${suffix}`
  return value.toFixed(0)
}

/** `kd` as the API sends it: null stands for a ratio that is not finite (kills without losses). */
export function formatKd(kd: number | null): string {
  return kd !== null && Number.isFinite(kd) ? kd.toFixed(2) : '∞'
}

/** '2026-03-25 14:26' from an ISO time, in UTC. */
export function utcDateTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ')
}

/** '14:26:36' from an ISO time, in UTC. */
export function utcTime(iso: string): string {
  return iso.slice(11, 19)
}

export function deathHeadline(name: string, daysSince: number | null): string {
  if (daysSince === null || !Number.isFinite(daysSince)) return 'No recorded deaths (yet?)'
  return `It's been ${daysSince} ${daysSince === 1 ? 'day' : 'days'} since ${name} last died.`
}
