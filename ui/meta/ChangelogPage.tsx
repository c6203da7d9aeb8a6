import { useRef, type MouseEvent } from 'react'
import { Link } from 'react-router-dom'
import { releaseKind, releases } from './changelog'

export default function ChangelogPage() {
  const heading = useRef<HTMLHeadingElement>(null)
  // Back to top moves keyboard focus too: otherwise the next Tab continues from the bottom of the page.
  const backToTop = (e: MouseEvent) => {
    e.preventDefault()
    heading.current?.focus({ preventScroll: true })
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
  }
  return (
    <div className="panel" id="top">
      <h1 ref={heading} tabIndex={-1}>
        Changelog
      </h1>
      <p>
        Every release, newest first. What comes next is on the <Link to="/roadmap">roadmap</Link>.
      </p>
      <ol className="timeline">
        {releases.map((r) => {
          const kind = releaseKind(r.version)
          return (
            <li key={r.version} className="release" data-testid="release">
              <header>
                <span className={`badge badge-${kind.toLowerCase()}`}>{kind}</span>
                <h2>
                  v{r.version}
                  {/* the badge and date sit outside the heading: said here too for those who move by headings */}
                  <span className="visually-hidden">{`, ${kind}, ${r.date}`}</span> <span className="muted">· {r.title}</span>
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
        <a href="#top" onClick={backToTop}>
          Back to top ↑
        </a>
      </p>
    </div>
  )
}
