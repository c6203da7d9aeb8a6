import { useEffect, useMemo, useState } from 'react'
import { HUBS } from '../../../schemas/hubs'
import { MAX_REACTION_RUNS, PRICING_MODE_LABELS, PRICING_MODES, REACTION_SECURITY, REACTION_STRUCTURES, RIG_TIERS } from '../../../schemas/industry-constants'
import type { IndustrySystem } from '../../../schemas/industry'
import type { ReactionFamiliesResponse, ReactionResult } from '../../../schemas/reactions'
import { NumberField } from '../../components/NumberField'
import { SearchSelect } from '../../components/SearchSelect'
import { SelectField } from '../../components/SelectField'
import { SortableTable, type Column, type SortState } from '../../components/SortableTable'
import { apiGet, apiPost, endpointUrl } from '../../lib/api'
import { getReactionCalcFamilies, postReactionCalc } from '../../../schemas/reactions-endpoints'
import { getIndustrySystems } from '../../../schemas/industry-endpoints'
import { formatInt, iskOrNa } from '../../../schemas/format'
import { DataSources, formatIndex, MissingMark, timeAgo } from '../../components/industry/shared'
import { keyColumnsFirst, useNarrowScreen } from '../../lib/phone-columns'
import { useResultsIntoView } from '../../lib/results-into-view'
import { SeeResults } from '../../components/SeeResults'
import { ReactionDialog } from './ReactionDialog'
import {
  asReactionResult,
  FALLBACK_FAMILIES,
  failureText,
  isFamilyList,
  partialFailureText,
  isPriced,
  loadSettings,
  percentOrNa,
  requestFor,
  rowValues,
  saveSettings,
  type ReactionSettings,
  type RowValues,
} from './reaction-settings'
import './reactions.css'

const SECURITY_LABELS: Record<(typeof REACTION_SECURITY)[number], string> = { wormhole: 'Wormhole', low: 'Low-sec', null: 'Null-sec' }
const options = <T extends string | number>(values: readonly T[], label: (v: T) => string = String) => values.map((value) => ({ value, label: label(value) }))

const missingTitle = (r: ReactionResult) => `No ${r.missingPrices.map((m) => `${m.side} price for ${m.name}`).join(', ')}`

/** The spec's colours for the profit figures: profit >= 0 green, otherwise red (the row is tinted to match). */
const profitClass = (r: ReactionResult) => {
  const profit = rowValues(r).profit
  return profit === null ? undefined : profit >= 0 ? 'good-text' : 'error-text'
}

/** A money column: n/a (sorted last either way) when the row lacks a price it needs. */
const amount = (key: string, header: string, pick: (v: RowValues) => number | null, coloured = false): Column<ReactionResult> => ({
  key,
  header,
  value: (r) => pick(rowValues(r)),
  render: (r) => (coloured ? <span className={profitClass(r)}>{iskOrNa(pick(rowValues(r)))}</span> : iskOrNa(pick(rowValues(r)))),
  align: 'right',
  firstDirection: 'desc',
})

const COLUMNS: Column<ReactionResult>[] = [
  {
    key: 'product',
    header: 'Product',
    value: (r) => r.outputs[0]?.name,
    render: (r) => (
      <>
        {r.outputs[0]?.name} {r.missingPrices.length > 0 && <MissingMark title={missingTitle(r)} />}
      </>
    ),
  },
  amount('input', 'Input Cost', (v) => v.inputCost),
  amount('taxes', 'Taxes', (v) => v.taxes),
  amount('output', 'Output Value', (v) => v.outputValue),
  amount('profit', 'Profit', (v) => v.profit, true),
  {
    key: 'pct',
    header: '% Profit',
    value: (r) => rowValues(r).percentProfit,
    render: (r) => <span className={profitClass(r)}>{percentOrNa(rowValues(r).percentProfit)}</span>,
    align: 'right',
    firstDirection: 'desc',
  },
]
/** On a phone Profit and % Profit stand beside the product, so the figure a player reads needs no sideways scroll. */
const PHONE_COLUMNS = keyColumnsFirst(COLUMNS, ['profit', 'pct'])

const rowClass = (r: ReactionResult) => {
  const profit = rowValues(r).profit
  return profit === null ? undefined : profit >= 0 ? 'row-good' : 'row-bad'
}

/**
 * Ask for every formula of the list at once; the ones that fail are left out (the spec's rule). When every one fails
 * there is nothing to show, so the first failure says why (`failure`).
 */
async function calculate(
  settings: ReactionSettings,
  ids: number[],
  signal: AbortSignal,
): Promise<{ rows: ReactionResult[]; failure: string | null; partial: string | null }> {
  const answers = await Promise.allSettled(
    ids.map((id) => apiPost<unknown>(endpointUrl(postReactionCalc), requestFor(settings, id), { signal }).then(asReactionResult)),
  )
  const rows = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))
  const rejected = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected')
  const failed = rejected[0]
  return {
    rows,
    failure: rows.length === 0 && failed ? failureText(failed.reason) : null,
    // Some formulas left out because their call failed: that is said as a failed call, never as a missing price.
    partial: rows.length > 0 && failed ? partialFailureText(rejected.length, ids.length, failed.reason) : null,
  }
}

export default function ReactionsPage() {
  const [settings, setSettings] = useState<ReactionSettings>(loadSettings)
  const [families, setFamilies] = useState<ReactionFamiliesResponse>(FALLBACK_FAMILIES)
  const [results, setResults] = useState<ReactionResult[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [partial, setPartial] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState(false)
  const [sort, setSort] = useState<SortState>({ key: 'pct', direction: 'desc' })
  const [selected, setSelected] = useState<number | null>(null)
  const [systems, setSystems] = useState<IndustrySystem[] | null>(null)
  const [indexFrom, setIndexFrom] = useState<IndustrySystem | null>(null)
  const phone = useNarrowScreen()
  // The page recalculates as it is edited; on a phone 'See the results' brings the table up (nothing moves by itself).
  const [shown, setShown] = useState<object | null>(null)
  const resultsHeading = useResultsIntoView(shown)

  const update = (change: Partial<ReactionSettings>) => setSettings((s) => ({ ...s, ...change }))

  // Without the family list the hybrid eight still work, and the page says so (a saved family would otherwise be
  // swapped for hybrid silently).
  const [familiesFailed, setFamiliesFailed] = useState(false)
  useEffect(() => {
    apiGet<unknown>(endpointUrl(getReactionCalcFamilies))
      .then((body) => (isFamilyList(body) ? setFamilies(body) : setFamiliesFailed(true)))
      .catch(() => setFamiliesFailed(true))
  }, [])

  const family = families.families.find((f) => f.id === settings.family) ?? families.families[0]
  // Keyed by the ids themselves: the family list arriving with the same eight formulas must not ask again.
  const idKey = family.blueprints
    .map((b) => b.blueprintID)
    .sort((a, b) => a - b)
    .join(',')
  const ids = useMemo(() => idKey.split(',').map(Number), [idKey])

  // Recompute whenever any input changes (a short pause lets typing settle); a newer change cancels the older one.
  useEffect(() => {
    saveSettings(settings)
    const abort = new AbortController()
    const timer = setTimeout(() => {
      setBusy(true)
      calculate(settings, ids, abort.signal).then(({ rows, failure, partial }) => {
        if (abort.signal.aborted) return
        setResults(rows)
        setFailure(failure)
        setPartial(partial)
        setBusy(false)
      })
    }, 200)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [settings, ids, attempt])

  const loadSystems = () => {
    apiGet<unknown>(endpointUrl(getIndustrySystems))
      .then((body) => setSystems(Array.isArray(body) ? (body as IndustrySystem[]) : []))
      .catch(() => setSystems([]))
  }
  const useSystemIndex = (system: IndustrySystem) => {
    const security = system.security_class === 'high' ? settings.securityStatus : system.security_class
    update({ systemCostIndex: system.reaction_index ?? 0, securityStatus: security })
    setIndexFrom(system)
  }

  const selectedRow = results?.find((r) => r.blueprintID === selected) ?? null
  const hub = HUBS.find((h) => h.station_id === settings.station)!
  const ages = results?.[0]?.ages ?? null
  const priced = results?.filter(isPriced).length ?? 0
  // No hub price for any line of any row: the market data has not arrived, so one banner says so instead of a notice per cause.
  const noPrices = !!results?.length && results.every((r) => r.missingPrices.length === r.inputs.length + r.outputs.length)
  const withMissing = results?.filter((r) => !isPriced(r)).length ?? 0
  const withoutEiv = results?.filter((r) => r.missingAdjustedPrices.length > 0).length ?? 0
  const adjustedAge = ages?.adjustedPricesAt ? `fetched ${timeAgo(ages.adjustedPricesAt)}` : 'not fetched yet'
  // A fresh install that has not reached ESI has no index for any system: that is no fact about the system.
  const indicesMissing = ages !== null && ages.costIndicesAt === null
  const systemIndex = (s: IndustrySystem) => formatIndex(s.reaction_index, !indicesMissing)
  const indexNote = !indexFrom
    ? null
    : indexFrom.security_class === 'high'
      ? 'Reactions cannot run in high-sec; security left as it was.'
      : indexFrom.reaction_index !== null
        ? null
        : indicesMissing
          ? 'Cost indices have not been fetched from ESI yet: index set to 0. Enter the index by hand if you know it.'
          : 'ESI has no reaction index for it: index set to 0.'

  return (
    <div className="panel reactions-page">
      <h1>Reactions Calculator</h1>
      <p className="muted intro">
        Profit of each reaction formula at current hub prices: inputs bought, outputs sold, and the job's taxes. Click a row for the full breakdown.
      </p>

      <form className="reaction-settings" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Pricing</legend>
          <SelectField
            label="Station"
            value={settings.station}
            options={HUBS.map((h) => ({ value: h.station_id, label: h.label }))}
            onChange={(station) => update({ station })}
          />
          <SelectField
            label="Input pricing"
            value={settings.inputPricingMode}
            options={options(PRICING_MODES, (m) => PRICING_MODE_LABELS[m])}
            onChange={(inputPricingMode) => update({ inputPricingMode })}
          />
          <SelectField
            label="Output pricing"
            value={settings.outputPricingMode}
            options={options(PRICING_MODES, (m) => PRICING_MODE_LABELS[m])}
            onChange={(outputPricingMode) => update({ outputPricingMode })}
          />
        </fieldset>
        <fieldset>
          <legend>Job</legend>
          <NumberField
            label="Reaction skill"
            name="reactionSkill"
            rule="Reaction skill is a whole level from 0 to 5"
            value={settings.reactionSkill}
            min={0}
            max={5}
            integer
            onChange={(reactionSkill) => update({ reactionSkill })}
            title="Reactions skill level: 4% less time per level"
          />
          <SelectField
            label="Structure"
            value={settings.structureType}
            options={options(REACTION_STRUCTURES)}
            onChange={(structureType) => update({ structureType })}
            tooltip="Tatara: 25% less reaction time. Station: no structure bonus."
          />
          <SelectField
            label="ME rig"
            value={settings.meRig}
            options={options(RIG_TIERS)}
            onChange={(meRig) => update({ meRig })}
            tooltip="Material rig: T1 2%, T2 2.4% fewer inputs, × 1.1 in null-sec and wormholes"
          />
          <SelectField
            label="TE rig"
            value={settings.teRig}
            options={options(RIG_TIERS)}
            onChange={(teRig) => update({ teRig })}
            tooltip="Time rig: T1 20%, T2 24% less time, × 1.1 in null-sec and wormholes"
          />
          <SelectField
            label="Security"
            value={settings.securityStatus}
            options={options(REACTION_SECURITY, (s) => SECURITY_LABELS[s])}
            onChange={(securityStatus) => update({ securityStatus })}
          />
        </fieldset>
        <fieldset>
          <legend>Costs</legend>
          <NumberField
            label="System cost index"
            name="systemCostIndex"
            rule="The cost index is 0 or more"
            quietAboveMax
            value={settings.systemCostIndex}
            min={0}
            max={1}
            step={0.0001}
            onChange={(systemCostIndex) => {
              update({ systemCostIndex })
              setIndexFrom(null)
            }}
            title="A fraction: 0.05 is 5%"
            data-testid="cost-index"
          />
          {/* The game shows the index as a percentage, so "5.12" is a likely entry: the field clamps it to 1 but keeps
              showing what was typed, so say what is applied. */}
          <p className={`index-percent ${settings.systemCostIndex >= 1 ? 'warning-text' : 'muted'}`} aria-live="polite" data-testid="index-percent">
            = {formatIndex(settings.systemCostIndex)} of the estimated item value
            {settings.systemCostIndex >= 1 && ', the most allowed: the index is a fraction (0.0512 for 5.12%)'}
          </p>
          <NumberField
            label="Facility tax %"
            name="facilityTaxPercent"
            rule="Facility tax is 0 to 100%"
            value={settings.facilityTaxPercent}
            min={0}
            max={100}
            step={0.01}
            onChange={(facilityTaxPercent) => update({ facilityTaxPercent })}
          />
          <SearchSelect
            label="…or take a system's reaction index"
            items={systems ?? []}
            value={indexFrom}
            onChange={useSystemIndex}
            itemKey={(s) => s.solar_system_id}
            itemText={(s) => s.system_name}
            renderItem={(s) => (
              <>
                <span>{s.system_name}</span>
                <span className="muted">
                  {s.region_name} · {systemIndex(s)}
                </span>
              </>
            )}
            placeholder="J-code or system name"
            onFirstOpen={loadSystems}
            status={systems === null ? 'Loading systems…' : systems.length === 0 ? 'The system list is not available right now.' : null}
            className="system-picker"
            data-testid="system-index-picker"
          />
          {indexFrom && (
            <p className="index-from muted" data-testid="index-from">
              Using {indexFrom.system_name}'s reaction index ({systemIndex(indexFrom)}). {indexNote}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Formulas</legend>
          <SelectField
            label="Reaction family"
            value={family.id}
            options={families.families.map((f) => ({ value: f.id, label: `${f.label} (${f.blueprints.length})` }))}
            onChange={(f) => update({ family: f })}
          />
          {familiesFailed && (
            <p className="warning-text" data-testid="families-note">
              The other reaction families did not load, so only the hybrid formulas are offered. Reload the page to try again.
            </p>
          )}
          <NumberField
            label="Runs"
            name="runs"
            rule={`Runs are whole numbers from 1 to ${formatInt(MAX_REACTION_RUNS)}`}
            value={settings.runs}
            min={1}
            max={MAX_REACTION_RUNS}
            integer
            onChange={(runs) => update({ runs })}
            title="Runs per job (quantities round once over the whole job)"
          />
        </fieldset>
      </form>

      <SeeResults onClick={() => setShown({})} testId="see-results">
        See the results
      </SeeResults>
      <h2 className="reaction-results-heading" ref={resultsHeading} tabIndex={-1}>
        Results
      </h2>
      <p className="calc-status muted" aria-live="polite" data-testid="calc-status">
        {busy || !results
          ? 'Calculating…'
          : failure
            ? 'No formula could be calculated.'
            : `${priced} of ${results.length} formulas priced${results.length < ids.length ? ` (${ids.length - results.length} not calculated)` : ''} · ${formatInt(settings.runs)} run${settings.runs === 1 ? '' : 's'} each`}
      </p>

      {partial && !busy && (
        <div className="error-box calc-error" role="alert" data-testid="calc-partial-error">
          {partial}
          <button type="button" className="button secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}

      {failure && !busy && (
        <div className="error-box calc-error" role="alert" data-testid="calc-error">
          {failure}
          <button type="button" className="button secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}

      {noPrices ? (
        <p className="notice missing-notice" data-testid="no-prices-notice">
          ⚠ Prices are unavailable: the market data from ESI has not arrived yet (ESI not reached, or the first fetch is still running). Values that need a
          price read n/a.
        </p>
      ) : (
        <>
          {withMissing > 0 && (
            <p className="notice missing-notice" data-testid="missing-notice">
              ⚠ {withMissing} formula{withMissing === 1 ? ' has' : 's have'} a price missing at {hub.label} (marked “no price”; hover for which). The values
              that need it read n/a.
            </p>
          )}
          {withoutEiv > 0 && (
            <p className="notice missing-notice" data-testid="missing-eiv-notice">
              ⚠ ESI has no adjusted price for some inputs of {withoutEiv} formula{withoutEiv === 1 ? '' : 's'} (adjusted prices {adjustedAge}). Those inputs are
              left out of the estimated item value, so the taxes of those rows are understated, or n/a when no input has one.
            </p>
          )}
        </>
      )}

      <SortableTable
        label="Reactions table"
        rows={results ?? []}
        columns={phone ? PHONE_COLUMNS : COLUMNS}
        rowKey={(r) => r.blueprintID}
        sort={sort}
        onSortChange={setSort}
        rowClassName={rowClass}
        onRowClick={(r) => setSelected(r.blueprintID)}
        empty={failure ? 'No results (see the message above).' : results ? 'No formula could be priced right now. Try again in a minute.' : 'Loading…'}
        className="reaction-table"
      />

      <DataSources ages={ages} station={hub.label} prices={`inputs at ${settings.inputPricingMode}, outputs at ${settings.outputPricingMode}`} />

      <ReactionDialog row={selectedRow} onClose={() => setSelected(null)} />
    </div>
  )
}
