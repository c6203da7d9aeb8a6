import {
  BLEND_STEP,
  HAUL_MODE_LABELS,
  HAUL_MODES,
  PLANNER_PRICE_FIELDS,
  PRICE_FIELD_LABELS,
  STRATEGIES,
  STRATEGY_LABELS,
} from '../../../schemas/ore-planner-constants'
import { HUBS } from '../../../schemas/hubs'
import { formatNumber } from '../../../schemas/format'
import { useId, useState } from 'react'
import { LIMIT_RANGES, readLimit, type PlannerSettings } from './settings'

interface Props {
  settings: PlannerSettings
  onChange: (patch: Partial<PlannerSettings>) => void
  /** The limit boxes whose text cannot be read (the page holds Calculate back while there are any). */
  onUnreadable?: (names: string[]) => void
}

type LimitKey = 'maxOres' | 'minBatches'
const LIMIT_LABELS: Record<LimitKey, string> = { maxOres: 'Most distinct ores', minBatches: 'Fewest batches per ore' }

/**
 * A limit box: empty means no limit. Text it cannot read stays as typed, with the reason beside it in a live region
 * that is there from the start (one added together with its text is not reliably read out).
 */
function LimitField({
  name,
  value,
  onValue,
  onProblem,
}: {
  name: LimitKey
  value: number | null
  onValue: (v: number | null) => void
  onProblem: (bad: boolean) => void
}) {
  const [typed, setTyped] = useState<string | null>(null)
  const range = LIMIT_RANGES[name]
  const read = typed === null ? null : readLimit(typed, range)
  const bad = read !== null && !read.ok
  const noteId = useId()
  return (
    <label className="field ore-limit">
      <span className="field-label">{LIMIT_LABELS[name]}</span>
      <input
        type="text"
        inputMode="numeric"
        name={name}
        value={typed ?? (value === null ? '' : String(value))}
        placeholder="no limit"
        aria-invalid={bad || undefined}
        aria-describedby={noteId}
        onChange={(e) => {
          const next = readLimit(e.target.value, range)
          setTyped(e.target.value)
          onProblem(!next.ok)
          if (next.ok) onValue(next.value)
        }}
      />
      <span id={noteId} className={`field-note ${bad ? 'error-text' : 'muted'}`} aria-live="polite" data-testid={`ore-limit-note-${name}`}>
        {bad ? `Enter a whole number from ${range.min} to ${formatNumber(range.max, 0)}, or leave it empty.` : ''}
      </span>
    </label>
  )
}

const STRATEGY_HELP = {
  min_cost: 'The cheapest ore at the hub that covers every target.',
  min_haul: 'The least ore to haul: fewest m³, or fewest batches.',
  blend: 'A mix: each of cost and m³ is divided by its own best possible value, then weighted.',
} as const

/** A labelled select over a fixed list of options. */
function SelectField<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string
  name: string
  value: T
  options: Array<{ value: T; label: string }>
  onChange: (value: T) => void
}) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Strategy: three buttons, and under them only the controls the chosen strategy uses. */
export function StrategyPanel({ settings, onChange, onUnreadable }: Props) {
  const s = settings
  const priced = s.strategy !== 'min_haul'
  const [badLimits, setBadLimits] = useState<LimitKey[]>([])
  const markLimit = (key: LimitKey) => (bad: boolean) => {
    const next = bad ? [...new Set([...badLimits, key])] : badLimits.filter((k) => k !== key)
    setBadLimits(next)
    onUnreadable?.(next.map((k) => LIMIT_LABELS[k]))
  }
  return (
    <section className="panel ore-section" aria-labelledby="ore-strategy-title">
      <h2 id="ore-strategy-title">Strategy</h2>
      <div className="segmented" role="group" aria-labelledby="ore-strategy-title">
        {STRATEGIES.map((k) => (
          <button key={k} type="button" aria-pressed={s.strategy === k} onClick={() => onChange({ strategy: k })}>
            {STRATEGY_LABELS[k]}
          </button>
        ))}
      </div>
      <p className="muted">{STRATEGY_HELP[s.strategy]}</p>
      <div className="ore-strategy-controls">
        {priced && (
          <>
            <SelectField
              label="Trade hub"
              name="hub"
              value={String(s.stationId)}
              // the fixed hub list, not a fetch: a failed or slow request must not leave a bare station id to choose from
              options={HUBS.map((h) => ({ value: String(h.station_id), label: h.label }))}
              onChange={(id) => onChange({ stationId: Number(id) })}
            />
            <SelectField
              label="Price field"
              name="priceField"
              value={s.priceField}
              options={PLANNER_PRICE_FIELDS.map((f) => ({ value: f, label: PRICE_FIELD_LABELS[f] }))}
              onChange={(priceField) => onChange({ priceField })}
            />
          </>
        )}
        {s.strategy === 'min_haul' && (
          <SelectField
            label="Haul by"
            name="haulMode"
            value={s.haulMode}
            options={HAUL_MODES.map((m) => ({ value: m, label: HAUL_MODE_LABELS[m] }))}
            onChange={(haulMode) => onChange({ haulMode })}
          />
        )}
        {s.strategy === 'blend' && (
          <label className="field ore-blend">
            <span className="field-label">
              Blend weight: <strong data-testid="ore-blend-value">{formatNumber(s.blendWeight, 2)}</strong>{' '}
              <span className="muted">(1.00 all cost, 0.00 all m³)</span>
            </span>
            <input
              type="range"
              name="blendWeight"
              min={0}
              max={1}
              step={BLEND_STEP}
              value={s.blendWeight}
              onChange={(e) => onChange({ blendWeight: Number((Math.round(Number(e.target.value) / BLEND_STEP) * BLEND_STEP).toFixed(2)) })}
            />
          </label>
        )}
      </div>
      <fieldset className="ore-limits">
        <legend>Shopping list limits (optional)</legend>
        <LimitField name="maxOres" value={s.maxOres} onValue={(maxOres) => onChange({ maxOres })} onProblem={markLimit('maxOres')} />
        <LimitField name="minBatches" value={s.minBatches} onValue={(minBatches) => onChange({ minBatches })} onProblem={markLimit('minBatches')} />
        <p className="muted field-note">
          Fewer ores to buy, and no single batches: the plan is still solved to a proven optimum within these limits, or says how far from it it stopped.
        </p>
      </fieldset>
    </section>
  )
}
