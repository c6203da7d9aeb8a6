import { useEffect, useMemo, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { MiningModulesFile, MiningShipBonusesFile, OreCalcForm, OreCalcResponse } from '../../../schemas/harvesting'
import { getMiningModulesFile, getMiningShipBonusesFile, postOreCalc } from '../../../schemas/harvesting-endpoints'
import { findLoose, LOW_SLOT_MODULES, MAX_LOW_SLOTS, ORE_BOOST_SHIPS, ORE_IMPLANTS, SDE_NOTE } from '../../../schemas/harvesting-options'
import { Collapsible } from '../../components/Collapsible'
import { ErrorAlert } from '../../components/ErrorAlert'
import { InfoTip } from '../../components/InfoTip'
import { NumberField } from '../../components/NumberField'
import { SelectField } from '../../components/SelectField'
import { SortableTable, type Column, type SortState } from '../../components/SortableTable'
import { formatInt, formatNumber } from '../../../schemas/format'
import { moduleFor, ORE_DEFAULTS, ORE_FORM_SPEC, oreRequest, type OreForm } from './ore-setup'
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
import { keyColumnsFirst, useNarrowScreen } from '../../lib/phone-columns'
import { useResultsIntoView } from '../../lib/results-into-view'
import { useFormInUrl } from './useFormInUrl'
import './harvesting.css'

type Ships = z.infer<typeof MiningShipBonusesFile>
type Modules = z.infer<typeof MiningModulesFile>
type OreRow = OreCalcResponse['result'][string] & { ore: string }

const DEFAULT_SORT: SortState = { key: 'iskPerHour', direction: 'desc' }
const HIGHWALL = ORE_IMPLANTS.map((name) => ({
  value: name,
  label: name === 'None' ? 'None' : name.replace("Inherent Implants 'Highwall' Mining ", 'Highwall '),
}))

const isk = (v: number | null, decimals: number) =>
  v === null ? (
    <span className="muted missing-price" title="Jita 4-4 has no such price">
      no price
    </span>
  ) : (
    formatNumber(v, decimals)
  )

/** The spec's sort rules: a new column starts ascending, except Ore, which starts descending; the active one flips. */
const COLUMNS: Column<OreRow>[] = [
  {
    key: 'ore',
    header: 'Ore',
    tooltip:
      "Type of ore. Under each name: how many wormhole ore sites contain it (the ? names them). A 'crystal' badge marks the ores the chosen crystal is tuned for.",
    value: (r) => r.ore,
    firstDirection: 'desc',
    render: (r) => (
      <>
        <span className="ore-name">{r.ore}</span>
        {r.crystalApplies && <span className="badge badge-good crystal-badge">crystal</span>}
        {r.wormholeSites.length > 0 && (
          <span className="ore-sites muted">
            {r.wormholeSites.length} wormhole site{r.wormholeSites.length > 1 ? 's' : ''}{' '}
            <InfoTip text={r.wormholeSites.join(', ')} label={`Wormhole sites with ${r.ore}`} />
          </span>
        )}
      </>
    ),
  },
  {
    key: 'iskPerUnit',
    header: 'ISK/unit',
    tooltip: 'Jita 4-4 price per unit of ore, as chosen above (compressed ore: one compressed unit per raw unit).',
    value: (r) => r.iskPerUnit,
    render: (r) => isk(r.iskPerUnit, 2),
    align: 'right',
  },
  {
    key: 'unitsPerHour',
    header: 'Units/hr',
    tooltip: 'Raw ore units the whole fleet mines per hour.',
    value: (r) => r.unitsPerHour,
    render: (r) => formatInt(r.unitsPerHour),
    align: 'right',
  },
  {
    key: 'iskPerHour',
    header: 'ISK/hr',
    tooltip: 'Units per hour × ISK per unit: what the whole fleet earns per hour on this ore.',
    value: (r) => r.iskPerHour,
    render: (r) => isk(r.iskPerHour, 0),
    align: 'right',
  },
]

/** On a phone ISK/hr, what the list is sorted by, stands beside the ore so it needs no sideways scroll. */
const PHONE_COLUMNS = keyColumnsFirst(COLUMNS, ['iskPerHour'])

export default function OreCalcPage() {
  const { form, update, load, query, unreadable, markUnreadable } = useFormInUrl<OreForm>(ORE_FORM_SPEC, ORE_DEFAULTS)
  const { attempt, heading, retry } = useRetry()
  // Only the files the page uses (the crystals come with their module, the ores with the result): a failing file the
  // page does not need must not say the ship and module lists are missing.
  const ships = useDataFile<Ships>(getMiningShipBonusesFile, attempt)
  const modules = useDataFile<Modules>(getMiningModulesFile, attempt)
  const calc = useCalculation<OreCalcForm, OreCalcResponse>(postOreCalc)
  const output = calc.result
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT)
  const phone = useNarrowScreen()
  // After Calculate the results come into view with the focus on their heading (as on the gas page).
  const resultsHeading = useResultsIntoView(calc.result)

  const ship = ships.data?.[form.ship]
  const fits = ship?.modules ?? []
  const module = modules.data?.[form.module]
  const crystalOptions = module?.crystals ?? []
  const shipNames = ships.data ? Object.keys(ships.data) : []

  // A crystal from a link or a saved setup that the module cannot load (or that does not exist) would show as
  // 'No Crystal' yet be sent, and the server would refuse it; drop it as choosing the module would, and say so.
  // A link's names are read whatever their case and quotes (`?ship=hulk`), as the gas page reads its choices.
  useEffect(() => {
    if (module && form.crystal && !module.crystals.includes(form.crystal)) {
      const named = findLoose(module.crystals, form.crystal)
      update({ crystal: named ?? '' })
      if (!named) markUnreadable(ORE_FORM_SPEC.crystal.param)
    }
  }, [module, form.crystal, update, markUnreadable])
  useEffect(() => {
    const named = ships.data && !ships.data[form.ship] ? findLoose(Object.keys(ships.data), form.ship) : undefined
    if (named) update({ ship: named })
  }, [ships.data, form.ship, update])

  // Likewise a module the ship cannot fit (`?ship=Venture` alone: the default module is a strip miner) left 'Select
  // Module' and a disabled Calculate: the ship gets its usual module, as choosing the ship would, and a module the link
  // named (anything but the default) is reported, as is a crystal dropped with it.
  useEffect(() => {
    if (ship && !ship.modules.includes(form.module)) {
      const named = findLoose(ship.modules, form.module)
      if (named) return update({ module: named })
      update({ module: moduleFor(ship.modules, form.module), crystal: '' })
      if (form.module !== ORE_DEFAULTS.module) markUnreadable(ORE_FORM_SPEC.module.param)
      if (form.crystal) markUnreadable(ORE_FORM_SPEC.crystal.param)
    }
  }, [ship, form.module, form.crystal, update, markUnreadable])

  // Another ship keeps the module when it fits it, and then its crystal too; a module that changes takes its crystal along.
  const setShip = (name: string) => {
    const next = moduleFor(ships.data?.[name]?.modules ?? [], form.module)
    update({ ship: name, module: next, crystal: next === form.module ? form.crystal : '' })
  }
  // Choosing another module clears the crystal (the spec), so a crystal never rides along to a module that cannot load it.
  const setModule = (name: string) => update({ module: name, crystal: name === form.module ? form.crystal : '' })

  const calculate = (e: FormEvent) => {
    e.preventDefault()
    void calc.run(oreRequest(form))
  }

  const rows = useMemo<OreRow[]>(() => {
    if (!output) return []
    return (
      Object.entries(output.result)
        .map(([ore, r]) => ({ ore, ...r }))
        // Without the ore-site data no ore has sites, so the wormhole filter would empty the table: list every ore.
        .filter((r) => form.ores === 'all' || !output.oreSitesLoaded || r.wormholeSites.length > 0)
    )
  }, [output, form.ores])

  const lowSlotMax = ship?.lowSlots ?? MAX_LOW_SLOTS
  // The ores shown that the crystal is tuned for (the wormhole view lists only some of them).
  const tunedShown = rows.filter((r) => r.crystalApplies).length

  return (
    <div className="harvest-page">
      <section className="panel">
        <h1 ref={heading} tabIndex={-1}>
          Ore Mining Calculator
        </h1>
        <div className="notice intro">
          <p>
            You can <strong>sort by any header</strong> by clicking its name. <strong>Customize your fleet</strong> and skills below to see ISK and yield per
            hour for every ore; by default the table lists the ores of wormhole ore sites, and you can show every asteroid ore. Mercoxit, ice, moon ores and
            mining drones are not covered.
          </p>
          <p>
            <strong>Market prices</strong> are Jita 4-4 from this toolbox&apos;s own market API, refreshed every 30 minutes. {SDE_NOTE}
          </p>
        </div>
        <LinkWarning unreadable={unreadable} />
        <DataFileAlert
          parts={[
            { what: 'The ship and module lists', error: ships.error },
            { what: 'Module stats, the crystal list and the slot warning', error: modules.error },
          ]}
          after={ships.error ? 'Calculate needs the ship list.' : 'Calculate still works.'}
          className="error-box"
          onRetry={retry}
        />
        {/* Known only once the ship list has loaded: an alert region there from the start, so it is read out. */}
        <ErrorAlert
          message={
            ships.data && !ship && !findLoose(shipNames, form.ship) ? `'${form.ship}' is not a mining ship this calculator knows; choose one below.` : null
          }
          className="warning-text"
          testId="ship-warning"
        />
      </section>

      <form className="panel" onSubmit={calculate} aria-label="Ore fleet setup">
        <Collapsible as="fieldset" title="Ship">
          <SelectField
            label="Ship"
            value={ship ? form.ship : ''}
            options={[...(ship ? [] : [{ value: '', label: 'Select Ship' }]), ...namesAsOptions(shipNames)]}
            onChange={setShip}
          />
          <SelectField
            label="High Slot Module"
            value={fits.includes(form.module) ? form.module : ''}
            options={[...(fits.includes(form.module) ? [] : [{ value: '', label: 'Select Module' }]), ...namesAsOptions(fits)]}
            onChange={setModule}
            note={<ModuleStats module={module} />}
          />
          <NumberField label="Number of Modules" value={form.numModules} min={1} max={8} integer onChange={(numModules) => update({ numModules })} />
          <SelectField
            label="Mining Crystal"
            value={form.crystal}
            options={[{ value: '', label: 'No Crystal' }, ...namesAsOptions(crystalOptions)]}
            onChange={(crystal) => update({ crystal })}
            disabled={crystalOptions.length === 0}
            tooltip="Only modulated miners load crystals. A crystal works only on the ores it is tuned for: it changes the yield, and by type also the residue (A II, B, C) and the cycle time (B), as the game data has them."
          />
          <NumberField label="Number of Ships" value={form.numShips} min={1} max={500} integer onChange={(numShips) => update({ numShips })} />
          <SelectField
            label="Low Slot Module"
            value={form.lowSlotName}
            options={[{ value: '', label: 'No Low Slot' }, ...namesAsOptions(LOW_SLOT_MODULES)]}
            onChange={(lowSlotName) => update({ lowSlotName })}
          />
          <NumberField
            label="Number of Low Slots"
            value={form.lowSlotCount}
            min={0}
            max={MAX_LOW_SLOTS}
            integer
            onChange={(lowSlotCount) => update({ lowSlotCount })}
            disabled={!form.lowSlotName}
          />
          <SlotWarning shipName={form.ship} ship={ship} module={module} count={form.numModules} />
          {ship && form.lowSlotName && form.lowSlotCount > lowSlotMax && (
            <p className="warning-text field-warning" data-testid="low-slot-warning">
              A {form.ship} has {lowSlotMax} low slots.
            </p>
          )}
        </Collapsible>

        <Collapsible as="fieldset" title="Skills">
          <NumberField label="Mining Frigate Level" value={form.frigate} min={0} max={5} integer onChange={(frigate) => update({ frigate })} />
          <NumberField label="Expedition Frigates Level" value={form.expedition} min={0} max={5} integer onChange={(expedition) => update({ expedition })} />
          <NumberField label="Mining Barge Level" value={form.barge} min={0} max={5} integer onChange={(barge) => update({ barge })} />
          <NumberField label="Exhumers Level" value={form.exhumer} min={0} max={5} integer onChange={(exhumer) => update({ exhumer })} />
          <NumberField label="Mining Level" value={form.mining} min={0} max={5} integer onChange={(mining) => update({ mining })} />
          <NumberField label="Astrogeology Level" value={form.astrogeology} min={0} max={5} integer onChange={(astrogeology) => update({ astrogeology })} />
          <SelectField label="Implant" value={form.implantName} options={HIGHWALL} onChange={(implantName) => update({ implantName })} />
        </Collapsible>

        <Collapsible as="fieldset" title="Boosts">
          <SelectField
            label="Boost Ship"
            value={form.boostShip}
            options={namesAsOptions(ORE_BOOST_SHIPS)}
            onChange={(boostShip) => update({ boostShip })}
            tooltip="Gnosis stands for any hull without a mining burst bonus (command destroyers and others too)."
          />
          <NumberField label="Industrial Command Ships" value={form.industrial} min={0} max={5} integer onChange={(industrial) => update({ industrial })} />
          <NumberField label="Mining Director" value={form.director} min={0} max={5} integer onChange={(director) => update({ director })} />
          <SelectField
            label="Boost Implant"
            value={form.boostImplant}
            options={YES_NO('None' as const, 'mindlink' as const)}
            onChange={(boostImplant) => update({ boostImplant })}
            tooltip="Yes: a Mining Foreman Mindlink (the ORE Mining Director Mindlink gives the same mining burst bonus)."
          />
          <SelectField
            label="Boost Type"
            value={form.boostModule}
            options={[
              { value: 'T1' as const, label: 'T1' },
              { value: 'T2' as const, label: 'T2' },
            ]}
            onChange={(boostModule) => update({ boostModule })}
          />
          <SelectField
            label="Industrial Core"
            value={form.bastion}
            options={YES_NO('No' as const, 'Yes' as const)}
            onChange={(bastion) => update({ bastion })}
            tooltip={CORE_TIP}
            note={<CoreNote boostShip={form.boostShip} coreOn={form.bastion === 'Yes'} />}
          />
        </Collapsible>

        <CalculateBar
          field={form.priceField}
          compressed={form.compressed}
          onPrice={update}
          what="ore"
          busy={calc.busy}
          disabled={!ship || !fits.includes(form.module)}
          error={calc.error}
          done={
            output
              ? `Results: ${rows.length} ores; each module mines ${formatNumber(output.yieldPerCycle, 2)} m³ every ${formatNumber(output.cycleTime, 2)} s.`
              : null
          }
        />
      </form>

      <SavedPanel title="Saved setups" storageKey="ore-calc:setups" query={query} onLoad={load} noun="setup" />

      {output && (
        <section className="panel" aria-labelledby="ore-results" data-testid="ore-results">
          <h2 id="ore-results" ref={resultsHeading} tabIndex={-1}>
            Results
          </h2>
          <div className="stat-row">
            <div className="stat" data-testid="cycle-time">
              <span className="stat-label">Cycle Time</span> {formatNumber(output.cycleTime, 2)} s
            </div>
            <div className="stat" data-testid="yield-per-cycle">
              <span className="stat-label">Yield/Cycle</span> {formatNumber(output.yieldPerCycle, 2)} m³
            </div>
            <div className="stat">
              <span className="stat-label">Residue</span>{' '}
              {output.residueChance > 0 ? `${formatNumber(output.residueChance * 100, 1)}% × ${formatNumber(output.residueMultiplier, 2)}` : 'none'}
            </div>
          </div>
          {output.crystal && (
            <p className="muted" data-testid="crystal-note">
              The {output.crystal.name} is tuned for {output.crystal.tunedFor} ores ({tunedShown ? `${tunedShown} in the list` : 'none in the list'}); on other
              ores the module mines {formatNumber(output.baseYieldPerCycle, 2)} m³ every {formatNumber(output.baseCycleTime, 2)} s.
            </p>
          )}
          <PriceSource source={output.prices} what="ore" />
          {output.oreSitesLoaded ? (
            <div className="segmented" role="group" aria-label="Ores shown">
              {(['wormhole', 'all'] as const).map((o) => (
                <button key={o} type="button" aria-pressed={form.ores === o} onClick={() => update({ ores: o })}>
                  {o === 'wormhole' ? 'Wormhole site ores' : 'All asteroid ores'}
                </button>
              ))}
            </div>
          ) : (
            <p className="warning-text" data-testid="no-ore-sites">
              This server has no wormhole ore-site data, so it cannot tell which ores wormhole sites hold: every asteroid ore is listed.
            </p>
          )}
          <SortableTable
            label="Ores table"
            rows={rows}
            columns={phone ? PHONE_COLUMNS : COLUMNS}
            rowKey={(r) => r.ore}
            sort={sort}
            onSortChange={setSort}
            className="ore-table"
            empty="No ores to show."
          />
          <details className="terms">
            <summary>How the cycle time and yield were built</summary>
            <ul>
              {output.terms.map((t, i) => (
                <li key={i}>
                  {t.source}:{' '}
                  {t.attribute === 'miningAmount'
                    ? 'yield'
                    : t.attribute === 'duration'
                      ? 'cycle time'
                      : t.attribute === 'miningWasteProbability'
                        ? 'residue chance'
                        : 'residue volume'}{' '}
                  {t.op === 'postPercent'
                    ? `${t.value > 0 ? '+' : ''}${formatNumber(t.value, 2)}%`
                    : t.op === 'modAdd'
                      ? `+${formatNumber(t.value, 2)}`
                      : `× ${formatNumber(t.value, 3)}`}
                </li>
              ))}
            </ul>
          </details>
        </section>
      )}
    </div>
  )
}
