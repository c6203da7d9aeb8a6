import { roadmap } from './roadmap'

export default function RoadmapPage() {
  return (
    <div className="panel">
      <h1>Roadmap</h1>
      <p>What is being built next, roughly in order. Shipped work moves to the changelog.</p>
      <ul className="roadmap">
        {roadmap.map((item) => (
          <li key={item.title}>
            <h2>
              {item.title} <span className={`badge ${item.status === 'in progress' ? 'badge-minor' : 'badge-neutral'}`}>{item.status}</span>
            </h2>
            <p>{item.detail}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
