import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import './pyfa.css'
import { NewTabLink } from '../../components/NewTabLink'
import { callApi } from '../../lib/api'
import { getPyfaStatus } from '../../../schemas/pyfa-endpoints'

export const PYFA_SOURCE_URL = 'https://github.com/pyfa-org/Pyfa'

/** Said instead of Start when the server cannot run sessions (the server's own reason is for its operator). */
export const NOT_AVAILABLE_SENTENCE = 'The fitting tool is not available on this server, so no session can be started here.'

/**
 * /pyfa: what a fitting session is, and the way in. Start is a plain link to /pyfa/new; it is shown unless the server
 * says sessions cannot start here (GET /api/pyfa/status), in which case the page says so instead. When the status
 * cannot be read, Start stays: /pyfa/new explains any refusal.
 */
export default function PyfaPage() {
  const [available, setAvailable] = useState<boolean | null>(null)
  useEffect(() => {
    let live = true
    callApi(getPyfaStatus, {})
      .then((status) => live && setAvailable(status.available))
      .catch(() => live && setAvailable(true))
    return () => {
      live = false
    }
  }, [])
  return (
    <div className="panel narrow fitting-landing">
      <h1>Browser-based fitting tool</h1>
      <p className="lead">
        Fit ships with Pyfa, the community's desktop fitting application, right here in your browser, with nothing to install. Start opens Pyfa in a temporary
        session of its own on this server and shows its screen on the page; your keyboard and mouse work as if it ran on your computer.
      </p>

      <h2>How sessions work</h2>
      <ul className="fitting-rules">
        <li>
          <strong>Isolated.</strong> Every session gets its own virtual screen and runs as its own user with its own temporary home folder. No other visitor can
          see or touch it, and you cannot see theirs.
        </li>
        <li>
          <strong>Temporary: nothing is saved.</strong> When the session ends, Pyfa, its settings and every fit in it are deleted. Copy the fits you want to
          keep out of Pyfa first (Copy to clipboard, then the page's <em>Copy to my clipboard</em> button).
        </li>
        <li>
          <strong>Limited.</strong> Each IP address may have a small number of sessions open at once, and the server runs a fixed number in total. When they are
          all taken, the page says so and when to try again.
        </li>
        <li>
          <strong>Ends by itself.</strong> After two hours without keyboard or mouse input, about a minute after you close the page, or at once with the End
          session button.
        </li>
      </ul>

      {available === false ? (
        <p className="notice" data-testid="fitting-unavailable">
          {NOT_AVAILABLE_SENTENCE}
        </p>
      ) : (
        <p className="button-row">
          <Link className="button" to="/pyfa/new">
            Start a session
          </Link>
        </p>
      )}

      <p className="muted">
        This is a first attempt at running a desktop application in the browser, so expect some rough edges. Pyfa is free, open-source software made by its own
        authors, not by this site: <NewTabLink href={PYFA_SOURCE_URL}>Pyfa's source code on GitHub</NewTabLink>.
      </p>
    </div>
  )
}
