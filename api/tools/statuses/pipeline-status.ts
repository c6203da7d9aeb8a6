import { HUBS } from '../../../schemas/market.js'
import type { PipelineStatus } from '../../../schemas/statuses.js'
import { queryRows, type ClickHouseClient } from '../../../platform/clickhouse/client.js'

interface RegionState {
  region_id: number
  latest_status: string
  latest_detail: string
  last_good: string | null
}

/** A failed fetch's reason without the request path, so regions that failed alike read the same. */
function failureReason(r: RegionState): string {
  return r.latest_detail.replace(new RegExp(`( on)? /markets/${r.region_id}/orders/`), '') || 'no reason recorded'
}

/** The next time a `*\/N`-minute (or N-hour) cron schedule fires after `now`. */
export function nextTick(cadenceMinutes: number, now = new Date()): Date {
  const stepMs = cadenceMinutes * 60_000
  return new Date(Math.floor(now.getTime() / stepMs) * stepMs + stepMs)
}

/**
 * The market pipeline's state from the latest fetch attempt of every hub region: STALE when a hub's prices are
 * older than the cadence plus ten minutes (ages count from ESI's Last-Modified, and ESI caches orders up to five
 * minutes, so a healthy hub reaches the cadence plus five before its next snapshot lands), DOWN when no hub has any
 * price and fetches have failed, DEGRADED when a region's latest attempt failed (its previous prices still serve),
 * STARTING before any snapshot or failure, OK otherwise.
 */
export async function marketPipelineStatus(
  ch: ClickHouseClient,
  ages: Map<number, number | null>,
  cadenceMinutes: number,
): Promise<{ status: PipelineStatus; detail: string }> {
  const rows = await queryRows<RegionState>(
    ch,
    `SELECT region_id, argMax(status, snapshot_id) AS latest_status, argMax(detail, snapshot_id) AS latest_detail,
            toString(maxIf(finished_at, status IN ('complete', 'unchanged'))) AS last_good
     FROM market_snapshots FINAL GROUP BY region_id`,
  )
  const byRegion = new Map(rows.map((r) => [r.region_id, r]))
  const staleAfterMinutes = cadenceMinutes + 10
  const staleAfter = staleAfterMinutes * 60
  const stale = HUBS.filter((h) => (ages.get(h.station_id) ?? null) !== null && ages.get(h.station_id)! > staleAfter)
  const missing = HUBS.filter((h) => ages.get(h.station_id) === null || ages.get(h.station_id) === undefined)
  const failed = [...new Set(HUBS.map((h) => h.region_id))]
    .map((r) => byRegion.get(r))
    .filter((r): r is RegionState => !!r && (r.latest_status === 'failed' || r.latest_status === 'incomplete'))
  const label = (regionId: number) =>
    HUBS.filter((h) => h.region_id === regionId)
      .map((h) => h.label)
      .join('/')

  if (stale.length) return { status: 'STALE', detail: `Prices older than ${staleAfterMinutes} minutes at ${stale.map((h) => h.label).join(', ')}` }
  if (missing.length === HUBS.length && !failed.length) return { status: 'STARTING', detail: 'Waiting for the first market snapshot' }
  if (failed.length || missing.length) {
    // Regions failing for the same reason (ESI down fails them all) are named once, with the reason said once.
    const groups = new Map<string, { outcome: string; reason: string; labels: string[] }>()
    for (const f of failed) {
      const reason = failureReason(f)
      const key = `${f.latest_status}\n${reason}`
      const group = groups.get(key) ?? groups.set(key, { outcome: f.latest_status, reason, labels: [] }).get(key)!
      group.labels.push(label(f.region_id))
    }
    // No hub has any price and fetches are failing: nothing degraded is serving, the tools have no prices at all.
    const noneServing = missing.length === HUBS.length
    const [only] = groups.values()
    if (noneServing && groups.size === 1 && only.labels.length === new Set(HUBS.map((h) => h.region_id)).size) {
      return { status: 'DOWN', detail: `No prices at any hub: every market fetch failed (${only.reason})` }
    }
    const parts = [...groups.values()].map((g) => `${g.labels.join(', ')}: last fetch ${g.outcome} (${g.reason})`)
    if (noneServing) return { status: 'DOWN', detail: `No prices at any hub. ${parts.join('; ')}.` }
    if (missing.length) parts.push(`${missing.map((h) => h.label).join(', ')}: no prices yet`)
    return { status: 'DEGRADED', detail: `${parts.join('; ')}. Previous prices keep serving.` }
  }
  return { status: 'OK', detail: `All ${HUBS.length} hubs current` }
}
