import { releaseKind, releases } from './changelog'

export default function ChangelogPage() {
  return (
    <div className="panel" id="top">
      <h1>Changelog</h1>
      <ol className="timeline">
        {releases.map((r) => {
          const kind = releaseKind(r.version)
          return (
            <li key={r.version} className="release" data-testid="release">
              <header>
                <span className={`badge badge-${kind.toLowerCase()}`}>{kind}</span>
                <h2>
                  v{r.version} <span className="muted">· {r.title}</span>
                </h2>
                <time dateTime={r.date}>{r.date}</time>
              </header>
              <ul>
                {r.changes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </li>
          )
        })}
      </ol>
      <p>
        <a href="#top" onClick={(e) => (e.preventDefault(), window.scrollTo({ top: 0, behavior: 'smooth' }))}>
          Back to top ↑
        </a>
      </p>
    </div>
  )
}
