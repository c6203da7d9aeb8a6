import { lazy, Suspense, useEffect } from 'react'
import type { SystemActivity, SystemActivityHour } from '../../../schemas/system-activity'
import { getSystemActivity } from '../../../schemas/system-activity-endpoints'
import { formatInt } from '../../../schemas/format'
import { callApi } from '../../lib/api'
import { useAsync } from '../../lib/use-async'
import type { ChartSeries } from './ActivityChart'
import { Section } from './Section'

/**
 * The charts' code (chart.js) is loaded when an activity section opens, not with the wormhole list: it was a third of
 * the list page's script on a phone (#44.5). Should it fail to load, each chart is given in words alone.
 */
const loadChart = () =>
  import('./ActivityChart').catch(() => ({
    default: ({ series }: { series: ChartSeries }) => (
      <figure className="wh-activity-chart" data-testid={`activity-${series.key}`}>
        <figcaption>{series.label}</figcaption>
        <p className="muted small">{series.text}</p>
      </figure>
    ),
  }))
const ActivityChart = lazy(loadChart)

type Series = 'npc_kills' | 'ship_kills' | 'pod_kills' | 'jumps'

/** Each chart's label and colour (chart.js draws on a canvas, so it needs the values: the site's accent, --bad, --warn and --good). */
const CHARTS: Array<{ key: Series; label: string; colour: string }> = [
  { key: 'npc_kills', label: 'NPC kills', colour: '#5cc8ff' },
  { key: 'ship_kills', label: 'Ship kills', colour: '#ff5d6c' },
  { key: 'pod_kills', label: 'Pod kills', colour: '#f2b84b' },
  { key: 'jumps', label: 'Jumps', colour: '#43d17a' },
]

const hourOf = (iso: string) => iso.slice(11, 16)

/** A chart's figures in words, for screen readers and for a pilot who cannot hover a bar: the total and the busiest hour. */
function summary(label: string, hours: SystemActivityHour[], key: Series): string {
  const known = hours.filter((h) => h[key] !== null)
  const total = known.reduce((n, h) => n + (h[key] ?? 0), 0)
  if (total === 0) return `${label}: none in the ${known.length} hours ESI counted`
  const busiest = known.reduce((a, b) => ((b[key] ?? 0) > (a[key] ?? 0) ? b : a))
  return `${label}: ${formatInt(total)} in the ${known.length} hours ESI counted, most ${formatInt(busiest[key]!)} in the hour published at ${hourOf(busiest.hour)} UTC`
}

const seriesOf = (hours: SystemActivityHour[], chart: (typeof CHARTS)[number]): ChartSeries => ({
  ...chart,
  labels: hours.map((h) => hourOf(h.hour)),
  values: hours.map((h) => h[chart.key]),
  text: summary(chart.label, hours, chart.key),
})

/** What the section says in words above (or instead of) the charts. */
function Notes({ activity }: { activity: SystemActivity }) {
  // The newest hour with a kills answer (the jumps answer comes a few minutes earlier in the hour, so the last hour may have only that).
  const last = activity.hours.findLast((h) => h.npc_kills !== null)
  const answered = activity.hours.some((h) => h.npc_kills !== null || h.jumps !== null)
  if (!answered) {
    return (
      <p className="muted" data-testid="activity-none">
        No activity data for this system: ESI&apos;s hourly kill and jump counts have not been stored in the last 24 hours.
      </p>
    )
  }
  if (activity.listed_hours === 0) {
    return (
      <p className="muted" data-testid="activity-none">
        {activity.wormhole_space
          ? "No activity data for this system: ESI's hourly NPC, ship and pod kills and jumps leave wormhole space out. The kills zKillboard knows are above."
          : 'ESI counted no NPC, ship or pod kill and no jump in this system in the last 24 hours.'}
      </p>
    )
  }
  return last?.npc_kills ? (
    <p data-testid="activity-farming">
      NPCs killed in the last hour: <strong>{formatInt(last.npc_kills)}</strong>{' '}
      <span className="muted small">(ESI&apos;s count published at {hourOf(activity.kills_updated_at ?? last.hour)} UTC)</span>
    </p>
  ) : null
}

/**
 * ESI's hourly activity of the system over the last 24 hours as small bar charts (NPC, ship and pod kills, and jumps
 * where ESI counts them), with the last hour's NPC kills in words when there were any: someone is running sites.
 */
export function ActivitySection({ systemId, systemName }: { systemId: number; systemName?: string }) {
  const load = useAsync<SystemActivity>(() => callApi(getSystemActivity, { params: { solarsystemid: systemId } }), [systemId])
  // the chart code comes down beside the data instead of after it
  useEffect(() => void loadChart(), [])
  return (
    <Section name="ESI activity" heading={systemName ? `Activity in ${systemName}, last 24 hours (ESI)` : 'Activity, last 24 hours (ESI)'}>
      {load.state === 'loading' && <p className="muted">Loading activity from ESI…</p>}
      {load.state === 'error' && <p className="warning-text">The activity did not load: {load.message}</p>}
      {load.state === 'ok' && (
        <>
          <Notes activity={load.value} />
          {load.value.listed_hours > 0 && (
            <>
              <div className="wh-activity" data-testid="activity-charts">
                <Suspense fallback={<p className="muted">Loading the charts…</p>}>
                  {CHARTS.filter((c) => c.key !== 'jumps' || load.value.hours.some((h) => h.jumps)).map((c) => (
                    <ActivityChart key={c.key} series={seriesOf(load.value.hours, c)} />
                  ))}
                </Suspense>
              </div>
              <p className="muted small">
                Counts per hour from ESI, each published some minutes into the hour (UTC) for the hour before; an empty hour had no count stored.
                {load.value.wormhole_space ? ' ESI counts no jumps in wormhole space.' : ''}
              </p>
            </>
          )}
        </>
      )}
    </Section>
  )
}
