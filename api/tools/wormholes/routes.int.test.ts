import { describe, expect, inject, it } from 'vitest'
import type { WormholeSystemDetail, WormholeTypeDetail, WormholeTypeInfo } from '../../../schemas/wormholes.js'
import { wormholeRows } from '../../../schemas/wormhole-list.js'

const base = inject('appUrl')
const get = async <T>(p: string) => {
  const res = await fetch(`${base}${p}`)
  expect(res.status, p).toBe(200)
  return (await res.json()) as T
}

describe('GET /api/wormhole-types', () => {
  it("lists every type code with the static data's mass, jump mass and lifetime, and the community figures beside them", async () => {
    const types = await get<WormholeTypeInfo[]>('/api/wormhole-types')
    expect(types).toHaveLength(100)
    const c247 = types.find((t) => t.code === 'C247')!
    expect(c247).toMatchObject({ destinations: ['c3'], total_mass: 2e9, max_jump_mass: 375e6, lifetime_hours: 16, static: true, disagreements: [] })
    expect(c247.sde[0]).toMatchObject({ total_mass: 2e9, max_jump_mass: 375e6, lifetime_hours: 16 })
    expect(c247.community).toEqual({ total_mass: 2e9, max_jump_mass: 375e6, lifetime_hours: 16, mass_regen: c247.community.mass_regen })
    // One truth per number: the bundled SDE's K329 (5,000,000,000 kg) is used, the community's 3,000,000,000 shown beside
    const k329 = types.find((t) => t.code === 'K329')!
    expect(k329.total_mass).toBe(5e9)
    expect(k329.community.total_mass).toBe(3e9)
    expect(k329.disagreements).toEqual(expect.arrayContaining(['total_mass', 'max_jump_mass', 'lifetime_hours']))
  })

  it('is cacheable with an ETag', async () => {
    const first = await fetch(`${base}/api/wormhole-types`)
    const again = await fetch(`${base}/api/wormhole-types`, { headers: { 'If-None-Match': first.headers.get('etag')! } })
    expect(again.status).toBe(304)
    // A compressing proxy weakens the tag; the client sends that form back.
    const weak = await fetch(`${base}/api/wormhole-types`, { headers: { 'If-None-Match': `W/${first.headers.get('etag')}` } })
    expect(weak.status).toBe(304)
  })
})

describe('GET /api/wormholes/{jcode}', () => {
  it('finds a system by its J-code in any case, with or without the J', async () => {
    for (const form of ['J123450', 'j123450', '123450']) {
      const d = await get<WormholeSystemDetail>(`/api/wormholes/${form}`)
      expect(d.system.jcode).toBe('J123450')
    }
    expect((await get<WormholeSystemDetail>('/api/wormholes/j1226-0')).system.jcode).toBe('J1226-0')
  })

  it('answers 404 with a sentence for an unknown system', async () => {
    const res = await fetch(`${base}/api/wormholes/J999999`)
    expect(res.status).toBe(404)
    expect((await res.json()).error).toBe('No wormhole system called J999999')
  })

  it('finds a Drifter system by the name pilots use, and says why Thera is not in the database', async () => {
    for (const [name, jcode] of [
      ['Vidette', 'J164710'],
      ['sentinel', 'J055520'],
      ['Barbican', 'J110145'],
      ['Conflux', 'J200727'],
      ['REDOUBT', 'J174618'],
    ]) {
      const d = await get<WormholeSystemDetail>(`/api/wormholes/${name}`)
      expect(d.system.jcode, name).toBe(jcode)
      expect(d.system.class_label.toLowerCase()).toBe(name.toLowerCase())
    }
    const thera = await fetch(`${base}/api/wormholes/Thera`)
    expect(thera.status).toBe(404)
    expect((await thera.json()).error).toBe(
      'Thera is not in the wormhole database: it has no static wormholes, and its connections to known space change all the time',
    )
  })

  it('gives the statics with their type data and the weather at the system strength', async () => {
    const d = await get<WormholeSystemDetail>('/api/wormholes/J123450')
    expect(d.statics.map((s) => [s.code, s.type?.destinations[0]])).toEqual([
      ['B274', 'hs'],
      ['Y683', 'c4'],
    ])
    expect(d.weather.differs).toBe(false)
    expect(d.weather.applied).toMatchObject({ effect: 'Wolf Rayet', strength: 2, beacon_name: 'Class 2 Wolf Rayet Effects' })
    // Class 2 Wolf-Rayet: armor HP +44 %, small weapon damage +88 %, shield resistances −22 %, signature radius −22 %
    const mods = Object.fromEntries(d.weather.applied!.modifiers.map((m) => [m.label, [m.value, m.good]]))
    expect(mods).toEqual({
      'Armor HP': ['+44%', true],
      'Small weapon damage': ['+88%', true],
      'Shield resistances': ['-22%', false],
      'Signature radius': ['-22%', true],
    })
    expect(d.image_server).toMatch(/^https?:\/\//)
  })

  it('says when the beacon that applies is not the visible sun (J005926: Pulsar sun, Class 1 Red Giant beacon)', async () => {
    const d = await get<WormholeSystemDetail>('/api/wormholes/J005926')
    expect(d.weather.visible_effect).toBe('Pulsar')
    expect(d.weather.applied).toMatchObject({ effect: 'Red Giant', strength: 1 })
    expect(d.weather.differs).toBe(true)
  })

  it("names the statics an older map lists where they differ (J015092: N110 + Z060 here, J244 + Z060 in Pathfinder's 2019 export)", async () => {
    const d = await get<WormholeSystemDetail>('/api/wormholes/J015092')
    expect(d.statics.map((s) => s.code)).toEqual(['N110', 'Z060'])
    expect(d.statics_elsewhere).toEqual({ source: "Pathfinder's 2019 export", statics: ['J244', 'Z060'] })
    expect((await get<WormholeSystemDetail>('/api/wormholes/J123450')).statics_elsewhere).toBeNull()
  })

  it('has no weather for a system without an effect', async () => {
    const list = wormholeRows(await get<unknown>('/api/wormholes'))!
    const calm = list.find((w) => w.effect === null)!
    const d = await get<WormholeSystemDetail>(`/api/wormholes/${calm.jcode}`)
    expect(d.weather).toEqual({ visible_effect: null, applied: null, differs: false })
  })
})

describe('the dialog intel: wandering holes, sites of the class, types by code', () => {
  it("lists the class's wandering holes and its sites by kind with their values", async () => {
    const d = await get<WormholeSystemDetail>('/api/wormholes/J123450')
    // C2: the community data lists F135 (to Thera) as its one wandering hole
    expect(d.wandering?.map((w) => w.code)).toEqual(['F135'])
    expect(d.wandering?.[0].type?.destinations).toEqual(['thera'])
    const kinds = new Set(d.sites!.map((s) => s.kind))
    expect([...kinds]).toEqual(['combat', 'relic', 'data', 'gas', 'ore'])
    expect(d.sites!.every((s) => s.site_class === 'C2')).toBe(true)
    const gas = d.sites!.find((s) => s.name === 'Barren Perimeter Reservoir')!
    expect(gas).toMatchObject({ kind: 'gas', blue_loot_isk: 2_000_000, resource_isk: 82_432_500 })
    // a C13 system: no sleeper site (the sleeper data covers C1-C6), only the gas and ore sites listed for C13, and no wandering hole
    const c13 = await get<WormholeSystemDetail>('/api/wormholes/J000102')
    expect(c13.sites!.length).toBeGreaterThan(0)
    expect(c13.sites!.every((s) => s.kind === 'gas' || s.kind === 'ore')).toBe(true)
    expect(c13.wandering).toEqual([])
  })

  it('opens a type by its code in any case, with the classes that have it as a static or may see it wandering', async () => {
    const h296 = await get<WormholeTypeDetail>('/api/wormhole-types/h296')
    expect(h296.type.code).toBe('H296')
    expect(h296.type.destinations).toEqual(['c5'])
    expect(h296.static_in.map((s) => s.class_label)).toContain('C5')
    expect(h296.static_in.every((s) => s.systems > 0)).toBe(true)
    const c140 = await get<WormholeTypeDetail>('/api/wormhole-types/C140')
    expect(c140.wandering_in).toEqual(['C5', 'C6'])
    const unknown = await fetch(`${base}/api/wormhole-types/Q999`)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error).toBe('No wormhole type called Q999')
  })
})
