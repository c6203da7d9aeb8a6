/**
 * Mass tracking for rolling a hole. A hole spawns with its type's total mass ±10 %, so the real total lies in
 * [0.9 M, 1.1 M]. Every jump, either way, uses the ship's mass. The game's stability message tells where the
 * remaining mass stands against the real total: at least half (not yet disrupted), 10 % up to half (reduced),
 * under 10 % (critical). Each observed message narrows the real total. (EVE University, "Wormhole mass".)
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

/** A range of the real total with its ends open or closed: the states' ranges meet at their edges without overlapping. */
interface Interval extends Range {
  loOpen: boolean
  hiOpen: boolean
}

/**
 * The real total mass a state implies, given the mass used so far (remaining = total − used). The ranges split the
 * line without overlap, so a hole seen at exactly half its mass is one state, not two.
 */
function totalRangeFor(state: HoleState, used: number): Interval {
  switch (state) {
    case 'stable': // remaining ≥ 50 % of total ⇔ total ≥ 2 × used
      return { lo: used / (1 - REDUCED_BELOW), hi: Infinity, loOpen: false, hiOpen: true }
    case 'reduced': // 10 % ≤ remaining < 50 %
      return { lo: used / (1 - CRITICAL_BELOW), hi: used / (1 - REDUCED_BELOW), loOpen: false, hiOpen: true }
    case 'critical': // 0 < remaining < 10 %
      return { lo: used, hi: used / (1 - CRITICAL_BELOW), loOpen: true, hiOpen: true }
    case 'collapsed': // the jump that collapsed it used the last of it
      return { lo: 0, hi: used, loOpen: false, hiOpen: false }
  }
}

function intersect(a: Interval, b: Interval): Interval {
  const lo = Math.max(a.lo, b.lo)
  const hi = Math.min(a.hi, b.hi)
  return { lo, hi, loOpen: (a.lo === lo && a.loOpen) || (b.lo === lo && b.loOpen), hiOpen: (a.hi === hi && a.hiOpen) || (b.hi === hi && b.hiOpen) }
}

const isEmpty = (r: Interval) => r.lo > r.hi || (r.lo === r.hi && (r.loOpen || r.hiOpen))

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
  let total: Interval = { lo: nominalTotal * (1 - SPAWN_VARIANCE), hi: nominalTotal * (1 + SPAWN_VARIANCE), loOpen: false, hiOpen: false }
  let used = 0
  let contradiction = false
  for (const jump of jumps) {
    const before = used
    used += jump.mass
    if (!jump.observed) continue
    let implied = totalRangeFor(jump.observed, used)
    // A collapse on this jump also means the hole was still open before it: total > mass used before.
    if (jump.observed === 'collapsed') implied = intersect(implied, { lo: before, hi: Infinity, loOpen: true, hiOpen: true })
    const narrowed = intersect(total, implied)
    if (isEmpty(narrowed)) contradiction = true
    else total = narrowed
  }
  const remaining = { lo: Math.max(0, total.lo - used), hi: Math.max(0, total.hi - used) }
  const possible = (['stable', 'reduced', 'critical', 'collapsed'] as const).filter((s) => !isEmpty(intersect(totalRangeFor(s, used), total)))
  return { used, total: { lo: total.lo, hi: total.hi }, remaining, possible, contradiction }
}

/** What one more jump of `mass` does: surely fine, may collapse the hole, or surely collapses it. */
export function nextJumpRisk(result: TrackerResult, mass: number): 'safe' | 'may-collapse' | 'collapses' {
  if (mass >= result.remaining.hi) return 'collapses'
  if (mass >= result.remaining.lo) return 'may-collapse'
  return 'safe'
}
