import { useEffect } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { NOT_FOUND_TITLE } from '../tools/registry'

/** The address as people wrote it: '/wormholes/Жита', not '/wormholes/%D0%96%D0%B8%D1%82%D0%B0' (as typed when it is no valid encoding). */
export function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

export function NotFound() {
  const location = useLocation()
  // The kill tracker shows this page for a one-segment path that names no tracked player, where the layout's title
  // would otherwise read '{name} · Kill tracker'.
  useEffect(() => {
    document.title = NOT_FOUND_TITLE
  }, [location.pathname])
  return (
    <div className="panel narrow not-found">
      <h1>404: nothing at this address</h1>
      <p>
        There is no page at <code>{decodedPath(location.pathname)}</code>. It may have collapsed like a wormhole at the end of its life.
      </p>
      <p>
        <Link to="/">Back to all tools</Link>
      </p>
    </div>
  )
}
