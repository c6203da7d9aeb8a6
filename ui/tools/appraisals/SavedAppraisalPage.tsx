import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { warningText } from '../../../schemas/appraisal/appraise'
import { APPRAISAL_TEXT, COPY_CONFIRM_MS, PRICE_MODES, type PriceMode } from '../../../schemas/appraisal/constants'
import { readSavedAppraisal, type SavedAppraisalView } from '../../../schemas/appraisal/saved'
import { HUBS } from '../../../schemas/hubs'
import { Collapsible } from '../../components/Collapsible'
import { CopyButton } from '../../components/CopyButton'
import { getAppraisalsById } from '../../../schemas/appraisals-endpoints'
import { ApiError, callApi } from '../../lib/api'
import type { AppraiseAgain } from './AppraisalsPage'
import { AppraisalTable, PriceNote, TotalsPanel, UnreadLines } from './AppraisalView'
import './appraisals.css'

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; appraisal: SavedAppraisalView }

/** A saved appraisal: read only, exactly as it was when saved. */
export default function SavedAppraisalPage() {
  const { id = '' } = useParams()
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    setState({ kind: 'loading' })
    callApi(getAppraisalsById, { params: { id } }, { signal: controller.signal })
      .then((body) => setState({ kind: 'loaded', appraisal: readSavedAppraisal(body) }))
      .catch((err) => {
        if (controller.signal.aborted) return
        setState({ kind: 'failed', message: err instanceof ApiError && err.status === 404 ? APPRAISAL_TEXT.notFound : APPRAISAL_TEXT.loadFailed })
      })
    return () => controller.abort()
  }, [id])

  if (state.kind === 'loading') {
    return (
      <div className="panel appraisals-page">
        <h1>Saved appraisal</h1>
        <p>Loading…</p>
      </div>
    )
  }
  if (state.kind === 'failed') {
    return (
      <div className="panel appraisals-page">
        <h1>Saved appraisal</h1>
        <p className="error-text" role="alert" data-testid="saved-error">
          {state.message}
        </p>
        <Link to="/appraisals">Back to appraisals</Link>
      </div>
    )
  }

  const a = state.appraisal
  const hub = HUBS.find((h) => h.station_id === a.station_id)?.label ?? `Station ${a.station_id}`
  const mode = ((PRICE_MODES as readonly string[]).includes(a.mode) ? a.mode : 'sell5') as PriceMode
  const appraiseAgain: AppraiseAgain = {
    appraiseAgain: { text: a.input_raw, stationId: a.station_id, mode, adjustment: a.totals.adjustmentPct, combine: a.combine },
  }
  const created = a.created_at ? new Date(a.created_at).toISOString().slice(0, 16).replace('T', ' ') : ''
  return (
    <div className="appraisals-page">
      <div className="panel appraisal-preview">
        <div className="saved-head">
          <h1>Saved appraisal</h1>
          <div className="button-row">
            <CopyButton text={() => window.location.href} label="Copy link" duration={COPY_CONFIRM_MS} />
            <Link
              className="button secondary"
              to="/appraisals"
              state={appraiseAgain}
              title="Open this paste in a new appraisal, priced at today's prices (this snapshot stays as it is)"
            >
              Appraise again
            </Link>
            <Link className="button" to="/appraisals">
              New appraisal
            </Link>
          </div>
        </div>
        <p className="muted">Saved {created} UTC. A frozen snapshot: these numbers do not change with the market.</p>
        <PriceNote hub={hub} mode={mode} pricesAt={a.prices_at} frozen />
        {a.warnings.length > 0 && (
          <p className="warning-text" data-testid="appraisal-warnings">
            {warningText(a.warnings)}
          </p>
        )}
        <TotalsPanel totals={a.totals} mode={mode} volumeUnknown={a.volume_unknown} showMedians={a.totals.median5d !== null || a.totals.median30d !== null} />
        <AppraisalTable rows={a.rows} imageServer={a.image_server} />
        <UnreadLines lines={a.unparsed} />
        <Collapsible title="Pasted text" defaultOpen={false}>
          <pre className="pasted-text" data-testid="pasted-text">
            {a.input_raw}
          </pre>
        </Collapsible>
      </div>
    </div>
  )
}
