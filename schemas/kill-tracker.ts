import { z } from 'zod'
import { KillmailFeed } from './killmail-feed.js'
import { TRACKER_LIST_LIMIT, TRACKER_WINDOW_DAYS } from './killmail-constants.js'

/** A tracked player's path: what follows the site's `/` (and the API's `/api/`). */
export const TrackerPath = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)
export const TrackerParams = z.object({ name: z.string().meta({ description: "The tracked player's path, e.g. `bob`", example: 'bob' }) })

export const TrackerEntry = z
  .object({
    id: z.number().int().meta({ description: 'Killmail id' }),
    time: z.string().meta({ description: 'Killmail time (ISO 8601, UTC)' }),
    ship: z.object({
      id: z.number().int().meta({ description: 'Type id of the destroyed ship' }),
      name: z.string().nullable().meta({ description: 'From the static data; null when unknown' }),
      icon: z.string().meta({ description: '32 px render from the game image server' }),
    }),
    value: z.number().meta({ description: "zKillboard's total value (ISK)" }),
    url: z.string().meta({ description: 'The kill on zKillboard' }),
    system: z
      .object({
        id: z.number().int().meta({ description: 'Solar system id' }),
        name: z.string().nullable().meta({ description: 'From the static data; null when unknown' }),
        class_label: z.string().nullable().meta({
          description: 'C1-C6, C13, Thera, a Drifter system name, or High-sec / Low-sec / Null-sec (SDE wormholeClassID); null when unknown',
          example: 'C5',
        }),
      })
      .meta({ description: 'Where the kill happened' }),
  })
  .meta({
    id: 'KillTrackerEntry',
    description: 'The spec promises id, ship {id, name}, value and url; the page also copes without time, ship.icon and system.',
  })
export type TrackerEntry = z.infer<typeof TrackerEntry>

export const TrackerStatus = z.enum(['POSITIVE', 'NEGATIVE', 'NEUTRAL'])

export const KillTrackerResponse = z
  .object({
    name: z.string().meta({ description: "The tracked player's display name" }),
    path: z.string(),
    characters: z.array(z.number().int()).meta({ description: 'Character ids tracked for this player' }),
    charactersDetailed: z
      .array(z.object({ id: z.number().int(), name: z.string(), url: z.string() }))
      .meta({ description: 'Characters whose names are known (ESI /universe/names/), with their zKillboard page' }),
    lastDeath: z.object({
      daysSince: z.number().int().nullable().meta({ description: 'Whole days since the latest stored loss; null when none' }),
      iso: z.string().nullable(),
    }),
    last7d: z.object({
      kills: z.number().int(),
      losses: z.number().int(),
      destroyedISK: z.number(),
      lostISK: z.number(),
      netISK: z.number(),
      kd: z.number().nullable().meta({ description: 'kills / losses; 0 with no kills; null (shown as ∞) with kills and no losses' }),
      status: TrackerStatus.meta({ description: 'POSITIVE when net ISK > 0, NEGATIVE when < 0, NEUTRAL at 0' }),
    }),
    lists: z.object({
      kills: z.array(TrackerEntry).meta({ description: `Kills in the last ${TRACKER_WINDOW_DAYS} days, newest first (at most ${TRACKER_LIST_LIMIT})` }),
      losses: z.array(TrackerEntry).meta({ description: `Losses in the last ${TRACKER_WINDOW_DAYS} days, newest first (at most ${TRACKER_LIST_LIMIT})` }),
    }),
    meta: z.object({ fetchedAt: z.string().meta({ description: 'When this answer was computed (it is reused for about 2 minutes)' }) }),
    feed: KillmailFeed,
  })
  .meta({ id: 'KillTracker' })
export type KillTrackerResponse = z.infer<typeof KillTrackerResponse>
