import { describe, expect, it } from 'vitest'
import { parseMassKg } from './mass-input'
import { nextJumpRisk, track } from './tracker'

const M = 1e6
describe('mass tracker', () => {
  it('starts from the type mass ±10 %', () => {
    const r = track(2000 * M, [])
    expect(r.total).toEqual({ lo: 1800 * M, hi: 2200 * M })
    expect(r.remaining).toEqual({ lo: 1800 * M, hi: 2200 * M })
    expect(r.possible).toEqual(['stable'])
  })

  it('subtracts every jump and says which states the hole can show', () => {
    const r = track(2000 * M, [
      { mass: 200 * M, label: 'cold' },
      { mass: 200 * M, label: 'cold' },
      { mass: 300 * M, label: 'hot' },
      { mass: 300 * M, label: 'hot' },
    ])
    expect(r.used).toBe(1000 * M)
    expect(r.remaining).toEqual({ lo: 800 * M, hi: 1200 * M })
    // 1000 used of 1800-2200: reduced if the total is under 2000, not yet if over
    expect(r.possible).toEqual(['stable', 'reduced'])
  })

  it('narrows the real total with what the hole showed', () => {
    // 2 cold + 2 hot on a 2000Gg hole and it is NOT reduced: the total is at least 2000
    const notReduced = track(2000 * M, [
      { mass: 400 * M, label: '2 cold' },
      { mass: 600 * M, label: '2 hot', observed: 'stable' },
    ])
    expect(notReduced.total).toEqual({ lo: 2000 * M, hi: 2200 * M })
    expect(notReduced.remaining).toEqual({ lo: 1000 * M, hi: 1200 * M })
    // ... and reduced: under 2000, and at least 1000 / 0.9
    const reduced = track(2000 * M, [{ mass: 1000 * M, label: 'main', observed: 'reduced' }])
    expect(reduced.total.lo).toBe(1800 * M)
    expect(reduced.total.hi).toBe(2000 * M)
    expect(reduced.contradiction).toBe(false)
  })

  it("takes a state seen at exactly half the mass as that state only (the guide's 2 cold + 2 hot on a 2000Gg hole)", () => {
    const jumps = [
      { mass: 200 * M, label: 'cold' },
      { mass: 200 * M, label: 'cold' },
      { mass: 300 * M, label: 'hot' },
    ]
    const reduced = track(2000 * M, [...jumps, { mass: 300 * M, label: 'hot', observed: 'reduced' as const }])
    expect(reduced.possible).toEqual(['reduced'])
    const stable = track(2000 * M, [...jumps, { mass: 300 * M, label: 'hot', observed: 'stable' as const }])
    expect(stable.possible).toEqual(['stable'])
    // A982 (3000Gg) after five hot jumps of 300: 1500 used, seen reduced
    expect(
      track(
        3000 * M,
        Array.from({ length: 5 }, (_, i) => ({ mass: 300 * M, label: 'hot', observed: i === 4 ? ('reduced' as const) : undefined })),
      ).possible,
    ).toEqual(['reduced'])
  })

  it('flags observations that cannot both be true', () => {
    const r = track(1000 * M, [{ mass: 300 * M, label: 'hot', observed: 'critical' }])
    expect(r.contradiction).toBe(true)
  })

  it('tells whether the next jump survives, may collapse or collapses the hole', () => {
    const r = track(1000 * M, [{ mass: 800 * M, label: 'x' }])
    // remaining 100-300
    expect(nextJumpRisk(r, 50 * M)).toBe('safe')
    expect(nextJumpRisk(r, 200 * M)).toBe('may-collapse')
    expect(nextJumpRisk(r, 300 * M)).toBe('collapses')
  })
})

describe('parseMassKg', () => {
  it('reads masses as the game and people write them', () => {
    expect(parseMassKg('200,000,000')).toBe(200_000_000)
    expect(parseMassKg('200 000 000 kg')).toBe(200_000_000)
    expect(parseMassKg('13500000')).toBe(13_500_000)
    expect(parseMassKg('')).toBeNull()
    expect(parseMassKg('heavy')).toBeNull()
    expect(parseMassKg('-5')).toBeNull()
  })

  it('reads a pasted mass only by its thousands groups, and refuses one it could misread', () => {
    // a decimal comma is not a thousands separator: '200,5' was read as 2,005 kg and logged
    expect(parseMassKg('200,5')).toBeNull()
    expect(parseMassKg('13,50')).toBeNull()
    expect(parseMassKg('2,00,000,000')).toBeNull()
    expect(parseMassKg('200,000,000 5')).toBeNull()
    // the game in German, French or Russian groups thousands with dots or spaces
    expect(parseMassKg('200.000.000 kg')).toBe(200_000_000)
    expect(parseMassKg('13.500.000,5 kg')).toBe(13_500_000.5)
    expect(parseMassKg('13\u00a0500\u00a0000 kg')).toBe(13_500_000)
    expect(parseMassKg('1,500,000.25')).toBe(1_500_000.25)
    expect(parseMassKg('1500000.25')).toBe(1_500_000.25)
    expect(parseMassKg(' 300,000,000KG ')).toBe(300_000_000)
  })
})
