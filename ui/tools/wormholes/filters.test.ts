import { describe, expect, it } from 'vitest'
import type { Wormhole } from '../../../schemas/wormholes'
import {
  A0_STAR_TYPE_ID,
  filterWormholes,
  filtersFromQuery,
  filtersToQuery,
  indexWormholes,
  isShattered,
  NO_FILTERS,
  planetKind,
  searchesThera,
  type WormholeFilters,
} from './filters'

const planet = (kind: string, i = 0) => ({ planet_id: i, name: `P ${i}`, type_id: 11, type_name: `Planet (${kind})`, moon_count: 1 })
type Fixture = Partial<Omit<Wormhole, 'planet_types' | 'shattered'>> & {
  planets?: Array<ReturnType<typeof planet>>
  star_name?: string | null
  star_spectral_class?: string | null
}
/** A list row as the server builds it: planet kinds once each, shattered by the spec's rule. */
function system(jcode: string, over: Fixture = {}): Wormhole {
  const { planets = [], star_name = 'Sun G5 (Yellow)', star_spectral_class = 'G5 V', ...rest } = over
  return {
    jcode,
    solarsystemid: Number(jcode.replace(/\D/g, '')) || 1,
    class: 5,
    class_label: 'C5',
    effect: null,
    statics: [],
    star_type_id: 6,
    ...rest,
    planet_types: [...new Set(planets.map((p) => planetKind(p.type_name)))],
    shattered: isShattered({ star_name, star_spectral_class, planets }),
  }
}

const DESTINATIONS: Record<string, string[]> = { H296: ['c5'], B274: ['hs'], D382: ['c2'], N062: ['c5'], Z006: ['c3'] }
const rows = indexWormholes(
  [
    system('J100001', { statics: ['H296', 'B274'], planets: [planet('Gas'), planet('Lava', 1)], effect: 'Pulsar' }),
    system('J100002', {
      class: 2,
      class_label: 'C2',
      statics: ['D382'],
      planets: [planet('Gas')],
      star_type_id: A0_STAR_TYPE_ID,
      star_name: 'Sun A0 (Blue Small)',
    }),
    system('J200003', { class: 5, class_label: 'C5', statics: ['N062'], planets: [planet('Shattered')], effect: 'Wolf Rayet' }),
    system('J300004', { class: 13, class_label: 'C13', statics: ['Z006'], star_name: 'Sun A0IV (Turbulent Blue Subgiant)', star_spectral_class: 'A0IV2' }),
    system('J1226-0', { class: 4, class_label: 'C4', effect: 'Black Hole', planets: [planet('Temperate')] }),
    system('J400005', { class: 16, class_label: 'Vidette', statics: ['D382'], effect: 'Magnetar' }),
  ],
  (code) => DESTINATIONS[code] ?? [],
)
const jcodes = (f: Partial<WormholeFilters>) => filterWormholes(rows, { ...NO_FILTERS, ...f }).map((r) => r.system.jcode)

describe('wormhole filters', () => {
  it('shows every system with no filter', () => {
    expect(jcodes({})).toHaveLength(6)
  })

  it('Class: any of the chosen class labels, including the Drifter systems', () => {
    expect(jcodes({ classes: ['C5'] })).toEqual(['J100001', 'J200003'])
    expect(jcodes({ classes: ['C2', 'C13'] })).toEqual(['J100002', 'J300004'])
    expect(jcodes({ classes: ['Vidette'] })).toEqual(['J400005'])
  })

  it('Statics: a static to every chosen destination', () => {
    expect(jcodes({ statics: ['c5'] })).toEqual(['J100001', 'J200003'])
    expect(jcodes({ statics: ['c5', 'hs'] })).toEqual(['J100001'])
    expect(jcodes({ statics: ['thera'] })).toEqual([])
  })

  it('Planets: at least one planet of every chosen type', () => {
    expect(jcodes({ planets: ['Gas'] })).toEqual(['J100001', 'J100002'])
    expect(jcodes({ planets: ['Gas', 'Lava'] })).toEqual(['J100001'])
  })

  it("Effect: any of the chosen effects; 'No Effect' matches systems without one", () => {
    expect(jcodes({ effects: ['No Effect'] })).toEqual(['J100002', 'J300004'])
    expect(jcodes({ effects: ['Pulsar', 'Magnetar'] })).toEqual(['J100001', 'J400005'])
  })

  it('Only A0 blue stars: star type 3801 only', () => {
    expect(jcodes({ a0: true })).toEqual(['J100002'])
  })

  it('Shattered: an A0IV star or a shattered planet; all, only or none', () => {
    expect(jcodes({ shattered: 'only' })).toEqual(['J200003', 'J300004'])
    expect(jcodes({ shattered: 'none' })).toEqual(['J100001', 'J100002', 'J1226-0', 'J400005'])
    expect(isShattered({ star_name: null, star_spectral_class: 'A0IV', planets: [] })).toBe(true)
  })

  it('J-code search ignores a leading J and case and matches anywhere in the code', () => {
    for (const q of ['J100001', 'j100001', '100001', ' 100001 ']) expect(jcodes({ q })).toEqual(['J100001'])
    expect(jcodes({ q: '00001' })).toEqual(['J100001'])
    expect(jcodes({ q: 'j1226' })).toEqual(['J1226-0'])
    expect(jcodes({ q: 'jj100001' })).toEqual([])
    expect(jcodes({ q: 'J' })).toHaveLength(6)
  })

  it('search also finds a Drifter system by its name, in any case, and knows when it asks for Thera', () => {
    for (const q of ['Vidette', 'vidette', 'VIDET', ' idet ']) expect(jcodes({ q })).toEqual(['J400005'])
    // a class label is not a name: "C5" finds no J-code
    expect(jcodes({ q: 'C5' })).toEqual([])
    expect(jcodes({ q: 'Vidette', classes: ['C5'] })).toEqual([])
    expect(searchesThera(' Thera ')).toBe(true)
    expect(searchesThera('ther')).toBe(false)
  })

  it('combines filters with AND', () => {
    expect(jcodes({ classes: ['C5'], effects: ['Pulsar'] })).toEqual(['J100001'])
    expect(jcodes({ classes: ['C5'], shattered: 'none', statics: ['c5'] })).toEqual(['J100001'])
    expect(jcodes({ classes: ['C2'], a0: true, planets: ['Gas'], q: '0002' })).toEqual(['J100002'])
    expect(jcodes({ classes: ['C2'], a0: true, planets: ['Lava'] })).toEqual([])
  })
})

describe('filters in the address', () => {
  const statics = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'hs', 'ls', 'ns', 'thera']
  it('round-trips every filter through the query string', () => {
    const f: WormholeFilters = {
      classes: ['C5', 'Sentinel'],
      statics: ['hs', 'c5'],
      planets: ['Gas'],
      effects: ['Wolf Rayet', 'No Effect'],
      a0: true,
      shattered: 'only',
      q: '1234',
    }
    const query = filtersToQuery(f)
    expect(query.toString()).toBe('class=c5%2Csentinel&static=hs%2Cc5&planet=gas&effect=wolf-rayet%2Cno-effect&a0=1&shattered=only&q=1234')
    const back = filtersFromQuery(query, statics)
    expect(back).toEqual({ ...f, statics: ['c5', 'hs'] })
  })

  it('leaves an empty query for no filters and ignores what it does not know', () => {
    expect(filtersToQuery(NO_FILTERS).toString()).toBe('')
    expect(filtersFromQuery(new URLSearchParams('class=c9,C5&effect=sunny&shattered=maybe&a0=yes'), statics)).toEqual({ ...NO_FILTERS, classes: ['C5'] })
    // a hand-typed link reads in any case, as the class and static filters do
    expect(filtersFromQuery(new URLSearchParams('shattered=Only'), statics).shattered).toBe('only')
  })
})
