import type { Wormhole } from '../../../schemas/wormholes'

/** Class filter options in the spec's order, by the list's class label. */
export const CLASS_OPTIONS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C13', 'Sentinel', 'Barbican', 'Vidette', 'Redoubt', 'Conflux'] as const
export const PLANET_TYPES = ['Barren', 'Gas', 'Ice', 'Lava', 'Oceanic', 'Plasma', 'Storm', 'Temperate'] as const
export const NO_EFFECT = 'No Effect'
export const EFFECT_OPTIONS = ['Black Hole', 'Cataclysmic Variable', 'Magnetar', 'Pulsar', 'Red Giant', 'Wolf Rayet', NO_EFFECT] as const
export const SHATTERED_MODES = ['all', 'only', 'none'] as const
/** "Sun A0 (Blue Small)": the star type the spec's "Only A0 blue stars" filter picks. */
export const A0_STAR_TYPE_ID = 3801

export type ShatteredMode = (typeof SHATTERED_MODES)[number]

export interface WormholeFilters {
  /** Class labels; a system matches any of them. */
  classes: string[]
  /** Static destinations; a system must have a static to every one of them. */
  statics: string[]
  /** Planet types; a system must have at least one planet of every one of them. */
  planets: string[]
  /** Effects ('No Effect' included); a system matches any of them. */
  effects: string[]
  a0: boolean
  shattered: ShatteredMode
  /** J-code search text. */
  q: string
}

export const NO_FILTERS: WormholeFilters = { classes: [], statics: [], planets: [], effects: [], a0: false, shattered: 'all', q: '' }

/** "Planet (Gas)" → "Gas"; shattered as the spec defines it (both worked out by the server for the list too). */
export { isShattered, planetKind } from '../../../schemas/wormhole-classes'

/** J-code search ignores a leading J and case, and matches anywhere in the code (or in a Drifter system's name). */
export const normalizeJcode = (s: string) => s.trim().toLowerCase().replace(/^j/, '')

/** SDE classes 14-18: the Drifter systems, whose class label is also the name pilots know each by ("Vidette"). */
const isDrifterClass = (classId: number) => classId >= 14 && classId <= 18

/** What filtering needs from one system, worked out once so each keystroke only compares sets. */
export interface IndexedWormhole {
  system: Wormhole
  key: string
  /** A Drifter system's name in lower case, which the search also matches; '' for other systems. */
  name: string
  destinations: Set<string>
  planetKinds: Set<string>
  effect: string
  shattered: boolean
}

export function indexWormholes(list: Wormhole[], destinationsOf: (code: string) => readonly string[]): IndexedWormhole[] {
  return list.map((system) => ({
    system,
    key: normalizeJcode(system.jcode),
    name: isDrifterClass(system.class) ? system.class_label.toLowerCase() : '',
    destinations: new Set(system.statics.flatMap((code) => destinationsOf(code))),
    planetKinds: new Set(system.planet_types),
    effect: system.effect ?? NO_EFFECT,
    shattered: system.shattered,
  }))
}

/** Whether a search asks for Thera, which the list leaves out (the spec's 2603 systems), so the page can say why. */
export const searchesThera = (q: string) => normalizeJcode(q) === 'thera'

/** Filters combine with AND; see WormholeFilters for how choices inside one filter combine. */
export function filterWormholes(rows: IndexedWormhole[], f: WormholeFilters): IndexedWormhole[] {
  const q = normalizeJcode(f.q)
  const classes = new Set(f.classes)
  const effects = new Set(f.effects)
  return rows.filter(
    (r) =>
      (classes.size === 0 || classes.has(r.system.class_label)) &&
      f.statics.every((d) => r.destinations.has(d)) &&
      f.planets.every((p) => r.planetKinds.has(p)) &&
      (effects.size === 0 || effects.has(r.effect)) &&
      (!f.a0 || r.system.star_type_id === A0_STAR_TYPE_ID) &&
      (f.shattered === 'all' || (f.shattered === 'only') === r.shattered) &&
      (q === '' || r.key.includes(q) || (r.name !== '' && r.name.includes(q))),
  )
}

const slug = (s: string) => s.toLowerCase().replace(/\s+/g, '-')
const fromSlugs = (raw: string | null, options: readonly string[]) => {
  if (!raw) return []
  const wanted = new Set(raw.split(',').map((s) => s.trim().toLowerCase()))
  return options.filter((o) => wanted.has(slug(o)))
}

/** Filters live in the query string (`?class=c5,c6&static=hs&planet=gas&effect=no-effect&a0=1&shattered=only&q=1234`) so a search can be shared. */
export function filtersFromQuery(params: URLSearchParams, staticOptions: readonly string[]): WormholeFilters {
  const shattered = params.get('shattered')?.trim().toLowerCase()
  return {
    classes: fromSlugs(params.get('class'), CLASS_OPTIONS),
    statics: fromSlugs(params.get('static'), staticOptions),
    planets: fromSlugs(params.get('planet'), PLANET_TYPES),
    effects: fromSlugs(params.get('effect'), EFFECT_OPTIONS),
    a0: params.get('a0') === '1',
    shattered: (SHATTERED_MODES as readonly string[]).includes(shattered ?? '') ? (shattered as ShatteredMode) : 'all',
    q: (params.get('q') ?? '').slice(0, 20),
  }
}

export function filtersToQuery(f: WormholeFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (f.classes.length) params.set('class', f.classes.map(slug).join(','))
  if (f.statics.length) params.set('static', f.statics.map(slug).join(','))
  if (f.planets.length) params.set('planet', f.planets.map(slug).join(','))
  if (f.effects.length) params.set('effect', f.effects.map(slug).join(','))
  if (f.a0) params.set('a0', '1')
  if (f.shattered !== 'all') params.set('shattered', f.shattered)
  if (f.q.trim()) params.set('q', f.q.trim())
  return params
}
