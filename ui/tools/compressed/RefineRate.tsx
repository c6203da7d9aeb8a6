import { useEffect, useState } from 'react'
import {
  clampSkill,
  IMPLANT_BONUSES,
  refineRateFraction,
  refineRatePercentOf,
  refineYield,
  RIG_BONUSES,
  SECURITY_BONUSES,
  STRUCTURE_BONUSES,
  type RefineSetup,
} from '../../../schemas/ore-planner-constants'
import { formatNumber } from '../../../schemas/format'
import { NULL_SEC_OPTION, parseRateText } from './settings'

interface Props {
  rate: number
  setup: RefineSetup
  /** The security box shows Null sec rather than Wormhole (both 12%). */
  nullSec: boolean
  onRate: (rate: number) => void
  onSetup: (setup: RefineSetup, nullSec: boolean) => void
}

const BONUS_SELECTS = [
  { key: 'rig', label: 'Reprocessing rig', options: RIG_BONUSES },
  { key: 'security', label: 'Security (with a rig)', options: SECURITY_BONUSES },
  { key: 'structure', label: 'Structure', options: STRUCTURE_BONUSES },
  { key: 'implant', label: 'Implant', options: IMPLANT_BONUSES },
] as const

const SKILLS = [
  { key: 'reprocessing', label: 'Reprocessing' },
  { key: 'efficiency', label: 'Reprocessing Efficiency' },
  { key: 'specialized', label: 'Specialized Ore Processing' },
] as const

/**
 * Which option a box shows for a bonus. Options are told apart by position, not value: Null sec and Wormhole are both
 * 12%, and a select keyed by value showed "Null sec" whichever was picked. Null sec is shown when the settings say so
 * (they keep it in the link); otherwise the last option with the value, so 12% reads as Wormhole on a wormhole toolbox.
 */
function shownOption(options: readonly { value: number }[], value: number, picked: number | undefined): number {
  if (picked !== undefined && options[picked]?.value === value) return picked
  return options.findLastIndex((o) => o.value === value)
}

const percent = (fraction: number) => `${formatNumber(fraction * 100, 2)}%`

/** Refine Rate: the yield typed directly, or worked out from the refinery, rig, implant and skills. */
export function RefineRate({ rate, setup, nullSec, onRate, onSetup }: Props) {
  const [text, setText] = useState(String(rate))
  const fraction = refineRateFraction(rate)
  const calculated = refineYield(setup)
  const parse = parseRateText
  // Follow the rate when it changes from outside (the calculator's button, a shared link).
  useEffect(() => {
    if (!Object.is(parse(text), rate) && !(Number.isNaN(rate) && Number.isNaN(parse(text)))) setText(Number.isNaN(rate) ? '' : String(rate))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rate])
  return (
    <section className="panel ore-section" aria-labelledby="ore-rate-title">
      <h2 id="ore-rate-title">Refine Rate</h2>
      <label className="field ore-rate">
        <span className="field-label">Refine rate (%)</span>
        <input
          type="text"
          inputMode="decimal"
          name="refineRate"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            onRate(parse(e.target.value))
          }}
        />
      </label>
      <p className={Number.isNaN(fraction) ? 'error-text' : 'muted'} data-testid="ore-rate-used">
        {Number.isNaN(fraction)
          ? 'Refine rate must be a number from 0 to 100.'
          : `Using ${percent(fraction)} of each ore's minerals${rate > 0 && rate <= 1 ? ' (read as a fraction)' : ''}.`}
      </p>
      <details className="ore-rate-calc">
        <summary>Work it out from your refinery and skills</summary>
        <div className="ore-rate-grid">
          {BONUS_SELECTS.map((s) => (
            <label key={s.key} className="field">
              <span className="field-label">{s.label}</span>
              <select
                value={String(shownOption(s.options, setup[s.key], s.key === 'security' && nullSec ? NULL_SEC_OPTION : undefined))}
                onChange={(e) => {
                  const i = Number(e.target.value)
                  onSetup({ ...setup, [s.key]: s.options[i]!.value }, s.key === 'security' ? i === NULL_SEC_OPTION : nullSec)
                }}
              >
                {s.options.map((o, i) => (
                  <option key={o.label} value={String(i)}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {SKILLS.map((s) => (
            <label key={s.key} className="field">
              <span className="field-label">{s.label}</span>
              <input
                type="number"
                min={0}
                max={5}
                step={1}
                value={setup[s.key]}
                onChange={(e) => onSetup({ ...setup, [s.key]: clampSkill(Number(e.target.value)) }, nullSec)}
              />
            </label>
          ))}
        </div>
        <p className="muted">
          (0.5 + rig) × (1 + 3% × Reprocessing) × (1 + 2% × Efficiency) × (1 + 2% × ore skill) × (1 + implant) × (1 + security, only with a rig) × (1 +
          structure) = <strong data-testid="ore-rate-calculated">{percent(calculated)}</strong>
        </p>
        <button type="button" className="button secondary" onClick={() => onRate(refineRatePercentOf(calculated))}>
          Use {percent(calculated)}
        </button>
      </details>
    </section>
  )
}
