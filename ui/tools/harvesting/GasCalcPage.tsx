import { useMemo, useState, type FormEvent } from 'react'
import type { GasCalcEntry, GasCalcForm, MiningModulesFile, MiningShipBonusesFile } from '../../../schemas/harvesting'
import { getMiningModulesFile, getMiningShipBonusesFile, postGasCalc } from '../../../schemas/harvesting-endpoints'
import { defaultGasModuleFor, GAS_BOOST_SHIPS, GAS_IMPLANTS, GAS_SHIPS, gasModulesFor, SDE_NOTE, WORMHOLE_CLASSES } from '../../../schemas/harvesting-options'
import { Collapsible } from '../../components/Collapsible'
import { NumberField } from '../../components/NumberField'
import { SelectField } from '../../components/SelectField'
import { nextSort, SortHeader, type Column, type SortState } from '../../components/SortableTable'
import { formatInt, formatNumber } from '../../../schemas/format'
import {
  GAS_DEFAULT_SORT,
  GAS_DEFAULTS,
  GAS_FORM_SPEC,
  gasRequest,
  reconcileGasForm,
  siteTotalMillions,
  sortPairs,
  toPairs,
  type GasForm,
  type GasSortKey,
} from './gas-setup'
import {
  CalculateBar,
  CORE_TIP,
  CoreNote,
  DataFileAlert,
  LinkWarning,
  ModuleStats,
  namesAsOptions,
  PriceSource,
  SavedPanel,
  SlotWarning,
  useCalculation,
  useDataFile,
  YES_NO,
} from './parts'
import { useRetry } from '../../lib/use-retry'
import { useFormInUrl } from './useFormInUrl'
import type { z } from 'zod'
import { TableWrap } from '../../components/TableWrap'
import { useResultsIntoView } from '../../lib/results-into-view'
import './harvesting.css'
import { NewTabLink } from '../../components/NewTabLink'

type Modules = z.infer<typeof MiningModulesFile>
type Ships = z.infer<typeof MiningShipBonusesFile>

export const M3_LOST_TIP = "Expected m³ destroyed by residue instead of harvested, based on the module's residue percent times a multiplier."
export const BOOST_IMPLANT_TIP =
  'The Mining Foreman Mindlink and the ORE Mining Director implant give the same mining burst bonus; ORE also adds shield boosts, which are ignored.'
export const CALC_FAILED = 'Calculation failed. Check console for details.'

export const SITE_ISK_TIP =
  "What the site pays per hour of huffing it: the ISK your fleet takes in its first hour there, from both clouds (the better gas first), after residue. A site you empty sooner pays only what its clouds hold, so this is never more than the site's total. Sorts sites by what they pay."
export const RATE_TIP =
  'Rate while huffing: what an hour on this gas would pay at your fleet’s harvest rate if the cloud never ran out. The cloud may be empty long before the hour is up (see TTK).'

const COLUMNS: Array<{ key: GasSortKey; label: string; tip: string }> = [
  { key: 'iskPerHour', label: 'Rate while huffing', tip: RATE_TIP },
  { key: 'ttk', label: 'TTK', tip: 'Time to huff: how long the whole fleet takes to empty the cloud, in whole cycles.' },
  { key: 'm3PerCloud', label: 'M³/Cloud', tip: 'Expected m³ you harvest from the cloud: its volume less the residue.' },
  { key: 'm3LostResidue', label: 'M³ Lost', tip: M3_LOST_TIP },
  { key: 'iskPerCloud', label: 'ISK/Cloud', tip: 'ISK value of the expected harvest at the chosen Jita price.' },
  { key: 'iskLostResidue', label: 'ISK Lost', tip: 'ISK value of that residue.' },
]

/** Site and Gas, then the sortable columns (each sorts the pairs by their first entry; see sortPairs). */
const HEADERS: Column<GasCalcEntry>[] = [
  { key: 'site', header: 'Site' },
  { key: 'siteIskPerHour', header: 'ISK/hr', tooltip: SITE_ISK_TIP, align: 'right' as const, value: (e: GasCalcEntry) => e.siteIskPerHour },
  { key: 'gas', header: 'Gas' },
  ...COLUMNS.map((c) => ({
    key: c.key,
    header: c.label,
    tooltip: c.tip,
    align: 'right' as const,
    value: (e: GasCalcEntry) => (c.key === 'ttk' ? e.ttk : e[c.key]),
  })),
]

const isk = (v: number | null, gas: string) =>
  v === null ? (
    <span className="muted missing-price" title={`Jita 4-4 has no price for ${gas}`}>
      no price
    </span>
  ) : (
    formatInt(v)
  )

export default function GasCalcPage() {
  const { form, update, load, query, unreadable } = useFormInUrl<GasForm>(GAS_FORM_SPEC, GAS_DEFAULTS, reconcileGasForm)
  const { attempt, heading, retry } = useRetry()
  const modules = useDataFile<Modules>(getMiningModulesFile, attempt)
  const ships = useDataFile<Ships>(getMiningShipBonusesFile, attempt)
  const calc = useCalculation<GasCalcForm, GasCalcEntry[]>(postGasCalc, () => window.alert(CALC_FAILED))
  const results = useMemo(() => calc.result ?? [], [calc.result])
  const [sort, setSort] = useState<SortState>(GAS_DEFAULT_SORT)

  const moduleOptions = gasModulesFor(form.ship)
  // The module list changes with the ship; a module the new ship does not use gives way to its usual one.
  const setShip = (ship: string) => update({ ship, moduleType: gasModulesFor(ship).includes(form.moduleType) ? form.moduleType : defaultGasModuleFor(ship) })

  const calculate = (e: FormEvent) => {
    e.preventDefault()
    void calc.run(gasRequest(form))
  }

  const pairs = useMemo(() => {
    const all = toPairs(results).filter(([a]) => form.siteClass === 'all' || a.classes.includes(form.siteClass))
    return sortPairs(all, sort)
  }, [results, sort, form.siteClass])

  const module = modules.data?.[form.moduleType]
  const ship = ships.data?.[form.ship]
  const first = results[0]
  const resultsHeading = useResultsIntoView(calc.result)

  return (
    <div className="harvest-page">
      <section className="panel">
        <h1 ref={heading} tabIndex={-1}>
          Gas Huffing Calculator
        </h1>
        <div className="notice intro">
          <p>
            <strong>Customize your setup</strong> below (ship, modules, skills, implants and boosts) to see what your fleet earns per hour in every wormhole gas
            site, how much gas residue destroys, and how long the fleet takes to empty each cloud. Click a column heading to sort.
          </p>
          <p>
            <strong>Market pricing</strong> is Jita 4-4 from this toolbox&apos;s own market API (<NewTabLink href="/api/docs/">market API docs</NewTabLink>
            ), refreshed every 30 minutes. Site contents come from the community gas-site data. {SDE_NOTE}
          </p>
        </div>
        <LinkWarning unreadable={unreadable} />
        {/* Without these files the page still calculates; it only lacks what they add under the Fleet fields. */}
        <DataFileAlert
          parts={[
            { what: 'Module stats and the slot warning', error: modules.error },
            { what: 'Ship slot counts (for the slot warning)', error: ships.error },
          ]}
          after="Calculate still works."
          className="warning-text"
          onRetry={retry}
        />
      </section>

      <form className="panel" onSubmit={calculate} aria-label="Gas fleet setup">
        <Collapsible as="fieldset" title="Fleet">
          <SelectField label="Ship" value={form.ship} options={namesAsOptions(GAS_SHIPS)} onChange={setShip} />
          <SelectField
            label="Module Type"
            value={form.moduleType}
            options={namesAsOptions(moduleOptions)}
            onChange={(moduleType) => update({ moduleType })}
            note={<ModuleStats module={module} />}
          />
          <NumberField label="Module Count" value={form.moduleCount} min={1} max={8} integer onChange={(moduleCount) => update({ moduleCount })} />
          <NumberField label="Ship Count" value={form.shipCount} min={1} max={500} integer onChange={(shipCount) => update({ shipCount })} />
          <SlotWarning shipName={form.ship} ship={ship} module={module} count={form.moduleCount} />
        </Collapsible>

        <Collapsible as="fieldset" title="Skills">
          <NumberField label="Mining Frigate Level" value={form.frigate} min={0} max={5} integer onChange={(frigate) => update({ frigate })} />
          <NumberField label="Mining Barge Level" value={form.barge} min={0} max={5} integer onChange={(barge) => update({ barge })} />
          <NumberField label="Exhumers Level" value={form.exhumer} min={0} max={5} integer onChange={(exhumer) => update({ exhumer })} />
          <SelectField label="Implant" value={form.implant} options={GAS_IMPLANTS} onChange={(implant) => update({ implant })} />
        </Collapsible>

        <Collapsible as="fieldset" title="Boosts">
          <SelectField label="Boost Ship" value={form.boostShip} options={GAS_BOOST_SHIPS} onChange={(boostShip) => update({ boostShip })} />
          <NumberField
            label="Mining Director Level"
            value={form.miningDirector}
            min={0}
            max={5}
            integer
            onChange={(miningDirector) => update({ miningDirector })}
          />
          <NumberField
            label="Industrial Command Ships Level"
            value={form.industrialCommand}
            min={0}
            max={5}
            integer
            onChange={(industrialCommand) => update({ industrialCommand })}
          />
          <SelectField
            label="Boost Implant"
            value={form.boostImplant}
            options={YES_NO('none' as const, 'mindlink' as const)}
            onChange={(boostImplant) => update({ boostImplant })}
            tooltip={BOOST_IMPLANT_TIP}
          />
          <SelectField
            label="Boost Module"
            value={form.boostModule}
            options={[
              { value: 'T1', label: 'Burst I' },
              { value: 'T2', label: 'Burst II' },
            ]}
            onChange={(boostModule) => update({ boostModule })}
          />
          <SelectField
            label="Industrial Core"
            value={form.bastion}
            options={YES_NO('no' as const, 'yes' as const)}
            onChange={(bastion) => update({ bastion })}
            tooltip={CORE_TIP}
            note={<CoreNote boostShip={form.boostShip} coreOn={form.bastion === 'yes'} />}
          />
        </Collapsible>

        <CalculateBar
          field={form.priceField}
          compressed={form.compressed}
          onPrice={update}
          what="gas"
          busy={calc.busy}
          error={calc.error}
          done={first ? `Results: ${pairs.length} gas sites; the fleet harvests ${formatInt(first.m3PerHour)} m³ per hour.` : null}
        />
      </form>

      <SavedPanel title="Saved fleets" storageKey="gas-calc:fleets" query={query} onLoad={load} noun="fleet" />

      {first && (
        <section className="panel" aria-labelledby="gas-results" data-testid="gas-results">
          <h2 id="gas-results" ref={resultsHeading} tabIndex={-1}>
            Results
          </h2>
          <p data-testid="fleet-summary">
            Each module harvests <strong>{formatNumber(first.yieldPerCycle, 1)} m³</strong> every <strong>{formatNumber(first.cycleTime, 2)} s</strong>
            {first.residueChance > 0
              ? `, with a ${formatNumber(first.residueChance * 100, 1)}% chance per cycle of residue (× ${formatNumber(first.residueMultiplier, 2)})`
              : ', with no residue'}
            . The fleet harvests <strong>{formatInt(first.m3PerHour)} m³ per hour</strong>.
          </p>
          <PriceSource source={first.prices} what="gas" />
          <div className="segmented class-filter" role="group" aria-label="Wormhole class">
            {['all', ...WORMHOLE_CLASSES].map((c) => (
              <button key={c} type="button" aria-pressed={form.siteClass === c} onClick={() => update({ siteClass: c })}>
                {c === 'all' ? 'All classes' : c}
              </button>
            ))}
          </div>
          <TableWrap label="Gas sites table">
            <table className="data-table gas-table sticky-first">
              {/* The shared header: each <th> is named by its text alone, not by its '?' mark too. */}
              <SortHeader columns={HEADERS} sort={sort} onSort={(column) => setSort((s) => nextSort(s, column))} />
              {pairs.length === 0 && (
                <tbody>
                  <tr>
                    <td colSpan={HEADERS.length} className="empty">
                      No gas site spawns in {form.siteClass}.
                    </td>
                  </tr>
                </tbody>
              )}
              {/* One row group per site, so its rowgroup header names that site's two rows and no others. */}
              {pairs.map((pair, i) => {
                const total = siteTotalMillions(pair)
                return (
                  <tbody key={pair[0].site} className="site-pair">
                    {pair.map(
                      (e, j) =>
                        e && (
                          <tr key={e.gas} className={i % 2 ? 'pair-odd' : 'pair-even'} data-site={e.site} data-testid="gas-row">
                            {j === 0 && (
                              <th scope="rowgroup" rowSpan={pair[1] ? 2 : 1} className="site-cell">
                                <span className="site-name">{e.site}</span>
                                <span className="site-classes muted">{e.classes.join(' ')}</span>
                                <span className="site-total" data-testid="site-total">
                                  {total === null ? 'price missing' : `${formatInt(total)}M ISK`}
                                </span>
                              </th>
                            )}
                            {j === 0 && (
                              <td rowSpan={pair[1] ? 2 : 1} className="align-right site-isk-hour" data-testid="site-isk-hour">
                                <strong>{isk(e.siteIskPerHour, pair.find((x) => x && x.price === null)?.gas ?? e.gas)}</strong>
                              </td>
                            )}
                            <td>{e.gas}</td>
                            <td className="align-right">{isk(e.iskPerHour, e.gas)}</td>
                            <td className="align-right ttk">{e.ttk}</td>
                            <td className="align-right">{formatInt(e.m3PerCloud)}</td>
                            <td className={`align-right${e.m3LostResidue > 0 ? ' residue' : ''}`}>{formatInt(e.m3LostResidue)}</td>
                            <td className="align-right">{isk(e.iskPerCloud, e.gas)}</td>
                            <td className={`align-right${e.m3LostResidue > 0 ? ' residue' : ''}`}>{isk(e.iskLostResidue, e.gas)}</td>
                          </tr>
                        ),
                    )}
                  </tbody>
                )
              })}
            </table>
          </TableWrap>
        </section>
      )}
    </div>
  )
}
