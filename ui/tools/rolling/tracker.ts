/**
 * Mass tracking for rolling a hole. A hole spawns with its type's total mass ±10 %, so the real total lies in
 * [0.9 M, 1.1 M]. Every jump, either way, uses the ship's mass. The game's stability message tells where the
 * remaining mass stands against the real total: more than 50 % (not yet disrupted), 10-50 % (reduced), under
 * 10 % (critical). Each observed message narrows the real total. (EVE University, "Wormhole mass".)
 */
export const SPAWN_VARIANCE = 0.1
export const REDUCED_BELOW = 0.5
export const CRITICAL_BELOW = 0.1

export type HoleState = 'stable' | 'reduced' | 'critical' | 'collapsed'

export interface Jump {
  mass: number
  label: string
  /** What the hole showed after this jump, when the roller looked. */
  observed?: HoleState
}

export interface Range {
  lo: number
  hi: number
}

/** The real total mass range a state implies, given the mass used so far. */
function totalRangeFor(state: HoleState, used: number): Range {
  switch (state) {
    case 'stable': // remaining ≥ 50 % of total ⇔ total ≥ 2 × used
      return { lo: used / (1 - REDUCED_BELOW), hi: Infinity }
    case 'reduced': // 10 % ≤ remaining < 50 %
      return { lo: used / (1 - CRITICAL_BELOW), hi: used / (1 - REDUCED_BELOW) }
    case 'critical': // 0 < remaining < 10 %
      return { lo: used, hi: used / (1 - CRITICAL_BELOW) }
    case 'collapsed': // the jump that collapsed it used the last of it
      return { lo: 0, hi: used }
  }
}

export interface TrackerResult {
  used: number
  /** The real total mass, as narrowed by the spawn variance and every observation. */
  total: Range
  remaining: Range
  /** States the hole can show now, given what is known. */
  possible: HoleState[]
  /** The observations contradict each other or the type's mass. */
  contradiction: boolean
}

export function track(nominalTotal: number, jumps: readonly Jump[]): TrackerResult {
  let total: Range = { lo: nominalTotal * (1 - SPAWN_VARIANCE), hi: nominalTotal * (1 + SPAWN_VARIANCE) }
  let used = 0
  let contradiction = false
  for (const jump of jumps) {
    const before = used
    used += jump.mass
    if (!jump.observed) continue
    const implied = totalRangeFor(jump.observed, used)
    // A collapse on this jump also means the hole was still open before it.
    const lo = Math.max(total.lo, implied.lo, jump.observed === 'collapsed' ? before : 0)
    const hi = Math.min(total.hi, implied.hi)
    if (lo > hi) contradiction = true
    else total = { lo, hi }
  }
  const remaining = { lo: Math.max(0, total.lo - used), hi: Math.max(0, total.hi - used) }
  const possible = (['stable', 'reduced', 'critical', 'collapsed'] as const).filter((s) => {
    const r = totalRangeFor(s, used)
    return Math.max(r.lo, total.lo) <= Math.min(r.hi, total.hi)
  })
  return { used, total, remaining, possible, contradiction }
}

/** What one more jump of `mass` does: surely fine, may collapse the hole, or surely collapses it. */
export function nextJumpRisk(result: TrackerResult, mass: number): 'safe' | 'may-collapse' | 'collapses' {
  if (mass >= result.remaining.hi) return 'collapses'
  if (mass >= result.remaining.lo) return 'may-collapse'
  return 'safe'
}
