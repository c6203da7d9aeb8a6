import { useEffect, type ReactNode } from 'react'
import { apiGet, endpointUrl } from '../../lib/api'
import { getKillboardActivityBySolarsystemid, getKillboardSummaryBySolarsystemid } from '../../../schemas/killboard-endpoints'
import { useAsync } from '../../lib/use-async'
import { formatInt } from '../../../schemas/format'
import { GameImage } from '../../components/GameImage'
import { Section } from './Section'
import { corporationLabel, readActivity, readSummary, relativeTime, topCorporations, type KillboardActivity, type KillboardSummary } from './killboard'
import { TableWrap } from '../../components/TableWrap'
import { KillFeedNote } from '../../components/KillFeedNote'
import { noKillData } from '../../lib/kill-feed'
import { NewTabLink } from '../../components/NewTabLink'

/** Fetch a killboard panel's data; a failed or malformed answer is logged and leaves the panel loading (spec). */
function useKillboard<T>(path: string, read: (body: unknown) => T | null): T | null {
  const loaded = useAsync(async () => {
    const parsed = read(await apiGet<unknown>(path))
    if (!parsed) throw new Error('unexpected answer')
    return parsed
  }, [path, read])
  useEffect(() => {
    if (loaded.state === 'error') console.warn(`${path}: ${loaded.message}`)
  }, [loaded, path])
  return loaded.state === 'ok' ? loaded.value : null
}

/**
 * A system's killboard panels: the activity heatmap, the kills summary and the recent corporations, with one amber
 * note above them when the killmail feed is STALE or has stored nothing yet (both answers carry its state; either one
 * saying so is enough).
 */
export function KillboardPanels({ systemId, imageServer }: { systemId: number; imageServer: string }) {
  const activity = useKillboard<KillboardActivity>(endpointUrl(getKillboardActivityBySolarsystemid, { params: { solarsystemid: systemId } }), readActivity)
  const summary = useKillboard<KillboardSummary>(endpointUrl(getKillboardSummaryBySolarsystemid, { params: { solarsystemid: systemId } }), readSummary)
  return (
    <>
      <ActivityHeatmap activity={activity} note={<KillFeedNote feed={[activity?.feed, summary?.feed].find((f) => f && f.status !== 'OK')} />} />
      <KillsSummary summary={summary} imageServer={imageServer} />
    </>
  )
}

function ActivityHeatmap({ activity, note }: { activity: KillboardActivity | null; note: ReactNode }) {
  return (
    <Section name="Killboard activity">
      {note}
      {!activity ? (
        <p className="muted">Loading activity...</p>
      ) : noKillData(activity.feed) ? (
        // a grid of 168 "0 kills" would read as a quiet system, not as no data
        <p className="muted" data-testid="heatmap-no-data">
          No kill data collected yet.
        </p>
      ) : (
        <TableWrap label="Kills per hour of day">
          <table className="heatmap" data-testid="heatmap">
            <caption className="muted">
              Kills per hour of day (UTC); brighter red is busier
              {activity.max > 0 ? `; the busiest hour had ${activity.max} kill${activity.max === 1 ? '' : 's'}` : ''}.
            </caption>
            <thead>
              <tr>
                <td />
                {Array.from({ length: 24 }, (_, h) => (
                  <th key={h} scope="col">
                    {h % 3 === 0 ? String(h).padStart(2, '0') : <span className="visually-hidden">{String(h).padStart(2, '0')}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {activity.days.map((day, d) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {activity.hours[d].map((n, h) => (
                    <td
                      key={h}
                      title={`${day} ${String(h).padStart(2, '0')}:00 UTC: ${n} kill${n === 1 ? '' : 's'}`}
                      style={{ background: n > 0 && activity.max > 0 ? `rgba(255, 93, 108, ${0.15 + 0.85 * (n / activity.max)})` : undefined }}
                    >
                      {/* the shade is for the eye; a screen reader reads the count */}
                      <span className="visually-hidden">{n}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Section>
  )
}

function KillsSummary({ summary, imageServer }: { summary: KillboardSummary | null; imageServer: string }) {
  // No day of kills stored anywhere: "0 kills in the last 0 days" would read as a fact about the system.
  const noData = !!summary && (summary.daysCovered === 0 || noKillData(summary.feed))
  return (
    <>
      <Section name="Kills summary" heading="Kills">
        {!summary ? (
          <p className="muted">Loading...</p>
        ) : noData ? (
          <p className="muted" data-testid="kills-summary">
            No kill data collected yet.
          </p>
        ) : (
          <p data-testid="kills-summary">
            {formatInt(summary.totalKills)} kill{summary.totalKills === 1 ? '' : 's'} in the last {summary.daysCovered} day
            {summary.daysCovered === 1 ? '' : 's'}
            {summary.mostRecentKillDaysAgo !== null ? `; most recent ${relativeTime(summary.mostRecentKillDaysAgo)}` : ''}.
          </p>
        )}
      </Section>
      <Section name="Recent corporations">
        {!summary ? (
          <p className="muted">Loading...</p>
        ) : summary.activeCorporations.length === 0 ? (
          <p className="muted">{noData ? 'No kill data collected yet.' : "No corporation seen in this system's kills."}</p>
        ) : (
          <TableWrap label="Recent corporations table">
            <table className="data-table wh-corps">
              <thead>
                <tr>
                  <th scope="col">Corporation</th>
                  <th scope="col" className="align-right">
                    Active days
                  </th>
                  <th scope="col" className="align-right">
                    Last seen
                  </th>
                </tr>
              </thead>
              <tbody>
                {topCorporations(summary.activeCorporations).map((c) => (
                  <tr key={c.id}>
                    <td className="wh-corp">
                      <GameImage src={`${imageServer}/corporations/${c.id}/logo?size=32`} alt={corporationLabel(c)} size={24} />
                      <NewTabLink href={`https://zkillboard.com/corporation/${c.id}/`}>{corporationLabel(c)}</NewTabLink>
                    </td>
                    <td className="align-right">{c.activeDays}</td>
                    <td className="align-right">{relativeTime(c.lastSeenDaysAgo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </Section>
    </>
  )
}
