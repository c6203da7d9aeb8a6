import { describe, expect, it } from 'vitest'
import { deriveNpcStats, snapshotAttributes } from './npc-stats.js'

const attrs = (o: Record<number, number>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]))
/** Phantasmata missile: 188 explosive + 188 kinetic. */
const phantasmata = attrs({ 114: 0, 116: 188, 117: 188, 118: 0 })
const missiles = (id: number) => (id === 30426 ? phantasmata : undefined)

describe('deriveNpcStats', () => {
  it('adds turret and missile damage: a Sleepless Patroller does 112 + 146 DPS', () => {
    const patroller = attrs({
      51: 5000,
      64: 7,
      114: 40,
      118: 40,
      507: 30426,
      506: 18000,
      212: 7,
      265: 20000,
      267: 0.25,
      268: 0.25,
      269: 0.25,
      270: 0.25,
      9: 10000,
      552: 400,
      37: 735,
      416: 19000,
      508: 105,
    })
    const s = deriveNpcStats({ attributes: patroller, effects: ['targetAttack', 'missileLaunchingForEntity'] }, missiles)
    // turret: (40 + 40) × 7 = 560 per 5 s; missile: 376 × 7 = 2632 per 18 s
    expect(s.alpha).toBe(560 + 2632)
    expect(s.dps).toBeCloseTo(112 + 2632 / 18, 6)
    // armor 20000 at 75 % resist on every damage type + 10000 structure with no resist
    expect(s.ehp).toBe(90_000)
    expect(s).toMatchObject({ sig: 400, maxVelocity: 735, orbitDistance: 19000, orbitVelocity: 105, special: {} })
  })

  it('ignores the missile attributes of a type without the missile effect (sentry towers)', () => {
    const tower = attrs({ 51: 15000, 64: 13, 114: 30, 118: 30, 507: 30426, 506: 18000, 212: 3, 265: 5000, 267: 0.6, 268: 0.6, 269: 0.6, 270: 0.6, 9: 2500 })
    const s = deriveNpcStats({ attributes: tower, effects: ['targetAttack'] }, missiles)
    expect(s.alpha).toBe(780)
    expect(s.dps).toBe(52)
    expect(s.ehp).toBeCloseTo(5000 / 0.6 + 2500, 6)
  })

  it('averages resonances per layer and reads EWAR: scram points, web percent, neut and remote repair per second', () => {
    const s = deriveNpcStats(
      {
        attributes: attrs({ 263: 1000, 271: 0.5, 272: 0.5, 273: 1, 274: 1, 265: 0, 9: 0, 105: 2, 20: -60, 97: 36, 942: 1000, 1455: 240, 1454: 2000 }),
        effects: [],
      },
      missiles,
    )
    expect(s.ehp).toBeCloseTo(1000 / 0.75, 6)
    expect(s.special).toEqual({ scram: 2, web: 60, neut: 36, rr: 120 })
  })

  it('uses the Drifter neutralizer cycle (attribute 2519) when the sleeper one is absent', () => {
    const s = deriveNpcStats({ attributes: attrs({ 97: 2000, 2519: 10000 }), effects: null }, missiles)
    expect(s.special.neut).toBe(200)
  })

  it('reads a community snapshot record, skipping its name', () => {
    expect(snapshotAttributes({ '51': 3000, '64': 10, name: 'Drifter Recon Battleship' })).toEqual(
      new Map([
        [51, 3000],
        [64, 10],
      ]),
    )
    expect(snapshotAttributes(undefined)).toBeUndefined()
  })
})
