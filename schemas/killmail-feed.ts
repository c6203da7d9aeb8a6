import { z } from 'zod'
import { KILLMAIL_FEED_STALE_MINUTES } from './killmail-constants.js'

export const KillmailFeedStatus = z.enum(['OK', 'STALE', 'STARTING'])
export type KillmailFeedStatus = z.infer<typeof KillmailFeedStatus>

/**
 * How current the stored killmails are, read from the stored kills themselves (docs/tools/killmails.md, "Freshness").
 * Part of `/api/statuses` and of every answer built from killmails, so a page can say when its counts may be short.
 */
export const KillmailFeed = z
  .object({
    status: KillmailFeedStatus.meta({
      description:
        `STARTING: no kill stored yet. STALE: the live zKillboard feed has stored no kill for more than ${KILLMAIL_FEED_STALE_MINUTES} minutes ` +
        `(or never), or the newest stored kill happened more than ${KILLMAIL_FEED_STALE_MINUTES} minutes ago (the feed is far behind): counts may be incomplete. OK otherwise.`,
    }),
    newest_kill_at: z
      .string()
      .nullable()
      .meta({ description: 'Time of the newest stored kill (killmail time, ISO 8601 UTC), live or backfilled; null when none is stored' }),
    newest_kill_age_seconds: z.number().int().nonnegative().nullable().meta({ description: 'Seconds since newest_kill_at, when this answer was made' }),
    live_stored_at: z.string().nullable().meta({ description: 'When the live feed last stored a kill (ISO 8601 UTC); null when it never has' }),
    live_stored_age_seconds: z.number().int().nonnegative().nullable().meta({ description: 'Seconds since live_stored_at, when this answer was made' }),
    stale_after_minutes: z.number().int().meta({ description: 'The threshold for STALE' }),
    zkill_answering: z
      .boolean()
      .nullable()
      .meta({
        description:
          "Whether zKillboard's live feed (R2Z2 sequence.json) answered the server's last check, at most a minute old; null when not known " +
          '(killmail answers only look while the status is not OK, and never wait for a check)',
      }),
    detail: z.string().meta({ description: 'The status in words' }),
  })
  .meta({
    id: 'KillmailFeed',
    description:
      'How current the stored killmails are, from the stored kills (zKillboard answering its ping says nothing about it). ' +
      'When STALE, counts built from killmails may be short.',
  })
export type KillmailFeed = z.infer<typeof KillmailFeed>
