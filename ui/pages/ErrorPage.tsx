import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { Layout } from '../layout/Layout'
import { SITE_NAME } from '../tools/registry'

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}${error.data ? `: ${String(error.data)}` : ''}`
  if (error instanceof Error) return error.message
  return String(error)
}

/** Shown when routing itself fails: a page module that cannot load, or a render that throws. */
export function ErrorPage() {
  const error = useRouteError()
  // After the layout's own effect (a child's effects run first), so the tab does not name a page that failed.
  useEffect(() => {
    document.title = `Unexpected Application Error! · ${SITE_NAME}`
  }, [error])
  return (
    <Layout>
      <div className="panel narrow error-page" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p className="error-message">{messageOf(error)}</p>
        <p>
          <a href={window.location.pathname + window.location.search + window.location.hash}>Reload this page</a> or <a href="/">go back to all tools</a>.
        </p>
      </div>
    </Layout>
  )
}
