import { Link } from 'react-router-dom'
import { roadmap, type RoadmapStatus } from './roadmap'

const BADGE: Record<RoadmapStatus, string> = { planned: 'badge-neutral', 'in progress': 'badge-minor', shipped: 'badge-good' }

export default function RoadmapPage() {
  return (
    <div className="panel">
      <h1>Roadmap</h1>
      <p>
        What is being built next, roughly in order. Shipped items link to their page; every release is in the <Link to="/changelog">changelog</Link>.
      </p>
      <ul className="roadmap">
        {roadmap.map((item) => (
          <li key={item.title}>
            <h2>
              {item.title} <span className={`badge ${BADGE[item.status]}`}>{item.status}</span>
            </h2>
            <p>
              {item.detail} {item.href && <Link to={item.href}>Open it</Link>}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}
