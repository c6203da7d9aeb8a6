import { z } from 'zod'
import { defineTopic } from './topics.js'

// ESI's hourly activity per solar system: `GET /universe/system_kills/` and `GET /universe/system_jumps/`
// (platform/fakes/api-fixtures/esi-universe/FORMAT.md). Each answer is one unpaged array for the whole cluster,
// counting the hour that ends at its Last-Modified; a system missing from the array had nothing, and wormhole space is
// left out altogether (CCP's route description: "excluding wormhole space").

const count = z.number().int().min(0)

/** One entry of `/universe/system_kills/`: all four fields are required ints (ESI spec). */
export const EsiSystemKills = z.object({ system_id: z.number().int(), npc_kills: count, ship_kills: count, pod_kills: count })
export type EsiSystemKills = z.infer<typeof EsiSystemKills>

/** One entry of `/universe/system_jumps/`. */
export const EsiSystemJumps = z.object({ system_id: z.number().int(), ship_jumps: count })
export type EsiSystemJumps = z.infer<typeof EsiSystemJumps>

export const SYSTEM_ACTIVITY_SOURCES = ['kills', 'jumps'] as const
export type SystemActivitySource = (typeof SYSTEM_ACTIVITY_SOURCES)[number]

const chunkHead = {
  /** ESI's Last-Modified of the answer (ISO): the end of the hour it counts. */
  last_modified: z.string(),
  fetched_at: z.string(),
  /** 1-based; the last part records the answer as stored. */
  part: z.number().int().min(1),
  parts: z.number().int().min(1),
  /** Systems the whole answer lists. */
  total_rows: z.number().int().min(0),
}

/**
 * The `esi.system-activity` topic: one ESI answer (about 3,000 kill or 5,000 jump entries, ~200 KB as ESI sends it)
 * in parts of a few thousand rows, keyed by source so the parts stay in order.
 */
export const SystemActivityMessage = z.discriminatedUnion('source', [
  z.object({ source: z.literal('kills'), ...chunkHead, rows: z.array(EsiSystemKills) }),
  z.object({ source: z.literal('jumps'), ...chunkHead, rows: z.array(EsiSystemJumps) }),
])
export type SystemActivityMessage = z.infer<typeof SystemActivityMessage>
export const SystemActivityTopic = defineTopic('esi.system-activity', SystemActivityMessage)

// ---------------------------------------------------------------------------------------------------------------
// GET /api/system-activity/:solarsystemid

export const SystemActivityParams = z.object({
  solarsystemid: z.coerce
    .number({ error: 'The system id must be a number, such as 31000488 (a J-code system) or 30000142 (Jita).' })
    .int({ error: 'The system id must be a whole number, such as 31000488.' })
    .min(30_000_000, { error: 'No solar system has that id: system ids run from 30000000.' })
    .max(33_000_000, { error: 'No solar system has that id: system ids run up to 33000000.' })
    .meta({ example: 30000142 }),
})

const hourCount = z.number().int().nullable()

export const SystemActivityHour = z.object({
  hour: z.string().meta({ description: 'Start of the UTC hour in which ESI published the counts (their Last-Modified); they cover the hour before it' }),
  npc_kills: hourCount.meta({ description: 'NPC ships killed; null when no kills answer of ESI is stored for this hour' }),
  ship_kills: hourCount.meta({ description: 'Player ships killed; null when no kills answer is stored for this hour' }),
  pod_kills: hourCount.meta({ description: 'Capsules killed; null when no kills answer is stored for this hour' }),
  jumps: hourCount.meta({ description: 'Ship jumps into the system; null when no jumps answer is stored for this hour' }),
})
export type SystemActivityHour = z.infer<typeof SystemActivityHour>

export const SystemActivity = z
  .object({
    solarsystemid: z.number().int(),
    wormhole_space: z.boolean().meta({
      description: "Whether the system is in wormhole space (id 31000000 to 31999999), which ESI's kill and jump counts leave out",
    }),
    hours: z.array(SystemActivityHour).meta({ description: '24 hourly entries, oldest first, ending at the newest hour stored' }),
    listed_hours: z.number().int().meta({ description: 'Hours of the 24 in which ESI listed the system (a system with nothing in an hour is not listed)' }),
    kills_updated_at: z.string().nullable().meta({ description: 'Last-Modified of the newest kills answer stored (ISO): the end of the last hour counted' }),
    jumps_updated_at: z.string().nullable().meta({ description: 'Last-Modified of the newest jumps answer stored (ISO)' }),
  })
  .meta({ id: 'SystemActivity' })
export type SystemActivity = z.infer<typeof SystemActivity>
