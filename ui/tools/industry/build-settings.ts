import { HUBS } from '../../../schemas/hubs'
import { INDUSTRY_DEFAULTS, INDUSTRY_STRUCTURES, MAX_RUNS, RIG_TIERS, type IndustryStructure, type RigTier } from '../../../schemas/industry-constants'

/** The page's inputs, kept in the address so a build can be shared or bookmarked. */
export interface BuildSettings {
  blueprint: number | null
  me: number
  runs: number
  station: number
  structure: IndustryStructure
  /** A system id, or a name (the default 'Jita' before the list loads). */
  system: string
  /** As typed; '' uses the system's index. */
  jobCostOverride: string
  facilityTax: number
  rig: RigTier
}

const int = (raw: string | null, min: number, max: number, fallback: number) => {
  const n = Number(raw)
  return raw !== null && raw !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback
}

/**
 * What a number input can show (HTML's valid floating-point number). Anything else it shows as empty, so an address
 * override like 'abc' would fail every call while the box looked empty; it is dropped instead.
 */
const NUMBER_INPUT_TEXT = /^-?(\d+|\d*\.\d+)([eE][-+]?\d+)?$/

export function settingsFromQuery(q: URLSearchParams): BuildSettings {
  const blueprint = Number(q.get('blueprint'))
  const station = Number(q.get('station'))
  const tax = Number(q.get('facilityTax'))
  const override = q.get('jobCostOverride')?.trim() ?? ''
  return {
    blueprint: Number.isInteger(blueprint) && blueprint > 0 ? blueprint : null,
    me: int(q.get('me'), 0, 10, INDUSTRY_DEFAULTS.me),
    runs: int(q.get('runs'), 1, MAX_RUNS, INDUSTRY_DEFAULTS.runs),
    station: HUBS.some((h) => h.station_id === station) ? station : INDUSTRY_DEFAULTS.station,
    structure: (INDUSTRY_STRUCTURES as readonly string[]).includes(q.get('structure') ?? '')
      ? (q.get('structure') as IndustryStructure)
      : INDUSTRY_DEFAULTS.structure,
    system: q.get('system')?.trim() || INDUSTRY_DEFAULTS.system,
    jobCostOverride: NUMBER_INPUT_TEXT.test(override) ? override : '',
    facilityTax: q.get('facilityTax') && Number.isFinite(tax) && tax >= 0 && tax <= 100 ? tax : 0,
    rig: (RIG_TIERS as readonly string[]).includes(q.get('rig') ?? '') ? (q.get('rig') as RigTier) : 'None',
  }
}

/** The address query (defaults left out) and, when a blueprint is chosen, the build-cost call's query. */
export function settingsToQuery(s: BuildSettings): URLSearchParams {
  const q = new URLSearchParams()
  if (s.blueprint) q.set('blueprint', String(s.blueprint))
  if (s.me !== INDUSTRY_DEFAULTS.me) q.set('me', String(s.me))
  if (s.runs !== INDUSTRY_DEFAULTS.runs) q.set('runs', String(s.runs))
  if (s.station !== INDUSTRY_DEFAULTS.station) q.set('station', String(s.station))
  if (s.structure !== INDUSTRY_DEFAULTS.structure) q.set('structure', s.structure)
  if (s.system !== INDUSTRY_DEFAULTS.system) q.set('system', s.system)
  if (s.jobCostOverride.trim() !== '') q.set('jobCostOverride', s.jobCostOverride.trim())
  if (s.facilityTax) q.set('facilityTax', String(s.facilityTax))
  if (s.rig !== 'None') q.set('rig', s.rig)
  return q
}

export function buildCostQuery(s: BuildSettings): string {
  const q = settingsToQuery(s)
  q.set('me', String(s.me))
  q.set('runs', String(s.runs))
  q.set('station', String(s.station))
  q.set('structure', s.structure)
  q.set('system', s.system)
  return q.toString()
}

/** A cost index as the game shows it: 0.0512 → '5.12%'. */
const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`

/**
 * What the override box holds, as the taxes use it: the game shows a cost index as a percentage, so '5' is a likely
 * entry for 5%. A number above 1 (100%) is explained beside the box and not sent: the server would refuse it.
 */
export function overrideNote(text: string): { tooBig: boolean; note: string | null } {
  const t = text.trim()
  const n = t === '' ? NaN : Number(t)
  if (!Number.isFinite(n) || n < 0) return { tooBig: false, note: null }
  if (n > 1)
    return {
      tooBig: true,
      note: `The index is a fraction: ${t} would be ${percent(n)}. For ${t}% enter ${String(Number((n / 100).toFixed(6)))}.`,
    }
  return { tooBig: false, note: `= ${percent(n)} of the estimated item value` }
}
