import { describe, expect, it } from 'vitest'
import type { DrifterAdditions, SiteRecord, SiteShip, SiteWave } from '../../../schemas/wormhole-sites'
import {
  blueLootTotal,
  DEFAULT_SITES_STATE,
  drifterNote,
  filterSites,
  hasTackle,
  peakStats,
  referenceWaves,
  resourceKindOf,
  sitesStateFromQuery,
  sitesStateToQuery,
  waveTotals,
  withEscalations,
  type SitesState,
} from './sites'

function ship(name: string, over: Partial<SiteShip> = {}): SiteShip {
  return {
    qty: 1,
    name,
    type_id: null,
    ship_class: 'cruiser',
    dps: 0,
    alpha: 0,
    ehp: 0,
    sig: 150,
    orbit_velocity: 200,
    max_velocity: 1000,
    distance: 15_000,
    special: {},
    trigger: false,
    optional: false,
    dta: false,
    note: null,
    stats_source: 'sde',
    ...over,
  }
}
const wave = (name: string, ships: SiteShip[]): SiteWave => ({ wave: name, triggerOnHack: false, ships })
const site = (over: Partial<SiteRecord> = {}): SiteRecord => ({
  site: 'Core Garrison',
  class: 'C5',
  type: 'Combat',
  blue_loot_isk: 253_400_000,
  notes: [],
  waves: [
    wave('Wave 1', [
      ship('Emergent Sentinel', { qty: 5, dps: 29, alpha: 207, ehp: 6600, special: { scram: 1, web: 60 } }),
      ship('Awakened Sentinel', { qty: 5, dps: 76, alpha: 778, ehp: 42167, trigger: true }),
    ]),
    wave('Wave 2', [ship('Emergent Keeper', { qty: 6, dps: 22, alpha: 171, ehp: 4400, special: { neut: 3, rr: 26 }, trigger: true })]),
    wave('Wave 3', [
      ship('Awakened Sentinel', { qty: 5, dps: 76, alpha: 778, ehp: 42167, dta: true }),
      ship('Sleepless Sentinel', { qty: 3, dps: 465, alpha: 5746, ehp: 147714, special: { neut: 18 } }),
    ]),
  ],
  ...over,
})
const drifters: DrifterAdditions = {
  avengers: {
    ship: ship('Upgraded Avenger', { ship_class: 'battleship', dps: 1210, alpha: 16736, ehp: 1_202_632, special: { scram: 15, web: 50, neut: 75 } }),
    blue_loot_isk: 50_000_000,
    notes: null,
    count: { C5: 3, C6: 4 },
  },
  response: {
    ship: ship('Drifter Response Battleship', { ship_class: 'battleship', dps: 1600, alpha: 4800, special: { scram: 20, neut: 200 } }),
    blue_loot_isk: 300_000_000,
    notes: null,
  },
  recon: {
    ship: ship('Drifter Recon Battleship', { ship_class: 'battleship', dps: 1067, alpha: 3200, special: { scram: 20, neut: 100 } }),
    blue_loot_isk: 100_000_000,
    notes: null,
  },
  missing: [],
}

describe('wave totals', () => {
  it('multiplies every figure by the ship count and counts webbing ships', () => {
    expect(waveTotals(site().waves[0].ships)).toEqual({
      ehp: 5 * 6600 + 5 * 42167,
      dps: 5 * 29 + 5 * 76,
      alpha: 5 * 207 + 5 * 778,
      scram: 5,
      web: 5,
      neut: 0,
      rr: 0,
    })
    expect(waveTotals(site().waves[1].ships)).toMatchObject({ neut: 18, rr: 156 })
  })

  it('peaks over sleeper waves only: escalation waves are left out', () => {
    const s = withEscalations(site(), 'response', drifters)
    expect(peakStats(s.waves)).toEqual({ dps: 5 * 76 + 3 * 465, alpha: 5 * 778 + 3 * 5746, neut: 54 })
  })

  it("says 'No tackle!' only when nothing scrams", () => {
    expect(hasTackle(site().waves)).toBe(true)
    expect(hasTackle(site().waves.slice(1))).toBe(false)
  })
})

describe('Drifter toggles', () => {
  it('adds nothing when both are off', () => {
    expect(withEscalations(site(), 'none', drifters)).toMatchObject({ blueLoot: 253_400_000, escalationIsk: 0 })
    expect(withEscalations(site(), 'none', drifters).waves).toHaveLength(3)
  })

  it('Response: 3 Upgraded Avengers in C5 (150 M) and the Response battleship on combat sites (300 M)', () => {
    const v = withEscalations(site(), 'response', drifters)
    expect(v.waves.slice(3).map((w) => [w.wave, w.ships[0].qty])).toEqual([
      ['Upgraded Avengers', 3],
      ['Drifter Response Battleship', 1],
    ])
    expect(v.blueLoot).toBe(253_400_000 + 150_000_000 + 300_000_000)
  })

  it('Response: 4 Avengers in C6 (200 M); on a data or relic site only the Avengers', () => {
    const v = withEscalations(site({ class: 'C6', type: 'Data', blue_loot_isk: 1_000 }), 'response', drifters)
    expect(v.waves.slice(3).map((w) => [w.wave, w.ships[0].qty])).toEqual([['Upgraded Avengers', 4]])
    expect(v.blueLoot).toBe(1_000 + 200_000_000)
  })

  it('Recon: the Recon battleship on C5/C6 combat sites only (100 M)', () => {
    expect(withEscalations(site(), 'recon', drifters).blueLoot).toBe(253_400_000 + 100_000_000)
    expect(withEscalations(site({ type: 'Relic' }), 'recon', drifters).waves).toHaveLength(3)
  })

  it('never applies below C5, or without the escalation data', () => {
    expect(withEscalations(site({ class: 'C4' }), 'response', drifters).waves).toHaveLength(3)
    expect(withEscalations(site(), 'response', null).blueLoot).toBe(253_400_000)
  })
})

describe('reference mode', () => {
  it('keeps escalation waves whole and, elsewhere, only Trigger and DTR ships; waves without them go', () => {
    const waves = referenceWaves(withEscalations(site({ waves: [...site().waves, wave('Wave 4', [ship('Emergent Escort')])] }), 'recon', drifters).waves)
    expect(waves.map((w) => [w.wave, w.ships.map((s) => s.name)])).toEqual([
      ['Wave 1', ['Awakened Sentinel']],
      ['Wave 2', ['Emergent Keeper']],
      ['Wave 3', ['Awakened Sentinel']],
      ['Drifter Recon Battleship', ['Drifter Recon Battleship']],
    ])
  })
})

describe('site filters', () => {
  const sites = [site(), site({ site: 'Forgotten Core Data Field', type: 'Relic' }), site({ site: 'Core Bastion', class: 'C6' })]
  it('by class buttons, type and name', () => {
    expect(filterSites(sites, { classes: ['C5'], type: 'All Types', q: '' }).map((s) => s.site)).toEqual(['Core Garrison', 'Forgotten Core Data Field'])
    expect(filterSites(sites, { classes: ['C5', 'C6'], type: 'Combat', q: '' }).map((s) => s.site)).toEqual(['Core Garrison', 'Core Bastion'])
    expect(filterSites(sites, { classes: ['C5', 'C6'], type: 'All Types', q: ' DATA field' }).map((s) => s.site)).toEqual(['Forgotten Core Data Field'])
    expect(filterSites(sites, { classes: [], type: 'All Types', q: '' })).toEqual([])
  })
})

describe('page state in the address', () => {
  const round = (query: string) => sitesStateFromQuery(new URLSearchParams(query))
  it('is empty for the defaults, and reads an empty query as the defaults', () => {
    expect(sitesStateToQuery(DEFAULT_SITES_STATE).toString()).toBe('')
    expect(round('')).toEqual(DEFAULT_SITES_STATE)
  })

  it('round-trips every choice, including no class at all and a search with spaces and unicode', () => {
    const states = [
      { classes: ['C6', 'C1'], type: 'Relic', q: ' Forgotten Core ', reference: true, drifter: 'response' },
      { classes: [], type: 'Combat', q: 'é&=?', reference: false, drifter: 'recon' },
    ] as const
    for (const s of states) expect(round(sitesStateToQuery({ ...s, classes: [...s.classes] }).toString())).toEqual({ ...s, classes: [...s.classes].sort() })
  })

  it('ignores values it does not know', () => {
    expect(round('class=c7,C5,x&type=ghost&drifter=big&ref=yes')).toEqual({ ...DEFAULT_SITES_STATE, classes: ['C5'] })
  })

  it('reads the gas and ore choices, which show those sites alone', () => {
    expect(round('type=gas').type).toBe('Gas')
    expect(round('type=Ore').type).toBe('Ore')
    expect(['All Types', 'Relic', 'Gas', 'Ore'].map((t) => resourceKindOf(t as SitesState['type']))).toEqual([null, null, 'gas', 'ore'])
    expect(filterSites([site()], { classes: ['C5'], type: 'Gas', q: '' })).toEqual([])
  })

  it('reads a hand-typed Drifter choice in any case, as it reads class and type', () => {
    expect(round('drifter=Recon').drifter).toBe('recon')
    expect(round('drifter=RESPONSE').drifter).toBe('response')
  })
})

describe('a site with no blue loot value in the data', () => {
  const unknown = site({ site: 'Core Bastion', blue_loot_isk: 0 })

  it('stays unknown with an escalation, which is still counted on its own', () => {
    expect(withEscalations(unknown, 'none', drifters)).toMatchObject({ blueLoot: null, escalationIsk: 0 })
    expect(withEscalations(unknown, 'response', drifters)).toMatchObject({ blueLoot: null, escalationIsk: 150_000_000 + 300_000_000 })
  })

  it('makes the list total partial, summing the known values only', () => {
    const views = [withEscalations(site(), 'none', drifters), withEscalations(unknown, 'none', drifters)]
    expect(blueLootTotal(views)).toEqual({ isk: 253_400_000, unknown: 1 })
    expect(blueLootTotal(views.slice(0, 1))).toEqual({ isk: 253_400_000, unknown: 0 })
  })
})

describe('a Drifter toggle that adds nothing to the sites chosen says why', () => {
  const state = (over: Partial<SitesState>): SitesState => ({ ...DEFAULT_SITES_STATE, ...over })
  it('outside C5 and C6', () => {
    expect(drifterNote(state({ classes: ['C3'], drifter: 'response' }))).toBe('Drifter escalations happen only in C5 and C6 sites.')
    expect(drifterNote(state({ classes: ['C3', 'C6'], drifter: 'response' }))).toBeNull()
  })
  it('the Recon battleship on data or relic sites only', () => {
    expect(drifterNote(state({ classes: ['C5'], type: 'Relic', drifter: 'recon' }))).toBe(
      'The Drifter Recon Battleship comes only to C5 and C6 combat sites, and no combat site is chosen.',
    )
    expect(drifterNote(state({ classes: ['C5'], type: 'Data', drifter: 'recon' }))).not.toBeNull()
    expect(drifterNote(state({ classes: ['C5'], type: 'Combat', drifter: 'recon' }))).toBeNull()
    expect(drifterNote(state({ classes: ['C5'], type: 'All Types', drifter: 'recon' }))).toBeNull()
    // the Response toggle brings the Avengers to data and relic sites too
    expect(drifterNote(state({ classes: ['C5'], type: 'Relic', drifter: 'response' }))).toBeNull()
  })
  it('nothing while both are off', () => {
    expect(drifterNote(state({ classes: ['C1'], type: 'Relic' }))).toBeNull()
  })
})
