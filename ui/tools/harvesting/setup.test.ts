import { describe, expect, it } from 'vitest'
import type { GasCalcEntry } from '../../../schemas/harvesting'
import { nextSort } from '../../components/SortableTable'
import { GAS_DEFAULT_SORT, GAS_DEFAULTS, GAS_FORM_SPEC, gasRequest, reconcileGasForm, siteTotalMillions, sortPairs, toPairs } from './gas-setup'
import { moduleFor, ORE_DEFAULTS, ORE_FORM_SPEC, oreRequest } from './ore-setup'
import { carriesForm, readForm, writeForm } from './query-form'

const entry = (site: string, gas: string, over: Partial<GasCalcEntry>): GasCalcEntry =>
  ({ site, gas, classes: ['C5'], ttk: '10m', iskPerHour: 1, iskPerCloud: 1, m3PerCloud: 1, m3LostResidue: 0, iskLostResidue: 0, ...over }) as GasCalcEntry

describe('gas pairs sort', () => {
  const entries = [
    // siteIskPerHour is what the whole site pays (both clouds), the default sort since issue #42
    entry('A', 'a1', { iskPerHour: 5, siteIskPerHour: 4, ttk: '1h 5m', iskPerCloud: 2_400_000 }),
    entry('A', 'a2', { iskPerHour: 99, siteIskPerHour: 4, ttk: '1m', iskPerCloud: 1_000_000 }),
    entry('B', 'b1', { iskPerHour: 7, siteIskPerHour: 6, ttk: '45m', iskPerCloud: null }),
    entry('B', 'b2', { iskPerHour: 1, siteIskPerHour: 6, ttk: '2h 0m', iskPerCloud: 5 }),
    entry('C', 'c1', { iskPerHour: null, siteIskPerHour: null, ttk: 'never', iskPerCloud: 3 }),
    entry('C', 'c2', { iskPerHour: 2, siteIskPerHour: null, ttk: '3m', iskPerCloud: 4 }),
  ]
  const order = (key: string, direction: 'asc' | 'desc') =>
    sortPairs(toPairs(entries), { key, direction })
      .map(([a]) => a.site)
      .join('')

  it('orders pairs by their first entry, keeping each pair together; a missing value sorts last either way', () => {
    expect(GAS_DEFAULT_SORT).toEqual({ key: 'siteIskPerHour', direction: 'desc' })
    expect(order('siteIskPerHour', 'asc')).toBe('ABC')
    expect(order('iskPerHour', 'desc')).toBe('BAC')
    expect(order('iskPerHour', 'asc')).toBe('ABC')
    expect(sortPairs(toPairs(entries), GAS_DEFAULT_SORT).map(([a, b]) => [a.gas, b?.gas])).toEqual([
      ['b1', 'b2'],
      ['a1', 'a2'],
      ['c1', 'c2'],
    ])
  })

  it('reads time to huff as minutes, an unreadable one as infinite', () => {
    expect(order('ttk', 'asc')).toBe('BAC')
    expect(order('ttk', 'desc')).toBe('CAB')
  })

  it('follows the header rule: a new column ascending, the active one flips', () => {
    let sort = GAS_DEFAULT_SORT
    sort = nextSort(sort, { key: 'ttk', header: 'TTK' })
    expect(sort).toEqual({ key: 'ttk', direction: 'asc' })
    sort = nextSort(sort, { key: 'ttk', header: 'TTK' })
    expect(sort).toEqual({ key: 'ttk', direction: 'desc' })
  })

  it('totals a site in millions, or says the price is missing', () => {
    const [a, b] = toPairs(entries)
    expect(siteTotalMillions(a)).toBe(3)
    expect(siteTotalMillions(b)).toBeNull()
  })
})

describe('forms in the address', () => {
  it('round-trip the gas form and build the spec body', () => {
    const form = { ...GAS_DEFAULTS, ship: 'Hulk', moduleType: 'Gas Cloud Harvester II', exhumer: 4, implant: 0.03, compressed: true, siteClass: 'C5' }
    const params = writeForm(form, GAS_FORM_SPEC)
    expect(params.get('ship')).toBe('Hulk')
    expect(params.get('compressed')).toBe('1')
    expect(readForm(params, GAS_FORM_SPEC, GAS_DEFAULTS)).toEqual({ form, unreadable: [] })
    expect(gasRequest(form)).toMatchObject({
      ship: 'Hulk',
      moduleType: 'Gas Cloud Harvester II',
      skills: { Frigate: 5, Barge: 0, Exhumer: 4 },
      implant: 0.03,
      bastion: 'no',
      compressed: true,
    })
    expect(gasRequest(form)).not.toHaveProperty('siteClass')
  })

  it('keep the default for anything unreadable and say which', () => {
    const { form, unreadable } = readForm(
      new URLSearchParams('ship=Rorqual&modules=0&frigate=7&implant=0.02&boost=orca&compressed=yes'),
      GAS_FORM_SPEC,
      GAS_DEFAULTS,
    )
    expect(form).toEqual({ ...GAS_DEFAULTS, boostShip: 'Orca' })
    expect(unreadable).toEqual(['ship', 'modules', 'frigate', 'implant', 'compressed'])
    expect(carriesForm(new URLSearchParams('utm=1'), GAS_FORM_SPEC)).toBe(false)
    expect(carriesForm(new URLSearchParams('ship=Hulk'), GAS_FORM_SPEC)).toBe(true)
  })

  it('read an empty or blank number as unreadable, not as 0 (Number("") is 0, a valid skill level)', () => {
    // ?mining=&astro=%20 once set Mining and Astrogeology to 0 without a word: 1.25 × 1.25 less yield on every ore.
    const ore = readForm(new URLSearchParams('mining=&astro=%20&lows=&ships=4'), ORE_FORM_SPEC, ORE_DEFAULTS)
    expect(ore.form).toEqual({ ...ORE_DEFAULTS, numShips: 4 })
    expect(ore.unreadable).toEqual(['lows', 'mining', 'astro'])
    const gas = readForm(new URLSearchParams('frigate=&implant=&ics=%20'), GAS_FORM_SPEC, GAS_DEFAULTS)
    expect(gas.form).toEqual(GAS_DEFAULTS)
    expect(gas.unreadable).toEqual(['frigate', 'implant', 'ics'])
    // An empty text or choice is still a value where the form has one: no crystal, no low-slot module.
    expect(readForm(new URLSearchParams('crystal=&low='), ORE_FORM_SPEC, ORE_DEFAULTS)).toEqual({ form: { ...ORE_DEFAULTS, lowSlotName: '' }, unreadable: [] })
  })

  it("give the ship its usual module when the link's module is missing or one the ship does not use", () => {
    const read = (query: string) => {
      const params = new URLSearchParams(query)
      return reconcileGasForm(readForm(params, GAS_FORM_SPEC, GAS_DEFAULTS), params)
    }
    expect(read('ship=Hulk')).toEqual({ form: { ...GAS_DEFAULTS, ship: 'Hulk', moduleType: 'Gas Cloud Harvester II' }, unreadable: [] })
    expect(read('ship=Venture&module=ORE+Gas+Cloud+Harvester&modules=9')).toEqual({
      form: { ...GAS_DEFAULTS, ship: 'Venture' },
      unreadable: ['modules', 'module'],
    })
    expect(read('ship=Skiff&module=Gas+Cloud+Harvester+I')).toEqual({
      form: { ...GAS_DEFAULTS, ship: 'Skiff', moduleType: 'Gas Cloud Harvester I' },
      unreadable: [],
    })
  })

  it("read a name whatever its quotes and case, as the server does (the spec writes Crop' Gas Cloud Scoop)", () => {
    const gas = readForm(new URLSearchParams('ship=venture&module=Crop%27+Gas+Cloud+Scoop'), GAS_FORM_SPEC, GAS_DEFAULTS)
    expect(gas).toEqual({ form: { ...GAS_DEFAULTS, ship: 'Venture', moduleType: "'Crop' Gas Cloud Scoop" }, unreadable: [] })
    expect(readForm(new URLSearchParams('module=%E2%80%98Plow%E2%80%99%20gas%20cloud%20scoop'), GAS_FORM_SPEC, GAS_DEFAULTS).form.moduleType).toBe(
      "'Plow' Gas Cloud Scoop",
    )
    const ore = readForm(new URLSearchParams('implant=Inherent+Implants+Highwall+Mining+MX-1005'), ORE_FORM_SPEC, ORE_DEFAULTS)
    expect(ore).toEqual({ form: { ...ORE_DEFAULTS, implantName: "Inherent Implants 'Highwall' Mining MX-1005" }, unreadable: [] })
  })

  it('build the ore body, with no low-slot count when no low-slot module is chosen', () => {
    const body = oreRequest({ ...ORE_DEFAULTS, lowSlotName: '', lowSlotCount: 3 })
    expect(body.config).toMatchObject({ ship: 'Hulk', module: 'Modulated Strip Miner II', numModules: 2, lowSlotName: '', lowSlotCount: 0 })
    expect(body.boost).toEqual({ ship: 'None', industrial: 0, director: 0, implant: 'None', module: 'T1', bastion: 'No' })
    expect(readForm(writeForm(ORE_DEFAULTS, ORE_FORM_SPEC), ORE_FORM_SPEC, ORE_DEFAULTS).form).toEqual(ORE_DEFAULTS)
  })

  it('pick a module the new hull fits', () => {
    expect(moduleFor(['Miner II', 'Modulated Deep Core Miner II'], 'Modulated Strip Miner II')).toBe('Miner II')
    expect(moduleFor(['Strip Miner I', 'Modulated Strip Miner II'], 'Strip Miner I')).toBe('Strip Miner I')
    expect(moduleFor(['ORE Strip Miner'], 'Miner II')).toBe('ORE Strip Miner')
  })
})
