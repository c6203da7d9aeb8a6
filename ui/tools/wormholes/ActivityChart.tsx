import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js'
import { Bar } from 'react-chartjs-2'

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip)

/** One series of a system's hourly activity, with its figures in words (`text`) for readers who cannot see the bars. */
export interface ChartSeries {
  key: string
  label: string
  colour: string
  /** The hours, 'HH:MM' UTC. */
  labels: string[]
  values: Array<number | null>
  text: string
}

/** The series as a bar chart. Loaded with the first activity section that has charts (chart.js is 64 KB gzipped). */
export default function ActivityChart({ series }: { series: ChartSeries }) {
  return (
    <figure className="wh-activity-chart" data-testid={`activity-${series.key}`}>
      <figcaption>{series.label}</figcaption>
      <div className="wh-activity-canvas" aria-hidden="true">
        <Bar
          data={{
            labels: series.labels,
            datasets: [{ label: series.label, data: series.values, backgroundColor: series.colour, borderWidth: 0 }],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { tooltip: { callbacks: { title: (items) => `${items[0]?.label ?? ''} UTC` } } },
            scales: {
              x: { ticks: { color: '#8e9bb3', maxTicksLimit: 6, maxRotation: 0 }, grid: { display: false } },
              y: { beginAtZero: true, ticks: { color: '#8e9bb3', maxTicksLimit: 3, precision: 0 } },
            },
          }}
        />
      </div>
      <p className="muted small">{series.text}</p>
    </figure>
  )
}
