import { ArcElement, Chart as ChartJS, Legend, Tooltip } from 'chart.js'
import { Doughnut } from 'react-chartjs-2'

ChartJS.register(ArcElement, Tooltip, Legend)

/** The site's --good and --bad colours (chart.js draws on a canvas, so it needs the values, not the variables). */
const GREEN = '#43d17a'
const RED = '#ff5d6c'

/** Kills versus losses as a donut (spec: inner radius 60, outer 90, padding 2 between the two arcs). */
export function KillDonut({ kills, losses }: { kills: number; losses: number }) {
  if (kills + losses === 0) {
    return (
      <div className="kt-donut kt-donut-empty" data-testid="kill-donut">
        <span className="muted">No kills or losses to chart</span>
      </div>
    )
  }
  // The counts in words under the chart, since it tells them only in a hover tooltip that a keyboard cannot open.
  // Screen readers get only these words: the chart would read the same two numbers again.
  return (
    <div>
      <div className="kt-donut" aria-hidden="true" data-testid="kill-donut" data-kills={kills} data-losses={losses}>
        <Doughnut
          data={{ labels: ['Kills', 'Losses'], datasets: [{ data: [kills, losses], backgroundColor: [GREEN, RED], borderWidth: 0, spacing: 2 }] }}
          options={{
            cutout: 60,
            radius: 90,
            responsive: true,
            maintainAspectRatio: false,
            animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
            plugins: { legend: { position: 'bottom', labels: { color: '#e3e9f3' } } },
          }}
        />
      </div>
      <p className="kt-donut-counts muted" data-testid="kill-donut-counts">
        {kills} {kills === 1 ? 'kill' : 'kills'} · {losses} {losses === 1 ? 'loss' : 'losses'}
      </p>
    </div>
  )
}
