import type { KillTrackerResponse } from '../../../schemas/kill-tracker.js'
import { TRACKER_LIST_LIMIT } from '../../../schemas/killmail-constants.js'

/** One stored (character, killmail, role) row inside the window. */
export interface ActivityRow {
  killmailId: number
  timeMs: number
  role: 'kill' | 'loss'
  shipTypeId: number
  value: number
  systemId: number
}

export interface ListedKill {
  killmailId: number
  timeMs: number
  shipTypeId: number
  value: number
  systemId: number
}

export interface TrackerFacts {
  last7d: KillTrackerResponse['last7d']
  kills: ListedKill[]
  losses: ListedKill[]
}

/**
 * The kill tracker's numbers for one player (all their characters together):
 * - a loss is a killmail whose victim is one of the characters; a kill is a killmail one or more of them attacked on,
 *   counted once however many of them were there, and not counted when the victim was one of them too (a loss);
 * - destroyed / lost ISK are the sums of zKillboard's total value over kills / losses; net = destroyed − lost;
 * - K/D = kills / losses: 0 without kills, null (shown as ∞) with kills and no losses;
 * - status POSITIVE when net > 0, NEGATIVE when net < 0, NEUTRAL at exactly 0.
 */
export function summarize(rows: ActivityRow[], listLimit = TRACKER_LIST_LIMIT): TrackerFacts {
  const losses = new Map<number, ListedKill>()
  const kills = new Map<number, ListedKill>()
  for (const r of rows) if (r.role === 'loss') losses.set(r.killmailId, listed(r))
  for (const r of rows) if (r.role === 'kill' && !losses.has(r.killmailId)) kills.set(r.killmailId, listed(r))
  const destroyedISK = sum([...kills.values()])
  const lostISK = sum([...losses.values()])
  const netISK = destroyedISK - lostISK
  const kd = kills.size === 0 ? 0 : losses.size === 0 ? null : kills.size / losses.size
  return {
    last7d: {
      kills: kills.size,
      losses: losses.size,
      destroyedISK,
      lostISK,
      netISK,
      kd,
      status: netISK > 0 ? 'POSITIVE' : netISK < 0 ? 'NEGATIVE' : 'NEUTRAL',
    },
    kills: newestFirst([...kills.values()]).slice(0, listLimit),
    losses: newestFirst([...losses.values()]).slice(0, listLimit),
  }
}

const listed = (r: ActivityRow): ListedKill => ({ killmailId: r.killmailId, timeMs: r.timeMs, shipTypeId: r.shipTypeId, value: r.value, systemId: r.systemId })
const sum = (list: ListedKill[]) => Math.round(list.reduce((s, k) => s + k.value, 0) * 100) / 100
const newestFirst = (list: ListedKill[]) => list.sort((a, b) => b.timeMs - a.timeMs || b.killmailId - a.killmailId)
