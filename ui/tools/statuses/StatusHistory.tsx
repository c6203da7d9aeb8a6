import { useEffect, useState } from 'react'
import type { StatusHistoryResponse } from '../../../schemas/statuses'
import { getStatusesHistory } from '../../../schemas/statuses-endpoints'
import { callApi } from '../../lib/api'
import { TableWrap } from '../../components/TableWrap'

const NAMES: Record<string, string> = {
  site: 'Site',
  database: 'Database',
  market_pipeline: 'Market pipeline',
  killmail_feed: 'Killmail feed',
  esi: 'ESI',
  zkillboard: 'zKillboard',
}
const WINDOWS = ['24h', '7d', '30d', '90d'] as const
const percent = (r: number | null) => (r === null ? 'no data' : `${(Math.floor(r * 10_000) / 100).toFixed(2)}%`)
const lasted = (s: number) => (s < 3600 ? `${Math.max(1, Math.round(s / 60))} min` : `${(s / 3600).toFixed(1)} h`)

/** Uptime per component over 24 h / 7 d / 30 d / 90 d and the incidents of the last 90 days (GET /api/statuses/history). */
export function StatusHistory() {
  const [data, setData] = useState<StatusHistoryResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    callApi(getStatusesHistory, {}, { timeoutMs: 20_000 })
      .then(setData)
      .catch((err: Error) => setError(`The history could not be loaded: ${err.message}`))
  }, [])
  if (error) return <p className="error-text">{error}</p>
  if (!data) return <p>Loading history…</p>
  return (
    <>
      <TableWrap label="Uptime table">
        <table className="data-table narrow-table">
          <thead>
            <tr>
              <th>Component</th>
              {WINDOWS.map((w) => (
                <th key={w} className="align-right">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.components.map((c) => (
              <tr key={c.component} data-testid="uptime-row">
                <td>{NAMES[c.component]}</td>
                {WINDOWS.map((w) => (
                  <td key={w} className="align-right">
                    {percent(c.uptime[w])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <h3>Incidents</h3>
      {data.incidents.length === 0 ? (
        <p className="muted">No incident in the last 90 days.</p>
      ) : (
        <ul className="incident-list">
          {data.incidents.map((i) => (
            <li key={`${i.component}-${i.started_at}`} data-testid="incident">
              <strong>{NAMES[i.component]}</strong> {i.state} from {i.started_at.slice(0, 16).replace('T', ' ')} UTC,{' '}
              {i.ended_at ? `for ${lasted(i.seconds)}` : `ongoing (${lasted(i.seconds)} so far)`}
              {i.error && <span className="error-text"> · {i.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
