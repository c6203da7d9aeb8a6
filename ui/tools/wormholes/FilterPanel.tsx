import type { ReactNode } from 'react'
import { destinationColour, destinationLabel } from './destinations'
import { CLASS_OPTIONS, EFFECT_OPTIONS, PLANET_TYPES, SHATTERED_MODES, type ShatteredMode, type WormholeFilters } from './filters'

interface Props {
  filters: WormholeFilters
  onChange: (change: Partial<WormholeFilters>) => void
  staticOptions: readonly string[]
  /** Why the statics filter cannot work, when the type data did not load. */
  staticsUnavailable: string | null
}

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value])

function ChipGroup({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="chip-group">
      <legend title={hint}>{legend}</legend>
      <div className="chips">{children}</div>
    </fieldset>
  )
}

function Chip({ on, onClick, children, colour }: { on: boolean; onClick: () => void; children: ReactNode; colour?: string }) {
  return (
    <button type="button" className="chip" aria-pressed={on} onClick={onClick} style={colour ? { ['--chip-colour' as string]: colour } : undefined}>
      {children}
    </button>
  )
}

const SHATTERED_LABELS: Record<ShatteredMode, string> = { all: 'All', only: 'Only', none: 'None' }

export function FilterPanel({ filters, onChange, staticOptions, staticsUnavailable }: Props) {
  return (
    <div className="wh-filters">
      <label className="field wh-search">
        <span className="field-label">J-code</span>
        <input type="search" placeholder="e.g. J123450 or 1234" aria-label="Search J-code" value={filters.q} maxLength={20} onChange={(e) => onChange({ q: e.target.value })} />
      </label>
      <ChipGroup legend="Class" hint="Any of the chosen classes">
        {CLASS_OPTIONS.map((c) => (
          <Chip key={c} on={filters.classes.includes(c)} onClick={() => onChange({ classes: toggle(filters.classes, c) })}>
            {c}
          </Chip>
        ))}
      </ChipGroup>
      <ChipGroup legend="Statics" hint="Systems with a static to every chosen destination">
        {staticsUnavailable ? (
          <span className="warning-text">{staticsUnavailable}</span>
        ) : (
          staticOptions.map((d) => (
            <Chip key={d} on={filters.statics.includes(d)} colour={destinationColour(d)} onClick={() => onChange({ statics: toggle(filters.statics, d) })}>
              {destinationLabel(d)}
            </Chip>
          ))
        )}
      </ChipGroup>
      <ChipGroup legend="Planets" hint="Systems with at least one planet of every chosen type">
        {PLANET_TYPES.map((p) => (
          <Chip key={p} on={filters.planets.includes(p)} onClick={() => onChange({ planets: toggle(filters.planets, p) })}>
            {p}
          </Chip>
        ))}
      </ChipGroup>
      <ChipGroup legend="Effect" hint="Any of the chosen effects">
        {EFFECT_OPTIONS.map((e) => (
          <Chip key={e} on={filters.effects.includes(e)} onClick={() => onChange({ effects: toggle(filters.effects, e) })}>
            {e}
          </Chip>
        ))}
      </ChipGroup>
      <div className="wh-filter-row">
        <label className="checkbox" title="Star type 3801, Sun A0 (Blue Small)">
          <input type="checkbox" checked={filters.a0} onChange={(e) => onChange({ a0: e.target.checked })} /> Only A0 blue stars
        </label>
        <div className="wh-shattered" role="group" aria-label="Shattered">
          <span className="field-label" title="An A0IV star or a shattered planet">
            Shattered
          </span>
          <div className="segmented">
            {SHATTERED_MODES.map((m) => (
              <button key={m} type="button" aria-pressed={filters.shattered === m} onClick={() => onChange({ shattered: m })}>
                {SHATTERED_LABELS[m]}
              </button>
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}
