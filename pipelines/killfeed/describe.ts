import type { KillmailMessage } from '../../schemas/killmails.js'
import type { LiveKill } from '../../schemas/live-kill.js'

export interface SystemInfo {
  name: string | null
  region: string | null
  class_label: string | null
}

/** Names for the ids of a kill, as far as they are known. */
export interface NameLookup {
  name(id: number | undefined): string | null
  system(id: number): SystemInfo
}

export type DescribedKill = Omit<LiveKill, 'matched'>

const named = (id: number | undefined, names: NameLookup) => (id ? { id, name: names.name(id) } : null)

/** What a reader of the feed or a Discord channel needs to know about a kill, with names filled in. */
export function describeKill(msg: KillmailMessage, names: NameLookup, urls: { zkill: string; images: string }): DescribedKill {
  const { esi, zkb } = msg
  const final = esi.attackers.find((a) => a.final_blow) ?? null
  return {
    killmail_id: msg.killmail_id,
    killmail_time: new Date(esi.killmail_time).toISOString(),
    value: zkb.totalValue,
    url: `${urls.zkill.replace(/\/$/, '')}/kill/${msg.killmail_id}/`,
    ship: { id: esi.victim.ship_type_id, name: names.name(esi.victim.ship_type_id) },
    ship_image: `${urls.images.replace(/\/$/, '')}/types/${esi.victim.ship_type_id}/render?size=64`,
    system: { id: esi.solar_system_id, ...names.system(esi.solar_system_id) },
    victim: {
      character: named(esi.victim.character_id, names),
      corporation: named(esi.victim.corporation_id, names),
      alliance: named(esi.victim.alliance_id, names),
    },
    final_blow: final
      ? { character: named(final.character_id, names), corporation: named(final.corporation_id, names), ship: named(final.ship_type_id, names) }
      : null,
    attackers: esi.attackers.length,
    npc: zkb.npc ?? false,
    solo: zkb.solo ?? false,
  }
}
