import { useEffect, useId, useRef, useState } from 'react'
import { BOOSTING_HULLS, HARVEST_PRICE_FIELDS, type HarvestPriceField } from '../../../schemas/harvesting-options'
import { Collapsible } from '../../components/Collapsible'
import { ErrorAlert } from '../../components/ErrorAlert'
import { SelectField } from '../../components/SelectField'
import type { Endpoint } from '../../../schemas/endpoint'
import { apiGet, apiPost, ApiError, ApiTimeoutError, endpointUrl } from '../../lib/api'
import { readStorage, writeStorage } from '../../lib/storage'

export const namesAsOptions = (names: readonly string[]) => names.map((n) => ({ value: n, label: n }))
export const YES_NO = <T extends string>(no: T, yes: T) => [
  { value: no, label: 'No' },
  { value: yes, label: 'Yes' },
]

/** Which Jita price values the harvest, and whether the compressed form is priced. */
export function PriceChoice({
  field,
  compressed,
  onChange,
  what,
}: {
  field: HarvestPriceField
  compressed: boolean
  onChange: (change: { priceField?: HarvestPriceField; compressed?: boolean }) => void
  what: string
}) {
  return (
    <div className="price-choice">
      <SelectField label="Jita 4-4 price" value={field} options={HARVEST_PRICE_FIELDS} onChange={(priceField) => onChange({ priceField })} />
      <label className="checkbox-field">
        <input type="checkbox" checked={compressed} onChange={(e) => onChange({ compressed: e.target.checked })} /> Price compressed {what}
      </label>
    </div>
  )
}

const fieldLabel = (field: string) => HARVEST_PRICE_FIELDS.find((f) => f.value === field)?.label ?? field

function age(at: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(at)) / 60_000))
  return minutes < 1 ? 'less than a minute' : minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`
}

/** Which prices a result used and how old they are; says plainly when there are none. */
export function PriceSource({ source, what }: { source: { hub: string; field: string; compressed: boolean; at: string | null }; what: string }) {
  if (!source.at) {
    return (
      <p className="warning-text" data-testid="price-source">
        No {source.hub} prices yet (the market snapshot has not arrived), so ISK columns are empty. Yields and times are exact.
      </p>
    )
  }
  return (
    <p className="muted" data-testid="price-source">
      Prices: {source.hub}, {fieldLabel(source.field).toLowerCase()}, for {source.compressed ? `compressed ${what}` : `raw ${what}`}, from a market snapshot
      taken {age(source.at)} ago ({new Date(source.at).toISOString().slice(0, 16).replace('T', ' ')} UTC).
    </p>
  )
}

/**
 * One of the /api/data/*.json files, loaded once per page; a file that failed loads again when `attempt` changes
 * (the page's Try again). Its error is cleared while it loads again, so the same failure is read out again.
 */
export function useDataFile<T>(file: Endpoint, attempt = 0): { data: T | null; error: string | null } {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null })
  const loaded = state.data !== null
  useEffect(() => {
    if (loaded) return
    let live = true
    setState((s) => (s.error ? { data: null, error: null } : s))
    apiGet<T>(endpointUrl(file))
      .then((data) => live && setState({ data, error: null }))
      .catch(
        (err) =>
          live && setState({ data: null, error: err instanceof ApiError || err instanceof ApiTimeoutError ? err.message : 'The server could not be reached.' }),
      )
    return () => {
      live = false
    }
  }, [file, attempt, loaded])
  return state
}

/**
 * What the page lacks because a data file did not load, and why, in an alert region on the page from the start;
 * with a Try again button while there is something to say. `parts`: the sentence for each file that failed.
 */
export function DataFileAlert({
  parts,
  after,
  className,
  onRetry,
}: {
  parts: Array<{ what: string; error: string | null }>
  after: string
  className: string
  onRetry: () => void
}) {
  const failed = parts.filter((p) => p.error)
  const message = failed.length ? `${failed.map((p) => `${p.what} could not be loaded: ${p.error!.replace(/\.$/, '')}.`).join(' ')} ${after}` : null
  return (
    <>
      <ErrorAlert message={message} className={className} testId="data-error" />
      {message && (
        <button type="button" className="button secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </>
  )
}

interface SavedSetup {
  name: string
  query: string
  savedAt: string
}

function readSaved(key: string): SavedSetup[] {
  try {
    const parsed = JSON.parse(readStorage(key) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((s) => typeof s?.name === 'string' && typeof s?.query === 'string') : []
  } catch {
    return []
  }
}

/**
 * Named setups kept in this browser (local storage): save the current one under a name (the same name replaces it),
 * load one back, or delete it.
 */
export function SavedSetups({ storageKey, query, onLoad, noun }: { storageKey: string; query: string; onLoad: (query: string) => void; noun: string }) {
  const [saved, setSaved] = useState(() => readSaved(storageKey))
  const [name, setName] = useState('')
  // `n` counts the messages: each one is a new line in the status region, so the same message twice ('Loaded' the
  // same setup again) is read out again instead of leaving the region unchanged.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null)
  const setMessage = (text: string) => setSaid((s) => ({ text, n: (s?.n ?? 0) + 1 }))
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  // Another tab saved or deleted: show its list.
  useEffect(() => {
    const refresh = (e: StorageEvent) => e.key === storageKey && setSaved(readSaved(storageKey))
    window.addEventListener('storage', refresh)
    return () => window.removeEventListener('storage', refresh)
  }, [storageKey])
  // Each change starts from what storage holds now, not from this page's copy: another tab of the calculator may
  // have saved or deleted since, and writing the stale copy back would lose its change.
  const store = (change: (list: SavedSetup[]) => SavedSetup[]) => {
    const list = change(readSaved(storageKey))
    setSaved(list)
    writeStorage(storageKey, JSON.stringify(list))
  }
  const save = () => {
    const clean = name.replace(/\s+/g, ' ').trim().slice(0, 40)
    if (!clean) return setMessage(`Give the ${noun} a name first.`)
    store((list) =>
      [...list.filter((s) => s.name !== clean), { name: clean, query, savedAt: new Date().toISOString() }].sort((a, b) => a.name.localeCompare(b.name, 'en')),
    )
    setName('')
    setMessage(`Saved '${clean}' in this browser.`)
  }
  return (
    <div className="saved-setups" data-testid="saved-setups">
      <div className="saved-row">
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            Save this {noun} as
          </label>
          <input
            ref={input}
            id={inputId}
            value={name}
            maxLength={40}
            placeholder="e.g. Huffing alts"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
          />
        </div>
        <button type="button" className="button secondary" onClick={save}>
          Save
        </button>
      </div>
      {/* On the page from the start: a status region added together with its text is not read out. */}
      <div role="status" data-testid="saved-status">
        {said && (
          <p key={said.n} className="muted">
            {said.text}
          </p>
        )}
      </div>
      {saved.length > 0 && (
        <ul className="saved-list">
          {saved.map((s) => (
            <li key={s.name}>
              <span className="saved-name">{s.name}</span>
              <button
                type="button"
                className="button secondary"
                aria-label={`Load ${s.name}`}
                onClick={() => (onLoad(s.query), setMessage(`Loaded '${s.name}'.`))}
              >
                Load
              </button>
              <button
                type="button"
                className="button secondary"
                aria-label={`Delete ${s.name}`}
                onClick={() => {
                  store((list) => list.filter((x) => x.name !== s.name))
                  setMessage(`Deleted '${s.name}'.`)
                  // The button leaves with its setup; without this the keyboard focus would fall to the top of the page.
                  input.current?.focus()
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The Jita price choice beside the Calculate button, and the server's sentence under it after a failure. */
/** `done`: one sentence on the last result, read out by screen readers when it arrives. */
export function CalculateBar({
  field,
  compressed,
  onPrice,
  what,
  busy,
  disabled,
  error,
  done,
}: {
  field: HarvestPriceField
  compressed: boolean
  onPrice: (change: { priceField?: HarvestPriceField; compressed?: boolean }) => void
  what: string
  busy: boolean
  disabled?: boolean
  error: string | null
  done: string | null
}) {
  return (
    <>
      <div className="calc-bar">
        <PriceChoice field={field} compressed={compressed} onChange={onPrice} what={what} />
        {/* aria-disabled while busy, not disabled: a button that disables itself drops the keyboard focus to the top of the page. */}
        <button type="submit" className="button calc-button" disabled={disabled} aria-disabled={busy}>
          {busy ? 'Calculating…' : 'Calculate'}
        </button>
      </div>
      {/* On the page from the start: a live region added together with its text is not read out. */}
      <p className="visually-hidden" role="status" data-testid="calc-status">
        {busy ? 'Calculating…' : error ? '' : (done ?? '')}
      </p>
      <ErrorAlert message={error} className="error-box" testId="calc-error" />
    </>
  )
}

/**
 * One calculation call: the answer replaces the last one on success; on failure the last one stays, the error goes
 * to the console, the server's sentence is kept for the page, and `onFailure` runs (the gas page's alert).
 */
export function useCalculation<Body, Result>(endpoint: Endpoint, onFailure?: () => void) {
  const path = endpointUrl(endpoint)
  const [result, setResult] = useState<Result | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const running = useRef(false)
  const run = async (body: Body) => {
    // The Calculate button stays focusable while busy, so Enter can submit again: one call at a time.
    if (running.current) return
    running.current = true
    setBusy(true)
    // cleared while the call runs, so a second failure with the same sentence is read out again
    setError(null)
    try {
      setResult(await apiPost<Result>(path, body))
      setError(null)
    } catch (err) {
      console.error(`Calculation failed (${path}):`, err instanceof ApiError ? { status: err.status, body: err.body } : err)
      setError(err instanceof ApiError ? err.message : 'The server could not be reached. Check your connection and try again.')
      onFailure?.()
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { result, busy, error, run }
}

/** A module's base numbers from mining_modules.json, under its select. */
export function ModuleStats({ module }: { module: { baseYield: number; cycle: number; residueChance: number; residueMultiplier: number } | undefined }) {
  if (!module) return null
  return (
    <span className="field-note muted" data-testid="module-stats">
      {module.baseYield} m³ per {module.cycle} s,{' '}
      {module.residueChance > 0 ? `residue ${Math.round(module.residueChance * 100)}% × ${module.residueMultiplier}` : 'no residue'}
    </span>
  )
}

/** A warning (never a block) when more modules are entered than the hull has turret hardpoints or high slots for. */
export function SlotWarning({
  shipName,
  ship,
  module,
  count,
}: {
  shipName: string
  ship: { turretSlots: number; highSlots: number } | undefined
  module: { turret: boolean } | undefined
  count: number
}) {
  if (!ship || !module) return null
  const max = module.turret ? ship.turretSlots : ship.highSlots
  if (count <= max) return null
  return (
    <p className="warning-text field-warning" data-testid="slot-warning">
      A {shipName} fits at most {max} of these ({module.turret ? 'turret hardpoints' : 'high slots'}).
    </p>
  )
}

/**
 * In an alert region on the page from the start: the ore page learns some unreadable fields only once its lists have
 * loaded, and screen readers do not reliably read out an alert that arrives already holding its text.
 */
export function LinkWarning({ unreadable }: { unreadable: string[] }) {
  const message = unreadable.length ? `Part of this link could not be read (${unreadable.join(', ')}); those fields show their defaults.` : null
  return <ErrorAlert message={message} className="warning-text" testId="link-warning" />
}

export const CORE_TIP =
  'An active Tech II industrial core on the boost ship: Medium on the Porpoise (+7.5% burst strength), Large on the Orca (+15%). Other hulls have none.'

/** Said under Industrial Core when it is on but the boost ship has none, so a 'Yes' that changes nothing is not silent. */
export function CoreNote({ boostShip, coreOn }: { boostShip: string; coreOn: boolean }) {
  if (!coreOn || (BOOSTING_HULLS as readonly string[]).some((hull) => hull.toLowerCase() === boostShip.toLowerCase())) return null
  return (
    <span className="field-note muted" data-testid="core-note">
      {boostShip.toLowerCase() === 'none'
        ? 'No effect without a boost ship.'
        : `No effect: only the ${BOOSTING_HULLS.join(' and the ')} fit an industrial core.`}
    </span>
  )
}

export function SavedPanel({ title, ...props }: { title: string; storageKey: string; query: string; onLoad: (query: string) => void; noun: string }) {
  return (
    <Collapsible title={title} defaultOpen={false} className="panel saved-panel">
      <SavedSetups {...props} />
    </Collapsible>
  )
}
