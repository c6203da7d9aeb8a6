import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { HUBS } from '../../../schemas/hubs'
import { INDUSTRY_STRUCTURES, MAX_RUNS, RIG_TIERS } from '../../../schemas/industry-constants'
import type { BuildCostResponse, IndustryBlueprint, IndustrySystem } from '../../../schemas/industry'
import { ErrorAlert } from '../../components/ErrorAlert'
import { NumberField } from '../../components/NumberField'
import { SearchSelect } from '../../components/SearchSelect'
import { SelectField } from '../../components/SelectField'
import { ApiError, apiGet, endpointUrl } from '../../lib/api'
import { getIndustryBlueprints, getIndustryBuildcost, getIndustrySystems } from '../../../schemas/industry-endpoints'
import { formatInt } from '../../../schemas/format'
import { buildCostQuery, overrideNote, settingsFromQuery, settingsToQuery, type BuildSettings } from './build-settings'
import { BuildCostResult } from './BuildCostResult'
import { DataSources, displaySecurity, formatIndex } from '../../components/industry/shared'
import { SeeResults } from '../../components/SeeResults'
import { useResultsIntoView } from '../../lib/results-into-view'
import './industry.css'

/**
 * A pick list that becomes empty when it cannot be loaded (the spec's rule for this page), and whether it is still
 * loading: until then its box says so, where it said 'No matches.' to whatever was typed on a slow connection.
 */
function useList<B, T>(path: string, toList: (body: B) => T[]): { list: T[]; loading: boolean } {
  const [state, setState] = useState<{ list: T[]; loading: boolean }>({ list: [], loading: true })
  useEffect(() => {
    apiGet<B>(path)
      .then((body) => setState({ list: toList(body), loading: false }))
      .catch(() => setState({ list: [], loading: false }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path])
  return state
}

const systemMatches = (s: IndustrySystem, key: string) => String(s.solar_system_id) === key || s.system_name.toLowerCase() === key.toLowerCase()

/**
 * The build-cost call's failure as a sentence: a refused input carries the server's reason; a network failure or a
 * bare gateway status ('Failed to fetch', 'HTTP 502') says nothing to a reader by itself.
 */
function buildErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'The server could not be reached, so there is no build cost. Check your connection; any change asks again.'
  return err.message === `HTTP ${err.status}` ? `The server could not calculate the build cost (HTTP ${err.status}). Try again in a minute.` : err.message
}

const builtText = (r: BuildCostResponse) => {
  const product = r.products[0]
  return product ? `Build cost updated for ${formatInt(product.quantity)} × ${product.name}.` : 'Build cost updated.'
}

export default function IndustryPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const [settings, setSettings] = useState<BuildSettings>(() => settingsFromQuery(searchParams))
  const [result, setResult] = useState<BuildCostResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  // An object keyed by numeric ids iterates in id order whatever order the server wrote, so sort by name here.
  const { list: blueprints, loading: blueprintsLoading } = useList(endpointUrl(getIndustryBlueprints), (body: Record<string, IndustryBlueprint>) =>
    Object.values(body).sort((a, b) => a.blueprintName.localeCompare(b.blueprintName)),
  )
  const { list: systems, loading: systemsLoading } = useList(endpointUrl(getIndustrySystems), (body: IndustrySystem[]) => body)
  const blueprint = useMemo(() => blueprints.find((b) => b.blueprintID === settings.blueprint) ?? null, [blueprints, settings.blueprint])
  const system = useMemo(() => systems.find((s) => systemMatches(s, settings.system)) ?? null, [systems, settings.system])
  // Whether ESI's cost indices have arrived: the build-cost answer says so; before there is one (no blueprint yet, or
  // a failed call), a list in which no system has an index means none were fetched, since ESI reports thousands.
  const indicesFetched = useMemo(
    () => (result ? result.ages.costIndicesAt !== null : systems.some((s) => s.manufacturing_index !== null || s.reaction_index !== null)),
    [result, systems],
  )

  const update = (change: Partial<BuildSettings>) => setSettings((s) => ({ ...s, ...change }))
  const override = overrideNote(settings.jobCostOverride)
  // The page recalculates as it is edited; on a phone 'See the build cost' brings the result up (nothing moves by itself).
  const [shown, setShown] = useState<object | null>(null)
  const resultHeading = useResultsIntoView(shown)

  useEffect(() => {
    setSearchParams(settingsToQuery(settings), { replace: true })
    if (!settings.blueprint || overrideNote(settings.jobCostOverride).tooBig) {
      setResult(null)
      setError(null)
      return
    }
    const abort = new AbortController()
    const timer = setTimeout(() => {
      setLoading(true)
      // cleared while the call runs, so a second failure with the same sentence is read out again
      setError(null)
      apiGet<BuildCostResponse>(`${endpointUrl(getIndustryBuildcost)}?${buildCostQuery(settings)}`, { signal: abort.signal })
        .then((r) => {
          setResult(r)
          setError(null)
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return
          setResult(null)
          setError(buildErrorText(err))
        })
        .finally(() => !abort.signal.aborted && setLoading(false))
    }, 250)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [settings, setSearchParams])

  const hub = HUBS.find((h) => h.station_id === settings.station)!

  return (
    <div className="panel industry-page">
      <h1>Industry build cost</h1>
      <p className="muted intro">Materials and job installation cost of building a blueprint, valued at a trade hub.</p>

      <form className="build-settings" onSubmit={(e) => e.preventDefault()}>
        <SearchSelect
          label="Blueprint"
          items={blueprints}
          value={blueprint}
          onChange={(b) => update({ blueprint: b.blueprintID })}
          itemKey={(b) => b.blueprintID}
          itemText={(b) => b.blueprintName}
          placeholder="Search blueprints, e.g. Rifter"
          status={blueprintsLoading ? 'Loading blueprints…' : null}
          // a linked blueprint before (or without) the list: the result names it, so the box does too
          unmatchedText={result && result.blueprintID === settings.blueprint ? result.blueprintName : ''}
          className="blueprint-picker"
          data-testid="blueprint-picker"
        />
        <NumberField
          label="ME"
          name="me"
          value={settings.me}
          min={0}
          max={10}
          integer
          onChange={(me) => update({ me })}
          title="Material efficiency of the blueprint, 0 to 10"
        />
        <NumberField label="Runs" name="runs" value={settings.runs} min={1} max={MAX_RUNS} integer onChange={(runs) => update({ runs })} />
        <SearchSelect
          label="System"
          items={systems}
          value={system}
          onChange={(s) => update({ system: String(s.solar_system_id) })}
          itemKey={(s) => s.solar_system_id}
          itemText={(s) => s.system_name}
          renderItem={(s) => (
            <>
              <span>
                {s.system_name} <span className="muted">{displaySecurity(s.security)}</span>
              </span>
              <span className="muted">
                {s.region_name} · {formatIndex(s.manufacturing_index, indicesFetched)}
              </span>
            </>
          )}
          placeholder="System or J-code"
          status={systemsLoading ? 'Loading systems…' : null}
          unmatchedText={systems.length ? '' : settings.system}
          className="system-picker"
          data-testid="system-picker"
        />
        <div className="override-box">
          <label className="field override-field">
            <span className="field-label">Job cost index override</span>
            <input
              type="number"
              min={0}
              step={0.0001}
              // the field takes a fraction (spec: step 0.0001), so the system's own index is shown the same way
              placeholder={system?.manufacturing_index != null ? system.manufacturing_index.toFixed(4) : 'e.g. 0.05'}
              value={settings.jobCostOverride}
              onChange={(e) => update({ jobCostOverride: e.target.value })}
              data-testid="job-cost-override"
              title="Optional: a fraction such as 0.05 for 5%. Empty uses the system's ESI index."
              aria-describedby="override-note"
              aria-invalid={override.tooBig || undefined}
            />
          </label>
          <span id="override-note" className={`override-note ${override.tooBig ? 'warning-text' : 'muted'}`} aria-live="polite" data-testid="override-note">
            {override.note}
          </span>
        </div>
        <SelectField
          label="Structure"
          value={settings.structure}
          options={INDUSTRY_STRUCTURES.map((s) => ({ value: s, label: s }))}
          onChange={(structure) => update({ structure })}
        />
        <SelectField
          label="Station prices"
          value={settings.station}
          options={HUBS.map((h) => ({ value: h.station_id, label: h.label }))}
          onChange={(station) => update({ station })}
        />
        <SelectField
          label="ME rig"
          value={settings.rig}
          options={RIG_TIERS.map((r) => ({ value: r, label: r }))}
          onChange={(rig) => update({ rig })}
          tooltip="A material rig for this item's group: T1 2%, T2 2.4%, × 1.9 in low-sec and × 2.1 in null-sec and wormholes"
        />
        <NumberField label="Facility tax %" value={settings.facilityTax} min={0} max={100} step={0.01} onChange={(facilityTax) => update({ facilityTax })} />
      </form>

      <p className="calc-status muted" aria-live="polite" data-testid="build-status">
        {loading
          ? 'Calculating…'
          : !settings.blueprint
            ? 'Pick a blueprint to see what it costs to build.'
            : override.tooBig
              ? 'Fix the job cost index override to see the build cost.'
              : ''}
        {/* Without it the status only ever said 'Calculating…': screen readers heard nothing when the cost arrived. */}
        {!loading && result && !error && <span className="visually-hidden">{builtText(result)}</span>}
      </p>
      {result && (
        <SeeResults onClick={() => setShown({})} testId="see-results">
          See the build cost
        </SeeResults>
      )}
      <ErrorAlert message={error} className="error-box" testId="build-error" />
      {result && <BuildCostResult result={result} headingRef={resultHeading} />}

      <DataSources ages={result?.ages ?? null} station={hub.label} prices="materials at the lowest sell order" />
    </div>
  )
}
