import { z } from 'zod'
import { SHIP_SIZES, THERA_HUBS } from './thera-constants.js'

export { SHIP_SIZES, SHIP_SIZE_LABEL, THERA_HUBS, type ShipSize, type TheraHub } from './thera-constants.js'

/**
 * Thera and Turnur connections as EVE-Scout's public signatures feed lists them (platform/fakes/api-fixtures/eve-scout/
 * FORMAT.md), the shape `GET /api/thera` answers, and the "shortest way from here" route.
 */

/** One connection as the ingest job keeps it: the feed's record, trimmed to what the pages use. */
export const StoredConnection = z.object({
  id: z.string(),
  hub: z.enum(THERA_HUBS),
  hub_system_id: z.number().int(),
  hub_signature: z.string(),
  system_id: z.number().int(),
  system_name: z.string(),
  /** The feed's `in_system_class`: hs, ls, ns, c1 … c6, c13 and so on. */
  system_class: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  signature: z.string(),
  wh_type: z.string(),
  /** Which side's signature carries `wh_type`: the hub's (`wh_exits_outward`) or the far system's; the other is a K162. */
  type_side: z.enum(['hub', 'far']),
  max_ship_size: z.enum(SHIP_SIZES),
  scanned_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
})
export type StoredConnection = z.infer<typeof StoredConnection>

export const TheraConnection = StoredConnection.extend({
  /** The far system's security status from the SDE (null when the SDE does not know the system). */
  security: z.number().nullable(),
  /** Whether the far system is known space (high, low or null sec), which the route box can use. */
  kspace: z.boolean(),
  remaining_minutes: z.number().int().meta({ description: 'Minutes to the estimated end of life (expires_at), at the time of the answer' }),
})
export type TheraConnection = z.infer<typeof TheraConnection>

export const TheraFeed = z
  .object({
    connections: z.array(TheraConnection),
    fetched_ok_at: z
      .string()
      .nullable()
      .meta({ description: 'When EVE-Scout last answered (with a new list, or confirming the one kept); null before the first answer' }),
    list_changed_at: z.string().nullable().meta({ description: 'When the list kept was fetched' }),
    unreachable_since: z.string().nullable().meta({ description: 'Since when every request to EVE-Scout has failed; null while it answers' }),
    last_error: z.string().nullable(),
    expired_left_out: z.number().int().meta({ description: 'Connections of the list kept that are past their end of life, left out' }),
  })
  .meta({ id: 'TheraFeed' })
export type TheraFeed = z.infer<typeof TheraFeed>

export const TheraRouteQuery = z.object({
  from: z.string().trim().min(2, 'Type at least two letters of a system name.').max(40, 'A system name is at most 40 characters.').meta({ example: 'Amamake' }),
})

export const RouteStep = z.object({
  system_id: z.number().int(),
  name: z.string(),
  security: z.number().nullable(),
  /** How this system is reached from the step before: the first step has null. */
  by: z.enum(['gate', 'wormhole']).nullable(),
  /** For a wormhole step, the connection taken. */
  connection: z
    .object({ id: z.string(), hub: z.enum(THERA_HUBS), wh_type: z.string(), max_ship_size: z.enum(SHIP_SIZES), remaining_minutes: z.number().int() })
    .nullable(),
})
export type RouteStep = z.infer<typeof RouteStep>

export const HubRoute = z.object({
  hub: z.string(),
  system_id: z.number().int(),
  jumps_by_gates: z.number().int().nullable().meta({ description: 'Fewest stargate jumps with no wormhole; null when no gate route exists' }),
  jumps_via_connection: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Fewest jumps using at least one Thera or Turnur connection; null when none leads there' }),
  /** The route through a connection, every system on it from the start to the hub. */
  path: z.array(RouteStep),
  /** The largest ship every wormhole on `path` lets through. */
  max_ship_size: z.enum(SHIP_SIZES).nullable(),
})
export type HubRoute = z.infer<typeof HubRoute>

export const TheraRoute = z
  .object({
    from: z.object({ system_id: z.number().int(), name: z.string(), region_name: z.string(), security: z.number() }),
    hubs: z.array(HubRoute),
    connections_from: z.string().nullable().meta({ description: 'When the list of connections used was fetched' }),
  })
  .meta({ id: 'TheraRoute' })
export type TheraRoute = z.infer<typeof TheraRoute>
