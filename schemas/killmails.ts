import { z } from 'zod'
import { defineTopic } from './topics.js'

/** A killmail as ESI serves it: GET /killmails/{killmail_id}/{killmail_hash}/ (fields the product uses; others kept). */
export const EsiKillmail = z.looseObject({
  killmail_id: z.number().int(),
  killmail_time: z.string(),
  solar_system_id: z.number().int(),
  moon_id: z.number().int().optional(),
  war_id: z.number().int().optional(),
  victim: z.looseObject({
    character_id: z.number().int().optional(),
    corporation_id: z.number().int().optional(),
    alliance_id: z.number().int().optional(),
    faction_id: z.number().int().optional(),
    ship_type_id: z.number().int(),
    damage_taken: z.number(),
  }),
  attackers: z.array(
    z.looseObject({
      character_id: z.number().int().optional(),
      corporation_id: z.number().int().optional(),
      alliance_id: z.number().int().optional(),
      faction_id: z.number().int().optional(),
      ship_type_id: z.number().int().optional(),
      weapon_type_id: z.number().int().optional(),
      damage_done: z.number(),
      final_blow: z.boolean(),
      security_status: z.number().optional(),
    }),
  ),
})
export type EsiKillmail = z.infer<typeof EsiKillmail>

/** zKillboard's metadata for a kill (R2Z2 `zkb` object, RedisQ `zkb`, /api/ answers). */
export const ZkbMeta = z.looseObject({
  locationID: z.number().int().optional(),
  hash: z.string(),
  fittedValue: z.number().optional(),
  droppedValue: z.number().optional(),
  destroyedValue: z.number().optional(),
  totalValue: z.number(),
  points: z.number().optional(),
  npc: z.boolean().optional(),
  solo: z.boolean().optional(),
  awox: z.boolean().optional(),
  labels: z.array(z.string()).optional(),
})
export type ZkbMeta = z.infer<typeof ZkbMeta>

/** One kill on the `killmails` topic: the full ESI body plus zKillboard's value and labels. Keyed by killmail id. */
export const KillmailMessage = z.object({
  killmail_id: z.number().int(),
  hash: z.string(),
  esi: EsiKillmail,
  zkb: ZkbMeta,
  /** Where it came from: the live feed or a backfill. */
  source: z.enum(['live', 'backfill']),
  received_at: z.string(),
})
export type KillmailMessage = z.infer<typeof KillmailMessage>

/**
 * Compressed: a battle's kill lists thousands of attackers, and its JSON (about 180 bytes an attacker) passes Kafka's
 * 1 MiB at some 5,500 of them, while gzip takes it down about sevenfold (docs/tools/killmails.md).
 */
export const KillmailsTopic = defineTopic('killmails', KillmailMessage, { compressed: true })
