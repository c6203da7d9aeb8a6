import fs from 'node:fs'
import path from 'node:path'
import type { EsiName } from '../../../platform/esi/names.js'
import { KillmailMessage, type EsiKillmail, type ZkbMeta } from '../../../schemas/killmails.js'
import { API_FIXTURES_DIR } from '../../../platform/fakes/api-fixtures.js'

const fixtures = () => API_FIXTURES_DIR
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(fixtures(), file), 'utf8')) as T

/**
 * The two recorded killmails of the shared fixtures (ESI bodies plus zKillboard's meta for the same kills):
 * - 135067522: victim alliance 99003581 / corp 98598862 / character 2122649889 in ship 24688, system 30001980,
 *   one attacker: alliance 99009567 / corp 98407493 / character 211150393 in ship 47270 (final blow).
 * - 134265477: victim alliance 1354830081 / corp 98366055 / character 2121652582, system 30000743,
 *   one attacker: alliance 99013537 / corp 98601573 / character 96424385.
 */
export const FIXTURE_KILLS = {
  solo: { file: 'esi/killmails-135067522-8d2a4c07.json', zkb: () => read<Array<{ zkb: ZkbMeta }>>('zkillboard/api-killID-135067522.json')[0].zkb },
  second: { file: 'esi/killmails-134265477-aa937ee1.json', zkb: () => read<{ zkb: ZkbMeta }>('zkillboard/r2z2-ephemeral-96599404.json').zkb },
}

export interface KillOverrides {
  killmail_id?: number
  /** Kill time; defaults to now (the router skips kills older than a day). */
  time?: Date
  source?: 'live' | 'backfill'
  esi?: Partial<EsiKillmail>
}

/** A `KillmailMessage` built from a recorded kill, as the ingest publishes it, with a fresh id and time when asked. */
export function fixtureKill(which: keyof typeof FIXTURE_KILLS, over: KillOverrides = {}): KillmailMessage {
  const { file, zkb } = FIXTURE_KILLS[which]
  const esi = read<EsiKillmail>(file)
  const meta = zkb()
  const id = over.killmail_id ?? esi.killmail_id
  return KillmailMessage.parse({
    killmail_id: id,
    hash: meta.hash,
    esi: { ...esi, ...over.esi, killmail_id: id, killmail_time: (over.time ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z') },
    zkb: meta,
    source: over.source ?? 'live',
    received_at: new Date().toISOString(),
  })
}

/** Stand-in names for the fixture kills' ids, for the fake ESI (the characters and ships are test labels, not game facts). */
export const FIXTURE_NAMES: EsiName[] = [
  { id: 99003581, name: 'Victim Alliance', category: 'alliance' },
  { id: 98598862, name: 'Victim Corp', category: 'corporation' },
  { id: 2122649889, name: 'Victim Pilot', category: 'character' },
  { id: 24688, name: 'Victim Hull', category: 'inventory_type' },
  { id: 30001980, name: 'Test System', category: 'solar_system' },
  { id: 99009567, name: 'Hunter Alliance', category: 'alliance' },
  { id: 98407493, name: 'Hunter Corp', category: 'corporation' },
  { id: 211150393, name: 'Hunter Pilot', category: 'character' },
  { id: 47270, name: 'Hunter Hull', category: 'inventory_type' },
]

let hookSerial = 0
/** A well-formed Discord webhook URL of its own (routes accept nothing else; the router posts it to the fake). */
export const discordHook = () =>
  `https://discord.com/api/webhooks/${String(++hookSerial).padStart(18, '1')}/test-token-${hookSerial}-abcdefghijklmnopqrstuvwxyz`
