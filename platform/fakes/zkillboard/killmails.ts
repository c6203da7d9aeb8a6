import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { EsiKillmail, ZkbMeta } from '../../../schemas/killmails.js'
import { API_FIXTURES_DIR } from '../api-fixtures.js'

/** A killmail described by what matters to the product; `makeKillmail` turns it into ESI's format. */
export interface KillSpec {
  id: number
  time: string | Date
  systemId: number
  victim: { characterId?: number; corporationId?: number; allianceId?: number; shipTypeId: number }
  attackers: Array<{
    characterId?: number
    corporationId?: number
    allianceId?: number
    shipTypeId?: number
    weaponTypeId?: number
    finalBlow?: boolean
    damage?: number
  }>
}

/** The hash ESI checks with a killmail id (zKillboard's are 40 hex digits; ours are derived from the id). */
export const killHash = (id: number) => crypto.createHash('sha1').update(`killmail:${id}`).digest('hex')

/** A killmail in ESI's `GET /killmails/{id}/{hash}/` format. */
export function makeKillmail(spec: KillSpec): EsiKillmail {
  const time = typeof spec.time === 'string' ? spec.time : spec.time.toISOString().replace(/\.\d{3}Z$/, 'Z')
  const attackers = spec.attackers.length ? spec.attackers : [{ corporationId: 1000125 }]
  const damage = attackers.reduce((sum, a) => sum + (a.damage ?? 1000), 0)
  const hasFinal = attackers.some((a) => a.finalBlow)
  return {
    attackers: attackers.map((a, i) => ({
      ...(a.allianceId ? { alliance_id: a.allianceId } : {}),
      ...(a.characterId ? { character_id: a.characterId } : {}),
      ...(a.corporationId ? { corporation_id: a.corporationId } : {}),
      damage_done: a.damage ?? 1000,
      final_blow: a.finalBlow ?? (!hasFinal && i === 0),
      security_status: 0,
      ...(a.shipTypeId ? { ship_type_id: a.shipTypeId } : {}),
      ...(a.weaponTypeId ? { weapon_type_id: a.weaponTypeId } : {}),
    })),
    killmail_id: spec.id,
    killmail_time: time,
    solar_system_id: spec.systemId,
    victim: {
      ...(spec.victim.allianceId ? { alliance_id: spec.victim.allianceId } : {}),
      ...(spec.victim.characterId ? { character_id: spec.victim.characterId } : {}),
      ...(spec.victim.corporationId ? { corporation_id: spec.victim.corporationId } : {}),
      damage_taken: damage,
      items: [],
      position: { x: 0, y: 0, z: 0 },
      ship_type_id: spec.victim.shipTypeId,
    },
  }
}

/** zKillboard's block for a kill worth `totalValue` ISK. */
export function makeZkb(killmailId: number, totalValue: number, extra: Partial<ZkbMeta> = {}): ZkbMeta {
  return {
    locationID: 40000001,
    hash: killHash(killmailId),
    fittedValue: Math.round(totalValue * 0.6 * 100) / 100,
    droppedValue: Math.round(totalValue * 0.3 * 100) / 100,
    destroyedValue: Math.round(totalValue * 0.7 * 100) / 100,
    totalValue,
    points: 1,
    npc: false,
    solo: false,
    awox: false,
    labels: ['pvp'],
    ...extra,
  }
}

/** The recorded API samples (`api-fixtures/` beside the community data; see its PROVENANCE.md). */
export function apiFixture<T>(relativePath: string): T {
  const dir = API_FIXTURES_DIR
  return JSON.parse(fs.readFileSync(path.join(dir, relativePath), 'utf8')) as T
}
