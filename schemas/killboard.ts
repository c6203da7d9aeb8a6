import { z } from 'zod'
import { IdParam } from './common.js'
import { KillmailFeed } from './killmail-feed.js'
import { HEATMAP_DAY_LABELS, KILLBOARD_TOP_CORPORATIONS, KILLBOARD_WINDOW_DAYS } from './killmail-constants.js'

export const SolarSystemParams = z.object({
  solarsystemid: IdParam.meta({ description: 'Solar system id (J-space systems are 31000000-31999999)', example: 31000005 }),
})

export const ActiveCorporation = z
  .object({
    id: z.number().int(),
    name: z.string().nullable().meta({ description: 'From ESI /universe/names/; null while ESI could not be asked' }),
    activeDays: z.number().int().meta({ description: 'Distinct UTC days in the window with a kill in this system involving the corporation' }),
    lastSeenDaysAgo: z.number().nonnegative().meta({ description: 'Days since its latest kill here, to the second (0.125 is three hours)' }),
  })
  .meta({ id: 'ActiveCorporation' })
export type ActiveCorporation = z.infer<typeof ActiveCorporation>

export const KillboardSummary = z
  .object({
    solarsystemid: z.number().int(),
    totalKills: z
      .number()
      .int()
      .meta({ description: `Kills in this system during the days covered (at most the last ${KILLBOARD_WINDOW_DAYS} UTC days)` }),
    daysCovered: z
      .number()
      .int()
      .meta({
        description: `UTC calendar days, today included, that the counts span: the last ${KILLBOARD_WINDOW_DAYS}, or fewer when our stored kills (anywhere in New Eden) start later`,
      }),
    windowDays: z.number().int().meta({ description: 'The longest span counted' }),
    mostRecentKillDaysAgo: z
      .number()
      .nonnegative()
      .nullable()
      .meta({ description: 'Days since the latest stored kill in this system, to the second (0.125 is three hours); null when none is stored' }),
    activeCorporations: z.array(ActiveCorporation).meta({
      description: `Top ${KILLBOARD_TOP_CORPORATIONS} player corporations on kills here (victim or attacker), by active days (most first), then last seen (most recent first)`,
    }),
    feed: KillmailFeed,
  })
  .meta({ id: 'KillboardSummary' })
export type KillboardSummary = z.infer<typeof KillboardSummary>

export const KillboardActivity = z
  .object({
    solarsystemid: z.number().int(),
    days: z.array(z.enum(HEATMAP_DAY_LABELS)).length(7).meta({ description: 'Row labels: UTC weekdays, Monday first' }),
    hours: z.array(z.array(z.number().int()).length(24)).length(7).meta({ description: 'Kills per weekday (row, as in `days`) and UTC hour (column 0-23)' }),
    max: z.number().int().meta({ description: 'Largest cell, for colour scaling (0 when there are no kills)' }),
    totalKills: z.number().int(),
    daysCovered: z.number().int().meta({ description: 'As in the killboard summary' }),
    feed: KillmailFeed,
  })
  .meta({ id: 'KillboardActivity' })
export type KillboardActivity = z.infer<typeof KillboardActivity>
