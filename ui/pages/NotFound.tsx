import { useEffect } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { NOT_FOUND_TITLE } from '../tools/registry'

export function NotFound() {
  const location = useLocation()
  // The kill tracker shows this page for a one-segment path that names no tracked player, where the layout's title
  // would otherwise read '{name} · Kill tracker'.
  useEffect(() => {
    document.title = NOT_FOUND_TITLE
  }, [location.pathname])
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
