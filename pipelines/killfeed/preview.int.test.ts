import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeNewKillmails } from '../killmails/store.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'
import type { RouteFiltersShape } from '../../schemas/killfeed-constants.js'
import type { KillmailMessage } from '../../schemas/killmails.js'
import { compileFilters, killFacts, killPasses } from './filters.js'
import { matchSide } from './match.js'
import { previewRoute } from './preview.js'
import { fixtureKill } from './testing/kills.js'
import { C2, C5, C6, JITA, NULL, THERA, world } from './testing/filter-world.js'

let app: TestApp
/** Fixed "now" for the preview window; the kills are placed relative to it. */
const NOW = Date.parse('2026-11-30T12:00:00Z')
/** A character of our own (an id no fixture uses), victim of some kills and attacker on others. */
const PILOT = 2_100_000_001
const kills: KillmailMessage[] = []

/** 120 kills spread over 9 days: systems, ship types, values, NPC and solo flags and attacker counts all vary. */
function makeKills(): KillmailMessage[] {
  const systems = [C5, C6, C2, JITA, NULL, THERA]
  const ships = [587, 24688, 35832]
  const out: KillmailMessage[] = []
  for (let i = 0; i < 120; i++) {
    const base = fixtureKill('solo', { killmail_id: 7_700_000 + i, time: new Date(NOW - i * 1.8 * 3_600_000) })
    const attacker = base.esi.attackers[0]
    const count = 1 + (i % 7)
    const attackers = Array.from({ length: count }, (_, n) => ({
      ...attacker,
      character_id: n === 0 && i % 3 === 1 ? PILOT : 211150393 + n,
      final_blow: n === 0,
    }))
    out.push({
      ...base,
      esi: {
        ...base.esi,
        solar_system_id: systems[i % systems.length].solar_system_id,
        victim: { ...base.esi.victim, character_id: i % 3 === 0 ? PILOT : 2122649889, ship_type_id: ships[i % ships.length] },
        attackers,
      },
      zkb: { ...base.zkb, totalValue: (i % 10) * 150_000_000, npc: i % 11 === 0, solo: count === 1 && i % 2 === 0 },
    })
  }
  return out
}

beforeAll(async () => {
  app = await startTestApp({ ROLES: ['api'] })
  kills.push(...makeKills())
  await storeNewKillmails(app.ctx.ch, kills)
})
afterAll(() => app?.close())

const CASES: Array<[string, 'both' | 'kills' | 'losses', RouteFiltersShape]> = [
  ['no filters (NPC kills left out)', 'both', {}],
  ['NPC kills included', 'both', { include_npc: true }],
  ['losses over 600M', 'losses', { min_value_isk: 600_000_000 }],
  ['kills in C5/C6', 'kills', { wormhole_classes: ['c5', 'c6'] }],
  ['wormhole space, 2-4 attackers', 'both', { wspace_only: true, min_attackers: 2, max_attackers: 4 }],
  ['solo only', 'both', { solo: true }],
  ['null security battleships (a ship group in a category)', 'both', { security: ['null'], victim_category_ids: [6], victim_group_ids: [27] }],
  ['frigates in Jita or Thera', 'both', { system_ids: [JITA.solar_system_id, THERA.solar_system_id], victim_group_ids: [25] }],
]

describe('route preview over stored kills', () => {
  it.each(CASES)('%s: ClickHouse counts what the router would post', async (_what, mode, filters) => {
    const compiled = compileFilters(filters, world)
    if (!compiled.ok) throw new Error(compiled.problem)
    const target = { item_type: 'character' as const, entity_id: PILOT, mode }
    const preview = await previewRoute(app.ctx.ch, target, compiled.filter, { now: NOW, catalog: null, zkillBaseUrl: 'https://zkillboard.com' })

    const since = NOW - 7 * 86_400_000
    const expected = kills
      .filter((k) => Date.parse(k.esi.killmail_time) >= since && matchSide(k.esi, target) && killPasses(compiled.filter, killFacts(k)))
      .sort((a, b) => Date.parse(b.esi.killmail_time) - Date.parse(a.esi.killmail_time) || b.killmail_id - a.killmail_id)
    expect(expected.length).toBeGreaterThan(0)
    expect(preview.matched).toBe(expected.length)
    expect(preview.examples.map((e) => e.killmail_id)).toEqual(expected.slice(0, 5).map((k) => k.killmail_id))
    expect(preview.stored).toBe(kills.filter((k) => Date.parse(k.esi.killmail_time) >= since).length)
    expect(preview.examples[0]).toMatchObject({ url: `https://zkillboard.com/kill/${expected[0].killmail_id}/`, attackers: expected[0].esi.attackers.length })
  })

  it('leaves out kills older than seven days', async () => {
    const compiled = compileFilters({ include_npc: true }, world)
    if (!compiled.ok) throw new Error(compiled.problem)
    const preview = await previewRoute(app.ctx.ch, { item_type: 'character', entity_id: PILOT, mode: 'both' }, compiled.filter, {
      now: NOW + 30 * 86_400_000,
      catalog: null,
      zkillBaseUrl: 'https://zkillboard.com',
    })
    expect(preview).toMatchObject({ days: 7, matched: 0, stored: 0, examples: [] })
  })
})
