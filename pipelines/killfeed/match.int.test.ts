import { describe, expect, it } from 'vitest'
import { fixtureKill } from './testing/kills.js'
import { matchSide } from './match.js'

// Kill 135067522: alliance 99003581 lost a ship to alliance 99009567 in system 30001980.
const kill = fixtureKill('solo').esi

describe('matchSide', () => {
  it('losses: the entity is the victim', () => {
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 99003581, mode: 'losses' })).toBe('loss')
    expect(matchSide(kill, { item_type: 'corporation', entity_id: 98598862, mode: 'losses' })).toBe('loss')
    expect(matchSide(kill, { item_type: 'character', entity_id: 2122649889, mode: 'losses' })).toBe('loss')
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 99009567, mode: 'losses' })).toBeNull()
  })

  it('kills: the entity is among the attackers', () => {
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 99009567, mode: 'kills' })).toBe('kill')
    expect(matchSide(kill, { item_type: 'corporation', entity_id: 98407493, mode: 'kills' })).toBe('kill')
    expect(matchSide(kill, { item_type: 'character', entity_id: 211150393, mode: 'kills' })).toBe('kill')
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 99003581, mode: 'kills' })).toBeNull()
  })

  it('both: either side, a loss when the entity was on both sides', () => {
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 99003581, mode: 'both' })).toBe('loss')
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 99009567, mode: 'both' })).toBe('kill')
    const awox = { ...kill, attackers: [...kill.attackers, { corporation_id: 98598862, damage_done: 1, final_blow: false }] }
    expect(matchSide(awox, { item_type: 'corporation', entity_id: 98598862, mode: 'both' })).toBe('loss')
    expect(matchSide(awox, { item_type: 'corporation', entity_id: 98598862, mode: 'kills' })).toBe('kill')
  })

  it('does not confuse an id of one kind with another', () => {
    expect(matchSide(kill, { item_type: 'corporation', entity_id: 99003581, mode: 'both' })).toBeNull()
    expect(matchSide(kill, { item_type: 'character', entity_id: 99009567, mode: 'both' })).toBeNull()
    expect(matchSide(kill, { item_type: 'alliance', entity_id: 12345, mode: 'both' })).toBeNull()
  })

  it('system: every kill in the system, whatever the mode', () => {
    for (const mode of ['both', 'kills', 'losses'] as const) expect(matchSide(kill, { item_type: 'system', entity_id: 30001980, mode })).toBe('system')
    expect(matchSide(kill, { item_type: 'system', entity_id: 30000142, mode: 'both' })).toBeNull()
  })
})
