import { BLEND_STEP, HAUL_MODE_LABELS, HAUL_MODES, PLANNER_PRICE_FIELDS, PRICE_FIELD_LABELS, STRATEGIES, STRATEGY_LABELS } from '../../../schemas/ore-planner-constants'
import { formatNumber } from '../../lib/format'
import type { PlannerSettings } from './settings'

export interface Hub {
  station_id: number
  label: string
}

interface Props {
  settings: PlannerSettings
  hubs: Hub[]
  onChange: (patch: Partial<PlannerSettings>) => void
}

const STRATEGY_HELP = {
  min_cost: 'The cheapest ore at the hub that covers every target.',
  min_haul: 'The least ore to haul: fewest m³, or fewest batches.',
  blend: 'A mix: each of cost and m³ is divided by its own best possible value, then weighted.',
} as const

/** Strategy: three buttons, and under them only the controls the chosen strategy uses. */
export function StrategyPanel({ settings, hubs, onChange }: Props) {
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
            <label className="field">
              <span className="field-label">Trade hub</span>
              <select name="hub" value={String(s.stationId)} onChange={(e) => onChange({ stationId: Number(e.target.value) })}>
                {hubs.length === 0 && <option value={String(s.stationId)}>{s.stationId}</option>}
                {hubs.map((h) => (
                  <option key={h.station_id} value={String(h.station_id)}>
                    {h.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field-label">Price field</span>
              <select name="priceField" value={s.priceField} onChange={(e) => onChange({ priceField: e.target.value as PlannerSettings['priceField'] })}>
                {PLANNER_PRICE_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {PRICE_FIELD_LABELS[f]}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {s.strategy === 'min_haul' && (
          <label className="field">
            <span className="field-label">Haul by</span>
            <select name="haulMode" value={s.haulMode} onChange={(e) => onChange({ haulMode: e.target.value as PlannerSettings['haulMode'] })}>
              {HAUL_MODES.map((m) => (
                <option key={m} value={m}>
                  {HAUL_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </label>
        )}
        {s.strategy === 'blend' && (
          <label className="field ore-blend">
            <span className="field-label">
              Blend weight: <strong data-testid="ore-blend-value">{formatNumber(s.blendWeight, 2)}</strong> <span className="muted">(1.00 all cost, 0.00 all m³)</span>
            </span>
            <input type="range" name="blendWeight" min={0} max={1} step={BLEND_STEP} value={s.blendWeight} onChange={(e) => onChange({ blendWeight: Number((Math.round(Number(e.target.value) / BLEND_STEP) * BLEND_STEP).toFixed(2)) })} />
          </label>
        )}
      </div>
    </section>
  )
}
