import type { EsiKillmail } from '../../schemas/killmails.js'
import type { ItemType, Mode } from '../../schemas/killfeed-constants.js'

/** How a kill concerns a followed entity: its kill, its loss, or a kill in its system. */
export type Side = 'kill' | 'loss' | 'system'

export interface Target {
  item_type: ItemType
  entity_id: number
  mode: Mode
}

const FIELD = { alliance: 'alliance_id', corporation: 'corporation_id', character: 'character_id' } as const

/**
 * Whether a kill matches a followed entity, and how. losses: the entity is the victim; kills: the entity is among
 * the attackers; both: either (a kill where it is both, such as an awox, counts as its loss). A system matches
 * every kill in it, whatever the mode.
 */
export function matchSide(kill: EsiKillmail, target: Target): Side | null {
  if (target.item_type === 'system') return kill.solar_system_id === target.entity_id ? 'system' : null
  const field = FIELD[target.item_type]
  const isVictim = kill.victim[field] === target.entity_id
  const isAttacker = kill.attackers.some((a) => a[field] === target.entity_id)
  if (target.mode !== 'kills' && isVictim) return 'loss'
  if (target.mode !== 'losses' && isAttacker) return 'kill'
  return null
}
