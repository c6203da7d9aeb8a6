import { Link, useLocation } from 'react-router-dom'

export function NotFound() {
  const location = useLocation()
  return (
    <div className="panel narrow">
      <h1>404: nothing at this address</h1>
      <p>
        There is no page at <code>{location.pathname}</code>. It may have collapsed like a wormhole at the end of its life.
      </p>
      <p>
        <Link to="/">Back to all tools</Link>
      </p>
    </div>
  )
}
