import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'
import { HEATMAP_DAY_LABELS, KILLBOARD_TOP_CORPORATIONS, KILLBOARD_WINDOW_DAYS } from '../../../schemas/killmail-constants.js'
import type { KillboardActivity } from '../../../schemas/killboard.js'

const DAY_MS = 86_400_000

/** Today (UTC) and the first day of the window, as YYYY-MM-DD. */
export function windowDays(now: Date, windowLength = KILLBOARD_WINDOW_DAYS): { today: string; start: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return { today: new Date(today).toISOString().slice(0, 10), start: new Date(today - (windowLength - 1) * DAY_MS).toISOString().slice(0, 10) }
}

/**
 * Days covered: UTC calendar days from the first day in the window that holds any stored kill (anywhere in New Eden,
 * so it marks where our data starts) through today, both counted. 0 when nothing in the window is stored.
 */
export function daysCovered(firstDay: string | null, today: string): number {
  if (!firstDay) return 0
  return Math.round((Date.parse(today) - Date.parse(firstDay)) / DAY_MS) + 1
}

export interface CorporationActivity {
  id: number
  activeDays: number
  lastSeenMs: number
}

export interface SummaryFacts {
  totalKills: number
  daysCovered: number
  mostRecentKillMs: number | null
  corporations: CorporationActivity[]
}

/** The killboard summary's numbers for one system, read from the materialized aggregates. */
export async function readSummary(ch: ClickHouseClient, systemId: number, now: Date): Promise<SummaryFacts> {
  const { today, start } = windowDays(now)
  const [scalars] = await queryRows<{ first_day: string | null; last_kill: string | number | null; total: string | number }>(
    ch,
    `SELECT
       (SELECT toString(minOrNull(day)) FROM killmail_days WHERE day >= {start:Date}) AS first_day,
       (SELECT toUnixTimestamp(maxOrNull(last_kill)) FROM killboard_system_latest WHERE solar_system_id = {system:UInt32}) AS last_kill,
       (SELECT uniqExactMerge(kills) FROM killboard_system_hourly WHERE solar_system_id = {system:UInt32} AND day >= {start:Date}) AS total`,
    { start, system: systemId },
  )
  // Sorting by the exact last-seen time (newest first) is "last seen days ago, ascending" with ties broken by the hour.
  const corporations = await queryRows<{ id: string | number; active_days: string | number; last_seen: string | number }>(
    ch,
    `SELECT corporation_id AS id, uniqExact(day) AS active_days, toUnixTimestamp(max(last_seen)) AS last_seen
     FROM killboard_system_corp_daily
     WHERE solar_system_id = {system:UInt32} AND day >= {start:Date}
     GROUP BY corporation_id
     ORDER BY active_days DESC, last_seen DESC, id ASC
     LIMIT {limit:UInt32}`,
    { start, system: systemId, limit: KILLBOARD_TOP_CORPORATIONS },
  )
  return {
    totalKills: Number(scalars?.total ?? 0),
    daysCovered: daysCovered(scalars?.first_day ?? null, today),
    mostRecentKillMs: scalars?.last_kill == null ? null : Number(scalars.last_kill) * 1000,
    corporations: corporations.map((c) => ({ id: Number(c.id), activeDays: Number(c.active_days), lastSeenMs: Number(c.last_seen) * 1000 })),
  }
}

/** Kills per UTC weekday (Monday first) and hour over the window, for one system. */
export async function readActivity(ch: ClickHouseClient, systemId: number, now: Date): Promise<Omit<KillboardActivity, 'solarsystemid' | 'feed'>> {
  const { today, start } = windowDays(now)
  const cells = await queryRows<{ dow: number; hour: number; kills: string | number; first_day: string | null }>(
    ch,
    `SELECT toDayOfWeek(day) AS dow, hour, uniqExactMerge(kills) AS kills
     FROM killboard_system_hourly
     WHERE solar_system_id = {system:UInt32} AND day >= {start:Date}
     GROUP BY dow, hour`,
    { start, system: systemId },
  )
  const [coverage] = await queryRows<{ first_day: string | null }>(
    ch,
    'SELECT toString(minOrNull(day)) AS first_day FROM killmail_days WHERE day >= {start:Date}',
    { start },
  )
  return {
    ...heatmap(cells.map((c) => ({ dow: Number(c.dow), hour: Number(c.hour), kills: Number(c.kills) }))),
    daysCovered: daysCovered(coverage?.first_day ?? null, today),
  }
}

/** 7 × 24 grid from (ISO weekday 1-7, hour, kills) cells. */
export function heatmap(cells: Array<{ dow: number; hour: number; kills: number }>): Pick<KillboardActivity, 'days' | 'hours' | 'max' | 'totalKills'> {
  const hours = HEATMAP_DAY_LABELS.map(() => Array.from({ length: 24 }, () => 0))
  let total = 0
  for (const c of cells) {
    hours[c.dow - 1][c.hour] += c.kills
    total += c.kills
  }
  return { days: [...HEATMAP_DAY_LABELS], hours, max: Math.max(0, ...hours.flat()), totalKills: total }
}
