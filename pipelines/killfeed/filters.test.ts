import { describe, expect, it } from 'vitest'
import type { RouteFiltersShape } from '../../schemas/killfeed-constants.js'
import { RouteFilters } from '../../schemas/killfeed.js'
import { compileFilters, filterSql, killPasses, securityBand, type KillFacts } from './filters.js'
import { C13, C2, C5, C6, DRIFTER, EDGE, JITA, LOW, NULL, SHATTERED_C4, TANOO, THERA, world } from './testing/filter-world.js'

const kill = (over: Partial<KillFacts> = {}): KillFacts => ({
  value: 250_000_000,
  npc: false,
  solo: false,
  attackers: 4,
  systemId: C5.solar_system_id,
  shipTypeId: 24688,
  ...over,
})

function passes(filters: RouteFiltersShape, k: KillFacts): boolean {
  const r = compileFilters(RouteFilters.parse(filters), world)
  if (!r.ok) throw new Error(r.problem)
  return killPasses(r.filter, k)
}

// [what, filters, kill, passes]
const CASES: Array<[string, RouteFiltersShape, Partial<KillFacts>, boolean]> = [
  ['no filter: any player kill', {}, {}, true],
  ['no filter: an NPC-only kill is left out', {}, { npc: true }, false],
  ['include_npc: an NPC-only kill is posted', { include_npc: true }, { npc: true }, true],
  ['min_value_isk: at the floor', { min_value_isk: 250_000_000 }, {}, true],
  ['min_value_isk: under the floor', { min_value_isk: 1e9 }, {}, false],
  ['wspace_only: a C5 kill', { wspace_only: true }, {}, true],
  ['wspace_only: a Jita kill', { wspace_only: true }, { systemId: JITA.solar_system_id }, false],
  ['wspace_only: Thera is wormhole space', { wspace_only: true }, { systemId: THERA.solar_system_id }, true],
  ['wormhole_classes c5/c6: C6', { wormhole_classes: ['c5', 'c6'] }, { systemId: C6.solar_system_id }, true],
  ['wormhole_classes c5/c6: C2', { wormhole_classes: ['c5', 'c6'] }, { systemId: C2.solar_system_id }, false],
  ['wormhole_classes thera', { wormhole_classes: ['thera'] }, { systemId: THERA.solar_system_id }, true],
  ['wormhole_classes c13', { wormhole_classes: ['c13'] }, { systemId: C13.solar_system_id }, true],
  ['wormhole_classes drifter', { wormhole_classes: ['drifter'] }, { systemId: DRIFTER.solar_system_id }, true],
  ['wormhole_classes drifter: not a C6', { wormhole_classes: ['drifter'] }, { systemId: C6.solar_system_id }, false],
  ['wormhole_classes shattered', { wormhole_classes: ['shattered'] }, { systemId: SHATTERED_C4.solar_system_id }, true],
  ['wormhole_classes shattered: not a plain C5', { wormhole_classes: ['shattered'] }, {}, false],
  ['security high: Jita', { security: ['high'] }, { systemId: JITA.solar_system_id }, true],
  ['security low: 0.35', { security: ['low'] }, { systemId: LOW.solar_system_id }, true],
  ['security low: 0.05 shows as 0.1', { security: ['low'] }, { systemId: EDGE.solar_system_id }, true],
  ['security null: -0.2', { security: ['null'] }, { systemId: NULL.solar_system_id }, true],
  ['security null: wormhole space is not null-sec', { security: ['null'] }, {}, false],
  ['region_ids: in', { region_ids: [10000002] }, { systemId: JITA.solar_system_id }, true],
  ['region_ids: out', { region_ids: [10000002] }, { systemId: TANOO.solar_system_id }, false],
  ['constellation_ids: in', { constellation_ids: [21000005] }, {}, true],
  ['constellation_ids: out', { constellation_ids: [21000005] }, { systemId: C6.solar_system_id }, false],
  ['system_ids: in', { system_ids: [C5.solar_system_id] }, {}, true],
  ['system_ids: out', { system_ids: [C6.solar_system_id] }, {}, false],
  ['solo: a solo kill', { solo: true }, { solo: true, attackers: 1 }, true],
  ['solo: a gang kill', { solo: true }, {}, false],
  ['min_attackers: at the limit', { min_attackers: 4 }, {}, true],
  ['min_attackers: under', { min_attackers: 5 }, {}, false],
  ['max_attackers: at the limit', { max_attackers: 4 }, {}, true],
  ['max_attackers: over', { max_attackers: 3 }, {}, false],
  ['victim_category_ids: a structure', { victim_category_ids: [65] }, { shipTypeId: 35832 }, true],
  ['victim_category_ids: a ship is not a structure', { victim_category_ids: [65] }, {}, false],
  ['victim_group_ids: a frigate', { victim_group_ids: [25] }, { shipTypeId: 587 }, true],
  ['victim_group_ids: a battleship is not a frigate', { victim_group_ids: [25] }, {}, false],
  ['AND: C5/C6 over 200M with 2-10 attackers', { wormhole_classes: ['c5', 'c6'], min_value_isk: 2e8, min_attackers: 2, max_attackers: 10 }, {}, true],
  ['AND: one failing filter is enough', { wormhole_classes: ['c5', 'c6'], min_value_isk: 2e8, max_attackers: 3 }, {}, false],
]

describe('route filters: the matcher', () => {
  it.each(CASES)('%s', (_what, filters, over, expected) => {
    expect(passes(filters, kill(over))).toBe(expected)
  })

  it('gives the same facts to ClickHouse as to the router', () => {
    const r = compileFilters({ wormhole_classes: ['c5'], min_value_isk: 1e9, solo: true, victim_group_ids: [27] }, world)
    if (!r.ok) throw new Error(r.problem)
    const { conditions, params } = filterSql(r.filter)
    expect(conditions).toEqual([
      'total_value >= {f_min_value:Float64}',
      'NOT npc',
      'solo',
      'length(attacker_character_ids) >= {f_min_attackers:UInt32}',
      'solar_system_id IN {f_systems:Array(UInt32)}',
      'victim_ship_type_id IN {f_ship_types:Array(UInt32)}',
    ])
    expect(params).toEqual({ f_min_value: 1e9, f_min_attackers: 1, f_systems: [C5.solar_system_id], f_ship_types: [24688] })
  })

  it('reads the security band as the game shows it', () => {
    expect([0.45, 0.449, 0.05, 0.04, -1].map((security) => securityBand({ security, is_jspace: false }))).toEqual(['high', 'low', 'low', 'null', 'null'])
    expect(securityBand({ security: -1, is_jspace: true })).toBeNull()
  })
})

describe('route filters: refused before saving when they can match nothing', () => {
  const problem = (filters: RouteFiltersShape) => {
    const r = compileFilters(filters, world)
    return r.ok ? null : r.problem
  }
  it.each<[string, RouteFiltersShape, RegExp]>([
    ['minimum above maximum', { min_attackers: 5, max_attackers: 2 }, /At least 5 attackers and at most 2 can never both hold/],
    ['solo with a minimum above one', { solo: true, min_attackers: 3 }, /solo kill has one attacker/],
    ['an unknown system', { system_ids: [30999999] }, /System 30999999 is not in the static data/],
    ['an unknown region', { region_ids: [10999999] }, /Region 10999999 is not in the static data/],
    ['an unknown ship group', { victim_group_ids: [999999] }, /Ship group 999999 is not in the static data/],
    ['wormhole space and high security', { wspace_only: true, security: ['high'] }, /No system is in all of wormhole space only, high security/],
    ['a class outside the chosen systems', { wormhole_classes: ['c2'], system_ids: [C5.solar_system_id] }, /No system is in all of C2, the chosen systems/],
    [
      'groups outside the chosen categories',
      { victim_category_ids: [65], victim_group_ids: [25] },
      /None of the chosen ship groups is in the chosen ship categories/,
    ],
  ])('%s', (_what, filters, sentence) => {
    expect(problem(filters)).toMatch(sentence)
  })

  it('the schema refuses an unknown field and contradictions by itself', () => {
    const unknown = RouteFilters.safeParse({ min_value: 5 })
    expect(unknown.success).toBe(false)
    expect(unknown.error?.issues[0].message).toBe("unknown filter 'min_value'")
    const minMax = RouteFilters.safeParse({ min_attackers: 5, max_attackers: 2 })
    expect(minMax.error?.issues[0].message).toMatch(/would post nothing/)
    expect(RouteFilters.safeParse({ security: ['wspace'] }).success).toBe(false)
  })
})
