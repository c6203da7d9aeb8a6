import type { DataAges } from '../../../schemas/industry'
import './shared.css'

/** "12 min ago" from an ISO time; "never" for null. */
export function timeAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never'
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  if (seconds < 90) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.round(hours / 24)} days ago`
}

/** A cost index fraction as a percentage: 0.0512 → "5.12%". */
/** `indicesFetched` false: no cost index snapshot exists yet, so a missing index says nothing about the system. */
export const formatIndex = (fraction: number | null, indicesFetched = true) =>
  fraction === null ? (indicesFetched ? 'no index' : 'not fetched yet') : `${(fraction * 100).toFixed(2)}%`

/** "taken 12 min ago", or "not taken yet" before the first snapshot. */
const age = (verb: string, iso: string | null) => (iso ? `${verb} ${timeAgo(iso)}` : `not ${verb} yet`)

/** Where the numbers come from and how old they are, for the foot of both calculators. */
export function DataSources({ ages, station, prices }: { ages: DataAges | null; station: string; prices: string }) {
  return (
    <div className="data-sources muted" data-testid="data-sources">
      <p>
        Prices: {prices} at {station}, {ages ? age('taken', ages.pricesAt) : 'age unknown'}
        {ages && !ages.pricesAt && <strong className="warning-text"> (no market snapshot yet: every price counts as missing)</strong>}. Estimated item values
        use ESI adjusted prices ({ages ? age('fetched', ages.adjustedPricesAt) : 'age unknown'}); cost indices come from ESI (
        {ages ? age('fetched', ages.costIndicesAt) : 'age unknown'}).
      </p>
      <p>
        Blueprints and bonuses come from the static data export{ages ? ` (${ages.sdeVersion})` : ''}: blueprints CCP changed after that build may differ from
        what the game shows.
      </p>
    </div>
  )
}

/** A small warning mark with the reason on hover, for rows that count a missing price as 0. Screen readers read the reason with it. */
export function MissingMark({ title, testId = 'missing-price' }: { title: string; testId?: string }) {
  return (
    <span className="badge badge-warn missing-mark" title={title} data-testid={testId}>
      ⚠ no price<span className="visually-hidden">: {title}</span>
    </span>
  )
}

/** Security as the game shows it: one decimal, except that anything between 0.0 and 0.05 shows as 0.1. */
export const displaySecurity = (security: number) => (security > 0 && security < 0.05 ? 0.1 : Math.round(security * 10) / 10).toFixed(1)
