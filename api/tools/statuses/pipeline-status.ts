import { HUBS } from '../../../schemas/market.js'
import { hubFreshness, oldAfterMinutes } from '../../../schemas/hubs.js'
import type { HubPriceStatus, PipelineStatus } from '../../../schemas/statuses.js'
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

interface RegionChecks {
  region_id: number
  latest_status: string
  latest_detail: string
  last_checked_ms: string | number | null
  last_unchanged_ms: string | number | null
}

const msOrNull = (v: string | number | null) => (v === null || v === undefined ? null : Number(v))

/**
 * Each hub's prices as the status page shows them: the age of ESI's book they come from, when the hub was last
 * checked and how that check ended, since when ESI's book is unchanged, and the freshness age `hubFreshness` judges
 * (counted from the book's time or from the last check that found ESI still offering it, whichever is newer).
 */
export async function hubPriceStatus(
  ch: ClickHouseClient,
  snapshotAt: (stationId: number) => Date | null,
  cadenceMinutes: number,
  now = Date.now(),
): Promise<HubPriceStatus[]> {
  const rows = await queryRows<RegionChecks>(
    ch,
    `SELECT region_id, argMax(status, snapshot_id) AS latest_status, argMax(detail, snapshot_id) AS latest_detail,
            toUnixTimestamp64Milli(argMax(ifNull(finished_at, started_at), snapshot_id)) AS last_checked_ms,
            toUnixTimestamp64Milli(maxIf(finished_at, status = 'unchanged')) AS last_unchanged_ms
     FROM market_snapshots FINAL GROUP BY region_id`,
  )
  const byRegion = new Map(rows.map((r) => [r.region_id, r]))
  return HUBS.map((h) => {
    const at = snapshotAt(h.station_id)
    const checks = byRegion.get(h.region_id)
    const lastUnchanged = checks ? msOrNull(checks.last_unchanged_ms) : null
    const lastChecked = checks ? msOrNull(checks.last_checked_ms) : null
    // An 'unchanged' check only vouches for the book held when it is newer than that book (a later complete fetch
    // replaced the book it vouched for otherwise, and the book's own time is then the newer anyway).
    const vouched = at ? Math.max(at.getTime(), lastUnchanged ?? 0) : null
    const age = (ms: number | null) => (ms === null ? null : Math.max(0, Math.round((now - ms) / 1000)))
    const freshnessAge = age(vouched)
    return {
      station_id: h.station_id,
      label: h.label,
      age_seconds: age(at?.getTime() ?? null),
      freshness_age_seconds: freshnessAge,
      freshness: hubFreshness(freshnessAge, cadenceMinutes),
      last_checked_at: lastChecked ? new Date(lastChecked).toISOString() : null,
      last_check: (checks?.latest_status as HubPriceStatus['last_check']) ?? null,
      esi_unchanged_since: at ? at.toISOString() : null,
    }
  })
}

/**
 * The market pipeline's state from the latest fetch attempt of every hub region: STALE exactly when a hub's prices
 * are OLD under `hubFreshness` (the one rule the price rows use too; `ages` are its freshness ages), DOWN when no hub has any
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
  const staleAfterMinutes = oldAfterMinutes(cadenceMinutes)
  const stale = HUBS.filter((h) => hubFreshness(ages.get(h.station_id) ?? null, cadenceMinutes) === 'OLD')
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
