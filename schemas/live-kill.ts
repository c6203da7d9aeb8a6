import { z } from 'zod'
import { ITEM_TYPES } from './killfeed-constants.js'

const Named = z.object({ id: z.number().int(), name: z.string().nullable() })

/**
 * One kill on the site's live killfeed: a kill that involved an entity the site tracks, with the names a reader
 * needs already resolved (null when ESI did not answer). Pushed over the websocket and served by /api/live-kills.
 */
export const LiveKill = z
  .object({
    killmail_id: z.number().int(),
    killmail_time: z.string(),
    /** zKillboard's total value, ISK. */
    value: z.number(),
    /** The kill on zKillboard. */
    url: z.string(),
    ship: Named,
    /** The ship's render from the game's image server, 64 px. */
    ship_image: z.string(),
    system: z.object({ id: z.number().int(), name: z.string().nullable(), region: z.string().nullable(), class_label: z.string().nullable() }),
    victim: z.object({ character: Named.nullable(), corporation: Named.nullable(), alliance: Named.nullable() }),
    final_blow: z.object({ character: Named.nullable(), corporation: Named.nullable(), ship: Named.nullable() }).nullable(),
    attackers: z.number().int(),
    /** zKillboard's flags, for the live killfeed's filters (kills stored before they were kept have neither: false). */
    npc: z.boolean().optional(),
    solo: z.boolean().optional(),
    /** Which tracked entities it involved, and how. */
    matched: z.array(
      z.object({ item_type: z.enum(ITEM_TYPES), entity_id: z.number().int(), display_name: z.string(), side: z.enum(['kill', 'loss', 'system']) }),
    ),
  })
  .meta({ id: 'LiveKill' })
export type LiveKill = z.infer<typeof LiveKill>
