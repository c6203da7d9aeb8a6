import { describe, expect, it } from 'vitest'
import { Catalog } from '../../../platform/catalog/catalog.js'
import { catalogSource } from '../../../platform/catalog/testing.js'
import type { SolarSystemRow } from '../../../schemas/static-data.js'
import type { StoredConnection, TheraConnection } from '../../../schemas/thera.js'
import { feedAt } from './feed.js'
import { closeSystemNames, routesToHubs } from './route.js'

/** A made-up map: a chain Origin-Alpha-Bravo-Charlie-Delta-Market of gates, Thera (J-space, no gates), Turnur-Far apart. */
const system = (solar_system_id: number, name: string, jspace = false): SolarSystemRow => ({
  solar_system_id,
  name,
  region_id: 1,
  region_name: 'Test Region',
  constellation_id: 2,
  constellation_name: 'Test Constellation',
  security: jspace ? -1 : 0.5,
  class_id: jspace ? 12 : 7,
  is_jspace: jspace,
  star_type_id: null,
  star_type_name: null,
  star_spectral_class: null,
  secondary_sun_type_id: null,
  effect: null,
  effect_beacon_type_id: null,
  effect_strength: null,
  planet_count: 0,
  moon_count: 0,
})
const ids = { Origin: 1, Alpha: 2, Bravo: 3, Charlie: 4, Delta: 5, Market: 6, Thera: 7, Turnur: 8, Far: 9 } as const
const chain = ['Origin', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Market'] as const
const gates: Array<[number, number]> = []
const link = (a: number, b: number) => gates.push([a, b], [b, a])
for (let i = 1; i < chain.length; i++) link(ids[chain[i - 1]], ids[chain[i]])
link(ids.Turnur, ids.Far)
const catalog = new Catalog(catalogSource({ systems: Object.entries(ids).map(([name, id]) => system(id, name, name === 'Thera')), stargates: gates }))

const conn = (id: string, hub: 'Thera' | 'Turnur', to: keyof typeof ids, size: TheraConnection['max_ship_size'] = 'large'): TheraConnection => ({
  id,
  hub,
  hub_system_id: ids[hub],
  hub_signature: 'ABC-123',
  system_id: ids[to],
  system_name: to,
  system_class: 'hs',
  region_id: 1,
  region_name: 'Test Region',
  signature: 'DEF-456',
  wh_type: 'Q063',
  type_side: 'hub',
  max_ship_size: size,
  scanned_at: '2026-12-02T08:00:00.000Z',
  updated_at: '2026-12-02T08:00:00.000Z',
  expires_at: '2026-12-03T01:00:00.000Z',
  security: 0.5,
  kspace: true,
  remaining_minutes: 600,
})
const connections = [conn('1', 'Thera', 'Alpha'), conn('2', 'Thera', 'Delta', 'medium'), conn('3', 'Turnur', 'Origin', 'xlarge')]
const hubs = ['Market', 'Far', 'Bravo']

describe('the shortest way to the trade hubs through Thera or Turnur', () => {
  it('goes in through one connection and out through another when that is shorter than the gates', () => {
    const [market] = routesToHubs(catalog, ids.Origin, connections, hubs)
    expect(market.jumps_by_gates).toBe(5)
    expect(market.jumps_via_connection).toBe(4)
    expect(market.path.map((s) => [s.name, s.by, s.connection?.id ?? null])).toEqual([
      ['Origin', null, null],
      ['Alpha', 'gate', null],
      ['Thera', 'wormhole', '1'],
      ['Delta', 'wormhole', '2'],
      ['Market', 'gate', null],
    ])
    expect(market.max_ship_size).toBe('medium') // the smaller of the two holes
  })

  it('reaches a hub no gate leads to, through Turnur', () => {
    const far = routesToHubs(catalog, ids.Origin, connections, hubs)[1]
    expect(far.jumps_by_gates).toBeNull()
    expect(far.jumps_via_connection).toBe(2)
    expect(far.path.map((s) => s.name)).toEqual(['Origin', 'Turnur', 'Far'])
  })

  it('still answers through a connection where the gates are shorter, so the page can say the gates win', () => {
    const bravo = routesToHubs(catalog, ids.Origin, connections, hubs)[2]
    expect(bravo.jumps_by_gates).toBe(2)
    expect(bravo.jumps_via_connection).toBeGreaterThan(2)
  })

  it('starts from Thera itself (no gates) and from a system no connection reaches', () => {
    const [market] = routesToHubs(catalog, ids.Thera, connections, hubs)
    expect(market.jumps_by_gates).toBeNull()
    expect(market.jumps_via_connection).toBe(2)
    const none = routesToHubs(catalog, ids.Origin, [], hubs)
    expect(none.map((h) => h.jumps_via_connection)).toEqual([null, null, null])
    expect(none[0].path).toEqual([])
    expect(none.map((h) => h.jumps_by_gates)).toEqual([5, null, 2])
  })

  it('leaves out hubs the map does not have', () => {
    expect(routesToHubs(catalog, ids.Origin, connections, ['Market', 'Nowhere']).map((h) => h.hub)).toEqual(['Market'])
  })
})

describe('close system names', () => {
  it('offers names that start with what was typed, then the nearest by spelling', () => {
    expect(closeSystemNames(catalog, 'Delt')).toEqual(['Delta'])
    expect(closeSystemNames(catalog, 'Charlei')).toEqual(['Charlie'])
    expect(closeSystemNames(catalog, 'Zzzzzz')).toEqual([])
  })
})

describe('the list as the page sees it', () => {
  it('counts the minutes left, adds the SDE security and leaves out holes past their end of life', () => {
    const stored = (id: string, expires_at: string): StoredConnection => {
      const { security: _s, kspace: _k, remaining_minutes: _r, ...rest } = conn(id, 'Thera', 'Alpha')
      return { ...rest, expires_at }
    }
    const now = Date.parse('2026-12-02T10:00:00Z')
    const feed = feedAt(
      {
        connections: [stored('a', '2026-12-02T12:30:30Z'), stored('b', '2026-12-02T09:59:00Z')],
        listAt: '2026-12-02T09:55:00.000Z',
        etag: '',
        lastModified: '',
        okAt: '2026-12-02T09:55:00.000Z',
        failingSince: null,
        lastError: null,
      },
      catalog,
      now,
    )
    expect(feed.connections.map((c) => [c.id, c.remaining_minutes, c.security, c.kspace])).toEqual([['a', 150, 0.5, true]])
    expect(feed.expired_left_out).toBe(1)
  })
})
