import { Link } from 'react-router-dom'
import './pyfa.css'
import { NewTabLink } from '../../components/NewTabLink'

export const PYFA_SOURCE_URL = 'https://github.com/pyfa-org/Pyfa'

/** /pyfa: what a fitting session is, and the way in. No data call: Start is a plain link to /pyfa/new. */
export default function PyfaPage() {
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

      <p className="button-row">
        <Link className="button" to="/pyfa/new">
          Start a session
        </Link>
      </p>

      <p className="muted">
        This is a first attempt at running a desktop application in the browser, so expect some rough edges. Pyfa is free, open-source software made by its own
        authors, not by this site: <NewTabLink href={PYFA_SOURCE_URL}>Pyfa's source code on GitHub</NewTabLink>.
      </p>
    </div>
  )
}
