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
import type { PlannerSettings } from './settings'

interface Props {
  settings: PlannerSettings
  onChange: (patch: Partial<PlannerSettings>) => void
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
export function StrategyPanel({ settings, onChange }: Props) {
  const s = settings
  const priced = s.strategy !== 'min_haul'
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
    </section>
  )
}
