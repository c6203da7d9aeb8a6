import {
  clampSkill,
  DEFAULT_REFINE_SETUP,
  HAUL_MODES,
  IMPLANT_BONUSES,
  isBlendStep,
  MAX_TARGET_UNITS,
  MINERAL_NAMES,
  PLANNER_DEFAULTS,
  PLANNER_PRICE_FIELDS,
  RIG_BONUSES,
  SECURITY_BONUSES,
  STRATEGIES,
  STRUCTURE_BONUSES,
  type HaulMode,
  type MineralName,
  type PlannerPriceField,
  type RefineSetup,
  type Strategy,
} from '../../../schemas/ore-planner-constants'
import { hubByStation } from '../../../schemas/hubs'

/** Everything the page's form holds; it lives in the URL so a plan can be shared as a link. */
export interface PlannerSettings {
  targets: Record<MineralName, number>
  /** Refine rate as typed: percent above 1, a fraction up to 1. */
  refineRate: number
  setup: RefineSetup
  /**
   * The security box reads Null sec rather than Wormhole. Both give 12%, so the bonus alone cannot tell them apart;
   * without this a reload or a shared link showed a null-sec refinery as Wormhole.
   */
  nullSec: boolean
  /** Ores left out (type ids): the default is every ore, so the link stays short. */
  excluded: number[]
  strategy: Strategy
  haulMode: HaulMode
  stationId: number
  priceField: PlannerPriceField
  blendWeight: number
  /** At most this many distinct ores in the plan; null for no limit (issue #42). */
  maxOres: number | null
  /** At least this many batches of each ore bought; null (or 1) for no minimum. */
  minBatches: number | null
}

/** The limits' ranges (the API's, schemas/ore-planner.ts). */
export const LIMIT_RANGES = { maxOres: { min: 1, max: 50 }, minBatches: { min: 1, max: 10_000 } } as const

/** A limit box's text: empty is no limit, a whole number in range is the limit, anything else cannot be read. */
export function readLimit(text: string, range: { min: number; max: number }): { ok: true; value: number | null } | { ok: false } {
  const t = text.trim().replace(/,/g, '')
  if (t === '') return { ok: true, value: null }
  if (!/^\d+$/.test(t)) return { ok: false }
  const n = Number(t)
  return n >= range.min && n <= range.max ? { ok: true, value: n } : { ok: false }
}

export const emptyTargets = () => Object.fromEntries(MINERAL_NAMES.map((m) => [m, 0])) as Record<MineralName, number>

export const DEFAULT_SETTINGS: PlannerSettings = {
  targets: emptyTargets(),
  refineRate: PLANNER_DEFAULTS.refineRatePercent,
  setup: DEFAULT_REFINE_SETUP,
  nullSec: false,
  excluded: [],
  strategy: PLANNER_DEFAULTS.strategy,
  haulMode: PLANNER_DEFAULTS.haulMode,
  stationId: PLANNER_DEFAULTS.stationId,
  priceField: PLANNER_DEFAULTS.priceField,
  blendWeight: PLANNER_DEFAULTS.blendWeight,
  maxOres: null,
  minBatches: null,
}

/** Where the security box lists Null sec, and its bonus (the same as Wormhole's). */
export const NULL_SEC_OPTION = SECURITY_BONUSES.findIndex((o) => o.label.startsWith('Null sec'))
const NULL_SEC_BONUS = SECURITY_BONUSES[NULL_SEC_OPTION]!.value

const SETUP_KEYS: Array<keyof RefineSetup> = ['rig', 'implant', 'security', 'structure', 'reprocessing', 'efficiency', 'specialized']
/** The values a link may give each refinery bonus: only what the calculator's boxes offer. */
const BONUS_VALUES: Partial<Record<keyof RefineSetup, readonly number[]>> = {
  rig: RIG_BONUSES.map((o) => o.value),
  implant: IMPLANT_BONUSES.map((o) => o.value),
  security: SECURITY_BONUSES.map((o) => o.value),
  structure: STRUCTURE_BONUSES.map((o) => o.value),
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback
/**
 * A number in a link, as the page writes it: digits with an optional decimal part. Number() alone also reads " 12",
 * "0x10", "1e3" and "0b11", so a mangled or hand-edited link would plan amounts nobody wrote.
 */
const finite = (value: string | null): number | null => (value !== null && /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : null)

/**
 * The refine rate box: a plain decimal with a point or a comma ("86.7", "86,7", ".9"); anything else, hex and exponents
 * included, is NaN, which the page reports as not a rate.
 */
export function parseRateText(text: string): number {
  const t = text.trim()
  return /^(?:\d+[.,]?\d*|[.,]\d+)$/.test(t) ? Number(t.replace(',', '.')) : Number.NaN
}

/** Read settings from a query string; anything missing or malformed takes its default. */
export function settingsFromQuery(params: URLSearchParams): PlannerSettings {
  const targets = emptyTargets()
  for (const pair of (params.get('t') ?? '').split(',')) {
    const [name, amount] = pair.split(':')
    const mineral = MINERAL_NAMES.find((m) => m.toLowerCase() === name?.toLowerCase())
    // digits only, as in the form's boxes
    const n = amount !== undefined && /^\d+$/.test(amount) ? Number(amount) : null
    if (mineral && n !== null && n <= MAX_TARGET_UNITS) targets[mineral] = n
  }
  const rate = finite(params.get('rate'))
  const setup = { ...DEFAULT_REFINE_SETUP }
  const setupValues = (params.get('setup') ?? '').split(',').map((v) => finite(v))
  const validSetup = setupValues.every((v, i) => v !== null && (BONUS_VALUES[SETUP_KEYS[i]]?.includes(v) ?? (v >= 0 && v <= 5)))
  if (setupValues.length === SETUP_KEYS.length && validSetup) {
    SETUP_KEYS.forEach((k, i) => (setup[k] = setupValues[i]!))
    for (const k of ['reprocessing', 'efficiency', 'specialized'] as const) setup[k] = clampSkill(setup[k])
  }
  const station = finite(params.get('hub'))
  const weight = finite(params.get('w'))
  return {
    targets,
    refineRate: rate !== null && rate >= 0 && rate <= 100 ? rate : DEFAULT_SETTINGS.refineRate,
    setup,
    nullSec: params.get('sec') === 'null' && setup.security === NULL_SEC_BONUS,
    excluded: (params.get('x') ?? '').split(',').flatMap((v) => (/^\d+$/.test(v) ? [Number(v)] : [])),
    strategy: oneOf(STRATEGIES, params.get('s'), DEFAULT_SETTINGS.strategy),
    haulMode: oneOf(HAUL_MODES, params.get('haul'), DEFAULT_SETTINGS.haulMode),
    // a link naming a station that is not one of the hubs (mistyped, or a hub since dropped) plans at the default
    stationId: station !== null && hubByStation(station) ? station : DEFAULT_SETTINGS.stationId,
    priceField: oneOf(PLANNER_PRICE_FIELDS, params.get('price'), DEFAULT_SETTINGS.priceField),
    blendWeight: weight !== null && isBlendStep(weight) ? weight : DEFAULT_SETTINGS.blendWeight,
    maxOres: limitFromQuery(params.get('maxOres'), LIMIT_RANGES.maxOres),
    minBatches: limitFromQuery(params.get('minB'), LIMIT_RANGES.minBatches),
  }
}

/** A limit in a link: digits in range, else no limit. */
function limitFromQuery(value: string | null, range: { min: number; max: number }): number | null {
  const read = value === null ? null : readLimit(value, range)
  return read?.ok ? read.value : null
}

/** The query string for settings: only what differs from the defaults. */
export function settingsToQuery(s: PlannerSettings): URLSearchParams {
  const p = new URLSearchParams()
  const targets = MINERAL_NAMES.filter((m) => s.targets[m] > 0).map((m) => `${m}:${s.targets[m]}`)
  if (targets.length) p.set('t', targets.join(','))
  if (s.refineRate !== DEFAULT_SETTINGS.refineRate) p.set('rate', String(s.refineRate))
  if (SETUP_KEYS.some((k) => s.setup[k] !== DEFAULT_REFINE_SETUP[k])) p.set('setup', SETUP_KEYS.map((k) => s.setup[k]).join(','))
  if (s.nullSec && s.setup.security === NULL_SEC_BONUS) p.set('sec', 'null')
  if (s.excluded.length) p.set('x', [...s.excluded].sort((a, b) => a - b).join(','))
  if (s.strategy !== DEFAULT_SETTINGS.strategy) p.set('s', s.strategy)
  if (s.haulMode !== DEFAULT_SETTINGS.haulMode) p.set('haul', s.haulMode)
  if (s.stationId !== DEFAULT_SETTINGS.stationId) p.set('hub', String(s.stationId))
  if (s.priceField !== DEFAULT_SETTINGS.priceField) p.set('price', s.priceField)
  if (s.blendWeight !== DEFAULT_SETTINGS.blendWeight) p.set('w', String(s.blendWeight))
  if (s.maxOres !== null) p.set('maxOres', String(s.maxOres))
  if (s.minBatches !== null) p.set('minB', String(s.minBatches))
  return p
}

/** The plan request the API takes for these settings and the ores on offer. */
export function planRequest(s: PlannerSettings, oreIds: number[]) {
  const excluded = new Set(s.excluded)
  const pricing = { station_id: s.stationId, price_field: s.priceField }
  const strategy =
    s.strategy === 'min_haul'
      ? { type: 'min_haul' as const, haul_mode: s.haulMode }
      : s.strategy === 'blend'
        ? { type: 'blend' as const, ...pricing, blend_weight: s.blendWeight }
        : { type: 'min_cost' as const, ...pricing }
  return {
    targets: Object.fromEntries(MINERAL_NAMES.filter((m) => s.targets[m] > 0).map((m) => [m, s.targets[m]])),
    refineRate: s.refineRate,
    allowedOres: oreIds.filter((id) => !excluded.has(id)),
    strategy,
    ...(s.maxOres !== null ? { maxOres: s.maxOres } : {}),
    ...(s.minBatches !== null && s.minBatches > 1 ? { minBatchesPerOre: s.minBatches } : {}),
  }
}
