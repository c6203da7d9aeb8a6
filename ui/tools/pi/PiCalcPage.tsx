import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { PiCalcResponse } from '../../../schemas/pi'
import { PI_MARKET_MODES, PI_P0_SOURCES, PI_TIERS, POCO_TAX_LIMITS, type PiMarketMode, type PiP0Source } from '../../../schemas/pi-constants'
import { Collapsible } from '../../components/Collapsible'
import { ErrorAlert } from '../../components/ErrorAlert'
import { NumberField } from '../../components/NumberField'
import { ApiError, callApi } from '../../lib/api'
import { postPiCalc } from '../../../schemas/pi-endpoints'
import { formatNumber, formatPercentAsTyped } from '../../../schemas/format'
import { readStorage, writeStorage } from '../../lib/storage'
import { useNow } from '../../lib/use-now'
import { PiBreakdown } from './PiBreakdown'
import { PiTierTable } from './PiTierTable'
import { formatAge, MODE_DESCRIPTIONS, MODE_LABELS, P0_SOURCE_DESCRIPTIONS, P0_SOURCE_LABELS, TIER_LABELS } from './text'
import { useResultsIntoView } from '../../lib/results-into-view'
import './pi.css'

const MODE_KEY = 'pi-market-mode'
const TAX_KEY = 'pi-poco-tax'
const P0_KEY = 'pi-p0-source'

const taxValid = (n: number) => n >= POCO_TAX_LIMITS.min && n <= POCO_TAX_LIMITS.max

/** A market mode or POCO tax read from the address bar or the browser's storage; null when absent or unreadable. */
const readMode = (m: string | null): PiMarketMode | null => ((PI_MARKET_MODES as readonly string[]).includes(m ?? '') ? (m as PiMarketMode) : null)
const readP0 = (p: string | null): PiP0Source | null => ((PI_P0_SOURCES as readonly string[]).includes(p ?? '') ? (p as PiP0Source) : null)
const readTax = (s: string | null): number | null => {
  const n = s === null || s.trim() === '' ? NaN : Number(s)
  return Number.isFinite(n) && taxValid(n) ? n : null
}

/** "P0 5, P1 400, …" from the customs values the server found in the SDE. */
function customsValues(byTier: Record<string, number[]>): string {
  return Object.entries(byTier)
    .map(([tier, values]) => `${tier} ${values.map((v) => formatNumber(v)).join(' or ')}`)
    .join(', ')
}

function InfoPanel({ taxBases }: { taxBases: Record<string, number[]> | null }) {
  return (
    <section className="notice pi-info" aria-label="How the calculator works">
      <p>
        Which planetary products pay? Every P1-P4 product from the game's planet schematics, valued per <strong>batch</strong> (what one factory cycle makes) at
        our own Jita 4-4 prices.
      </p>
      <ul>
        <li>
          <strong>Profit P0-This</strong>: batch value minus every raw (P0) material behind it, through the whole chain, and the customs tax along the way. What
          the whole chain earns. With <strong>P0 source</strong> “Extracted” (the default) your planets extract the P0, so it costs nothing and is never
          imported; “Bought at market” prices it at Jita 4-4 like any other input.
        </li>
        <li>
          <strong>Profit Prev-This</strong>: batch value minus the direct inputs bought on the market, the tax to import them and the tax to export the batch.
          What this one step adds.
        </li>
        <li>
          <strong>POCO tax</strong> is charged on each commodity's fixed customs value
          {taxBases && ` (${customsValues(taxBases)} ISK a unit, from the game data)`}, not its market price. Exports pay the rate you enter, imports half of
          it. P0 is assumed to become P1 on the planet it is extracted on; every later step imports its inputs.
        </li>
        <li>
          <strong>Market modes</strong>:
          <ul>
            {PI_MARKET_MODES.map((m) => (
              <li key={m}>
                {MODE_LABELS[m]}: {MODE_DESCRIPTIONS[m]}
              </li>
            ))}
          </ul>
        </li>
        <li>
          A price Jita 4-4 does not have shows as “missing”, and a profit that needs it shows as n/a rather than a made-up one. Click a row for its full
          breakdown.
        </li>
      </ul>
    </section>
  )
}

/** Expand/Collapse beside a section title; the stylesheet shows the one that matches the section's state. */
const ExpandLabel = () => (
  <span className="pi-expand" aria-hidden="true">
    <span className="when-closed">Expand</span>
    <span className="when-open">Collapse</span>
  </span>
)

export default function PiCalcPage() {
  // A link's settings (?mode=impatient&tax=10) win over the ones this browser last used.
  const [searchParams, setSearchParams] = useSearchParams()
  const [marketMode, setMarketMode] = useState<PiMarketMode>(() => readMode(searchParams.get('mode')) ?? readMode(readStorage(MODE_KEY)) ?? 'sell')
  const [taxRate, setTaxRate] = useState<number>(() => readTax(searchParams.get('tax')) ?? readTax(readStorage(TAX_KEY)) ?? 0)
  const [p0Source, setP0Source] = useState<PiP0Source>(() => readP0(searchParams.get('p0')) ?? readP0(readStorage(P0_KEY)) ?? 'extracted')
  // After a Calculate pressed by the player (not the first load), the results come into view with the focus on their heading.
  const [asked, setAsked] = useState<object | null>(null)
  const resultsHeading = useResultsIntoView(asked)
  const [results, setResults] = useState<PiCalcResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  // The breakdown follows the row's type id, so a row opened while a recalculation runs shows the new numbers.
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const closeBreakdown = useCallback(() => setSelectedId(null), [])
  const latest = useRef(0)
  // The snapshot's age counts on from when the answer arrived, so a page left open does not keep saying 'just now'.
  const [receivedAt, setReceivedAt] = useState(0)
  const now = useNow(15_000)

  const calculate = useCallback(async (mode: PiMarketMode, tax: number, p0: PiP0Source, pressed = false) => {
    const request = ++latest.current
    setLoading(true)
    // cleared while the call runs, so a second failure with the same sentence is read out again
    setError(null)
    try {
      const body = await callApi(postPiCalc, { body: { taxRate: tax, marketMode: mode, p0Source: p0 } })
      if (request !== latest.current) return
      setResults(body)
      if (pressed) setAsked(body)
      setReceivedAt(Date.now())
      setError(null)
    } catch (err) {
      if (request !== latest.current) return
      setResults(null)
      setSelectedId(null)
      setError(
        err instanceof ApiError
          ? `Calculation failed: ${err.message}`
          : 'Calculation failed: the server could not be reached. Check your connection and press Calculate again.',
      )
    } finally {
      if (request === latest.current) setLoading(false)
    }
  }, [])

  // Once on load, with the settings the page opened with.
  const initial = useRef({ marketMode, taxRate, p0Source })
  useEffect(() => {
    void calculate(initial.current.marketMode, initial.current.taxRate, initial.current.p0Source)
  }, [calculate])

  // The address bar follows the settings (a valid tax only), so a copied link opens this setup.
  useEffect(() => {
    if (!taxValid(taxRate)) return
    const query = new URLSearchParams({ mode: marketMode, tax: String(taxRate), p0: p0Source })
    if (query.toString() !== searchParams.toString()) setSearchParams(query, { replace: true })
  }, [marketMode, taxRate, p0Source, searchParams, setSearchParams])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (loading || !taxValid(taxRate)) return
    writeStorage(MODE_KEY, marketMode)
    writeStorage(TAX_KEY, String(taxRate))
    writeStorage(P0_KEY, p0Source)
    void calculate(marketMode, taxRate, p0Source, true)
  }

  const selected = (results && selectedId !== null && PI_TIERS.flatMap((t) => results[t]).find((p) => p.typeId === selectedId)) || null
  const stale = results !== null && (results.marketMode !== marketMode || results.taxRate !== taxRate || results.p0Source !== p0Source)

  return (
    <div className="panel pi-page">
      <h1>PI Profitability Calculator</h1>
      <InfoPanel taxBases={results?.taxBaseByTier ?? null} />

      <form className="pi-controls" onSubmit={submit} noValidate>
        <div className="field">
          <span className="field-label" id="pi-mode-label">
            Market mode
          </span>
          <div className="segmented" role="group" aria-labelledby="pi-mode-label">
            {PI_MARKET_MODES.map((m) => (
              <button key={m} type="button" aria-pressed={marketMode === m} onClick={() => setMarketMode(m)}>
                {MODE_LABELS[m]}
              </button>
            ))}
          </div>
          <span className="muted pi-mode-help" data-testid="pi-mode-help">
            {MODE_DESCRIPTIONS[marketMode]}
          </span>
        </div>
        <div className="field">
          <span className="field-label" id="pi-p0-label">
            P0 source
          </span>
          <div className="segmented" role="group" aria-labelledby="pi-p0-label">
            {PI_P0_SOURCES.map((p) => (
              <button key={p} type="button" aria-pressed={p0Source === p} onClick={() => setP0Source(p)}>
                {P0_SOURCE_LABELS[p]}
              </button>
            ))}
          </div>
          <span className="muted pi-mode-help" data-testid="pi-p0-help">
            {P0_SOURCE_DESCRIPTIONS[p0Source]}
          </span>
        </div>
        <div className="pi-tax">
          <NumberField
            label="POCO Tax (%)"
            name="taxRate"
            value={taxRate}
            onChange={setTaxRate}
            min={POCO_TAX_LIMITS.min}
            max={POCO_TAX_LIMITS.max}
            step={0.5}
            clamp={false}
          />
          <ErrorAlert
            message={taxValid(taxRate) ? null : `POCO tax must be between ${POCO_TAX_LIMITS.min} and ${POCO_TAX_LIMITS.max}%.`}
            testId="pi-tax-error"
          />
        </div>
        <div className="button-row">
          {/* aria-disabled while busy, not disabled: a button that disables itself drops the keyboard focus to the top of the page. */}
          <button type="submit" className="button" disabled={!taxValid(taxRate)} aria-disabled={loading}>
            Calculate
          </button>
          {/* On the page from the start, so screen readers read out both the wait and the new results. */}
          <span role="status" data-testid="pi-status">
            {loading ? (
              <span className="pi-loading" data-testid="pi-loading">
                Calculating...
              </span>
            ) : results && !error ? (
              <span className="visually-hidden">
                Results updated: {MODE_LABELS[results.marketMode]} mode at {formatPercentAsTyped(results.taxRate)}% POCO tax.
              </span>
            ) : null}
          </span>
        </div>
      </form>

      <ErrorAlert message={error} testId="pi-error" />
      <h2 className="pi-results-heading" ref={resultsHeading} tabIndex={-1}>
        Products by tier
      </h2>
      {results && (
        <p className="muted pi-source" data-testid="pi-source">
          Showing {MODE_LABELS[results.marketMode]} mode at {formatPercentAsTyped(results.taxRate)}% POCO tax, P0{' '}
          {results.p0Source === 'extracted' ? 'extracted (free)' : 'bought at market'}. Prices: {results.prices.label} lowest sell and highest buy orders,
          {results.prices.ageSeconds === null ? ' age unknown' : ` snapshot ${formatAge(results.prices.ageSeconds + Math.max(0, now - receivedAt) / 1000)}`}.
          {stale && <span className="warning-text"> Settings changed: press Calculate to update.</span>}
        </p>
      )}

      {PI_TIERS.map((tier) => {
        const products = results?.[tier] ?? []
        return (
          <Collapsible
            key={tier}
            defaultOpen={false}
            className="pi-tier"
            title={
              <span>
                {tier} · {TIER_LABELS[tier]}
                {results && <span className="muted"> ({products.length})</span>}
              </span>
            }
            aside={<ExpandLabel />}
          >
            <PiTierTable
              label={`${tier} products table`}
              products={products}
              onSelect={(p) => setSelectedId(p.typeId)}
              empty={loading ? 'Calculating...' : error ? 'No results: the calculation failed.' : 'No results yet.'}
            />
          </Collapsible>
        )
      })}
      <PiBreakdown product={selected} onClose={closeBreakdown} />
    </div>
  )
}
