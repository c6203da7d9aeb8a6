import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { CompressedOre, PlanResponse } from '../../../schemas/ore-planner'
import { MINERAL_NAMES, PLANNER_TEXT, refineRateFraction } from '../../../schemas/ore-planner-constants'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ApiError, callApi } from '../../lib/api'
import { getOrePlannerOres, postOrePlannerPlan } from '../../../schemas/ore-planner-endpoints'
import { formatInt, formatIsk } from '../../../schemas/format'
import { AllowedOres } from './AllowedOres'
import { MineralNeeds } from './MineralNeeds'
import { PlanResults } from './PlanResults'
import { RefineRate } from './RefineRate'
import { planRequest, settingsFromQuery, settingsToQuery, type PlannerSettings } from './settings'
import { StrategyPanel } from './StrategyPanel'
import './compressed.css'

/** Why the page will not send these settings, or null. `oreIds` is null while the ore list loads. */
function settingsProblem(settings: PlannerSettings, oreIds: number[] | null): string | null {
  if (Number.isNaN(refineRateFraction(settings.refineRate))) return 'Refine rate must be a number from 0 to 100.'
  if (oreIds && oreIds.every((id) => settings.excluded.includes(id))) return 'Allow at least one ore.'
  if (MINERAL_NAMES.every((m) => settings.targets[m] === 0)) return 'Enter an amount for at least one mineral.'
  return null
}

/** One sentence on a plan that arrived, for the status region screen readers read out. */
function planReadOut(plan: PlanResponse): string {
  // The results say "No solution…" once, visibly; the read-out says why instead of repeating it.
  if (plan.rows.length === 0) return `No plan: ${plan.warnings[0] ?? 'nothing to buy for these settings.'}`
  const { batchesTotal, oresCostIsk } = plan.summary
  const warnings = plan.warnings.length ? `, ${plan.warnings.length} ${plan.warnings.length === 1 ? 'warning' : 'warnings'}` : ''
  return `Plan ready: ${plan.rows.length} compressed ${plan.rows.length === 1 ? 'ore' : 'ores'}, ${formatInt(batchesTotal)} batches of 100, ${oresCostIsk === null ? 'cost unknown' : formatIsk(oresCostIsk)}${warnings}.`
}

export default function CompressedPage() {
  const [params, setParams] = useSearchParams()
  const [settings, setSettings] = useState<PlannerSettings>(() => settingsFromQuery(params))
  const [ores, setOres] = useState<CompressedOre[] | null>(null)
  const [oresError, setOresError] = useState<string | null>(null)
  const [plan, setPlan] = useState<PlanResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)
  const [unreadable, setUnreadable] = useState<string[]>([])
  const [unreadableLimits, setUnreadableLimits] = useState<string[]>([])
  const [oresAttempt, setOresAttempt] = useState(0)

  useEffect(() => {
    setOresError(null)
    callApi(getOrePlannerOres, {})
      .then((body) => setOres(body.ores))
      .catch(() => setOresError(PLANNER_TEXT.oresFailed))
  }, [oresAttempt])

  // The URL can change under the page (the menu's link to /compressed, back and forward): the form follows it, so
  // the address bar never shows a link that would open different settings from the ones on screen.
  useEffect(() => {
    if (settingsToQuery(settings).toString() !== params.toString()) setSettings(settingsFromQuery(params))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params])

  const update = (patch: Partial<PlannerSettings>) =>
    setSettings((s) => {
      const next = { ...s, ...patch }
      setParams(settingsToQuery(next), { replace: true })
      return next
    })

  const calculate = useCallback(async (s: PlannerSettings, oreIds: number[]) => {
    const request = ++latest.current
    setLoading(true)
    // the last attempt's error is not about this one: it must not sit under the button while this plan runs
    setError(null)
    try {
      const body = await callApi(postOrePlannerPlan, { body: planRequest(s, oreIds) })
      if (request !== latest.current) return
      setPlan(body)
    } catch (err) {
      if (request !== latest.current) return
      setError(err instanceof ApiError ? err.message : PLANNER_TEXT.planFailed)
    } finally {
      if (request === latest.current) setLoading(false)
    }
  }, [])

  // A shared link with targets plans as soon as the ore list is in, unless the page would refuse it too.
  const autoRan = useRef(false)
  useEffect(() => {
    if (!ores || autoRan.current) return
    autoRan.current = true
    const ids = ores.map((o) => o.typeIdCompressed)
    if (!settingsProblem(settings, ids)) void calculate(settings, ids)
  }, [ores, settings, calculate])

  const oreIds = ores?.map((o) => o.typeIdCompressed) ?? []
  const problem = unreadable.length
    ? `Fix the ${unreadable.join(', ')} ${unreadable.length === 1 ? 'box' : 'boxes'} first: the amount cannot be read.`
    : unreadableLimits.length
      ? `Fix the ${unreadableLimits.join(' and ')} ${unreadableLimits.length === 1 ? 'box' : 'boxes'} first, or leave ${unreadableLimits.length === 1 ? 'it' : 'them'} empty.`
      : settingsProblem(settings, ores ? oreIds : null)
  const shownProblem = ores ? problem : null
  const problemId = useId()

  const submit = (e: FormEvent) => {
    e.preventDefault()
    // the button stays focusable while a plan runs (aria-disabled), so Enter can submit again
    if (problem || !ores || loading) return
    void calculate(settings, oreIds)
  }

  return (
    <div className="ore-page">
      <h1>Compressed Ore Reprocessing Planner</h1>
      <p className="muted">
        Enter the minerals you need: the planner picks the compressed ores to buy and reprocess, solved as an integer program over whole 100-unit batches so the
        answer is the true optimum, not a greedy guess.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="ore-layout">
          <div className="ore-column">
            <MineralNeeds targets={settings.targets} onChange={(targets) => update({ targets })} onUnreadable={setUnreadable} />
            <RefineRate
              rate={settings.refineRate}
              setup={settings.setup}
              nullSec={settings.nullSec}
              onRate={(refineRate) => update({ refineRate })}
              onSetup={(setup, nullSec) => update({ setup, nullSec })}
            />
            <StrategyPanel settings={settings} onChange={update} onUnreadable={setUnreadableLimits} />
            <div className="button-row ore-calculate">
              {/* aria-disabled while busy or held back by a problem, not disabled: a button that disables itself drops the keyboard
                  focus to the top of the page, and a disabled one is skipped by Tab, so the reason tied to it is never heard. */}
              <button
                type="submit"
                className="button"
                disabled={!ores}
                aria-disabled={loading || shownProblem !== null}
                aria-describedby={shownProblem ? problemId : undefined}
              >
                {loading ? 'Calculating…' : 'Calculate'}
              </button>
              {shownProblem && (
                <span className="muted" id={problemId}>
                  {shownProblem}
                </span>
              )}
              {/* On the page from the start: a live region added together with its text is not read out. */}
              <span className="visually-hidden" role="status" data-testid="ore-status">
                {loading ? 'Calculating…' : plan && !error ? planReadOut(plan) : ''}
              </span>
            </div>
            <ErrorAlert message={error} testId="ore-error" />
          </div>
          <div className="ore-column">
            {ores ? (
              <AllowedOres ores={ores} excluded={settings.excluded} onChange={(excluded) => update({ excluded })} />
            ) : (
              <section className="panel ore-section">
                <h2>Allowed Ores</h2>
                {!oresError && <p className="muted">Loading ores…</p>}
                <ErrorAlert message={oresError} testId="ore-list-error" />
                {oresError && (
                  <button type="button" className="button secondary" onClick={() => setOresAttempt((n) => n + 1)}>
                    Try again
                  </button>
                )}
              </section>
            )}
          </div>
        </div>
      </form>
      {plan && (
        // the previous plan stays in view while a new one runs or after one failed, dimmed (and marked busy while one
        // runs) so it is not read as the answer to the settings above
        <div aria-busy={loading} className={loading || error ? 'ore-results-stale' : undefined} data-testid="ore-results-wrap">
          {error && !loading && (
            <p className="muted" data-testid="ore-results-note">
              {PLANNER_TEXT.stalePlan}
            </p>
          )}
          <PlanResults plan={plan} />
        </div>
      )}
    </div>
  )
}
