import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../../schemas/config.js'
import type { Wormhole, WormholeTypeInfo } from '../../../schemas/wormholes.js'
import { CLASS_OPTIONS, EFFECT_OPTIONS, filterWormholes, indexWormholes, NO_FILTERS, type WormholeFilters } from './filters.js'
import { wormholeRows } from '../../../schemas/wormhole-list.js'

const base = inject('appUrl')
const get = async <T>(p: string) => (await (await fetch(`${base}${p}`)).json()) as T
const community = JSON.parse(fs.readFileSync(path.join(loadConfig().COMMUNITY_DATA_DIR, 'wormhole-systems/systems.json'), 'utf8')) as Array<{
  classLabel: string
  class: number
  statics: string[]
}>

const load = async () => {
  const [answer, types] = await Promise.all([get<unknown>('/api/wormholes'), get<WormholeTypeInfo[]>('/api/wormhole-types')])
  const list: Wormhole[] = wormholeRows(answer)!
  const byCode = new Map(types.map((t) => [t.code, t.destinations]))
  const rows = indexWormholes(list, (code) => byCode.get(code) ?? [])
  return { list, rows, count: (f: Partial<WormholeFilters>) => filterWormholes(rows, { ...NO_FILTERS, ...f }).length, byCode }
}

describe('filters over the real list', () => {
  it('counts each class as the community system data does, and all classes add up to 2603', async () => {
    const { count } = await load()
    let total = 0
    for (const c of CLASS_OPTIONS) {
      const expected = community.filter((s) => s.classLabel === c || (c === 'C13' && s.class === 13)).length
      expect(count({ classes: [c] }), c).toBe(expected)
      total += expected
    }
    expect(total).toBe(2603)
    expect(count({})).toBe(2603)
  })

  it('counts effects (with No Effect) to 2603, and A0 stars as the systems with star type 3801', async () => {
    const { count, list } = await load()
    expect(EFFECT_OPTIONS.reduce((s, e) => s + count({ effects: [e] }), 0)).toBe(2603)
    expect(count({ effects: ['No Effect'] })).toBe(list.filter((w) => w.effect === null).length)
    expect(count({ a0: true })).toBe(list.filter((w) => w.star_type_id === 3801).length)
    expect(count({ a0: true })).toBeGreaterThan(0)
  })

  it('splits the systems into shattered and not shattered', async () => {
    const { count } = await load()
    const only = count({ shattered: 'only' })
    // the 25 C13 systems, the Drifter systems and the shattered constellations (community flag: 105 + 2 with a shattered planet)
    expect(only).toBe(107)
    expect(count({ shattered: 'none' })).toBe(2603 - only)
    expect(count({ shattered: 'only', classes: ['C13'] })).toBe(25)
  })

  it('finds systems by static destination as the type data says', async () => {
    const { list, count, byCode } = await load()
    const withStaticTo = (d: string) => list.filter((w) => w.statics.some((s) => byCode.get(s)?.includes(d))).length
    for (const d of ['c1', 'c5', 'hs', 'ns']) expect(count({ statics: [d] }), d).toBe(withStaticTo(d))
    expect(count({ classes: ['C5'], statics: ['c5', 'hs'] })).toBe(
      list.filter((w) => w.class_label === 'C5' && ['c5', 'hs'].every((d) => w.statics.some((s) => byCode.get(s)?.includes(d)))).length,
    )
  })

  it('finds one system by any J-code form', async () => {
    const { rows } = await load()
    for (const q of ['J123450', 'j123450', '123450']) expect(filterWormholes(rows, { ...NO_FILTERS, q }).map((r) => r.system.jcode)).toEqual(['J123450'])
  })
})
