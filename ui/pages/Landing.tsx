import { useMemo, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { cardTools, SITE_NAME } from '../tools/registry'
import { LegalNotice } from '../components/LegalNotice'

export function Landing() {
  const [query, setQuery] = useState('')
  const all = cardTools()
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    if (!q) return all
    return all.filter((t) => t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q))
  }, [all, query])
  const navigate = useNavigate()

  // Enter opens the tool when the search has narrowed the cards to one.
  const openOnlyMatch = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || shown.length !== 1) return
    const [tool] = shown
    if (tool.href) window.location.assign(tool.href)
    else navigate(tool.path)
  }

  return (
    <div className="landing">
      <section className="hero">
        <h1>{SITE_NAME}</h1>
        <p className="tagline">The wormhole pilot's companion: calculators, references and live market data for life in J-space.</p>
        <input
          type="search"
          className="tool-search"
          placeholder="Search tools…"
          aria-label="Search tools"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={openOnlyMatch}
        />
      </section>
      <ul className="tool-grid">
        {shown.map((t) => (
          <li key={t.path}>
            {t.href ? (
              <a className="tool-card" href={t.href}>
                <h2>{t.name}</h2>
                <p>{t.description}</p>
              </a>
            ) : (
              <Link className="tool-card" to={t.path}>
                <h2>{t.name}</h2>
                <p>{t.description}</p>
              </Link>
            )}
          </li>
        ))}
      </ul>
      <footer className="landing-foot">
        {/* A status region from the start, so a screen reader hears what each search leaves without leaving the box. */}
        <div role="status">
          {shown.length === 0 && <p className="empty">No tool matches “{query}”.</p>}
          <p data-testid="tool-count">
            Showing {shown.length} of {all.length} tools
          </p>
        </div>
        <LegalNotice />
      </footer>
    </div>
  )
}
