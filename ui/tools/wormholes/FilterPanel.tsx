import { destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { CLASS_OPTIONS, EFFECT_OPTIONS, PLANET_TYPES, SHATTERED_MODES, type ShatteredMode, type WormholeFilters } from './filters'

interface Props {
  filters: WormholeFilters
  onChange: (change: Partial<WormholeFilters>) => void
  staticOptions: readonly string[]
  /** Why the statics filter cannot work, when the type data did not load. */
  staticsUnavailable: string | null
  /** Enter in the J-code box: open the one system the filters leave, if there is exactly one. */
  onEnter: () => void
}

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value])

interface ChipGroupProps {
  legend: string
  /** How the chosen options combine, shown on hover. */
  hint: string
  options: readonly string[]
  selected: string[]
  onChange: (selected: string[]) => void
  label?: (option: string) => string
  colour?: (option: string) => string
}

/** A filter's options as toggle chips. */
function ChipGroup({ legend, hint, options, selected, onChange, label = (o) => o, colour }: ChipGroupProps) {
  return (
    <fieldset className="chip-group">
      <legend title={hint}>{legend}</legend>
      <div className="chips">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            className="chip"
            aria-pressed={selected.includes(o)}
            onClick={() => onChange(toggle(selected, o))}
            style={colour ? { ['--chip-colour' as string]: colour(o) } : undefined}
          >
            {label(o)}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

const SHATTERED_LABELS: Record<ShatteredMode, string> = { all: 'All', only: 'Only', none: 'None' }

export function FilterPanel({ filters, onChange, staticOptions, staticsUnavailable, onEnter }: Props) {
  return (
    <div className="wh-filters">
      <label className="field wh-search">
        <span className="field-label">J-code</span>
        <input
          type="search"
          placeholder="e.g. J123450, 1234 or Vidette"
          aria-label="Search J-code"
          value={filters.q}
          maxLength={20}
          onChange={(e) => onChange({ q: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && onEnter()}
        />
      </label>
      <ChipGroup
        legend="Class"
        hint="Any of the chosen classes"
        options={CLASS_OPTIONS}
        selected={filters.classes}
        onChange={(classes) => onChange({ classes })}
      />
      {staticsUnavailable ? (
        <fieldset className="chip-group">
          <legend>Statics</legend>
          <span className="warning-text">{staticsUnavailable}</span>
        </fieldset>
      ) : (
        <ChipGroup
          legend="Statics"
          hint="Systems with a static to every chosen destination"
          options={staticOptions}
          selected={filters.statics}
          onChange={(statics) => onChange({ statics })}
          label={destinationLabel}
          colour={destinationColour}
        />
      )}
      <ChipGroup
        legend="Planets"
        hint="Systems with at least one planet of every chosen type"
        options={PLANET_TYPES}
        selected={filters.planets}
        onChange={(planets) => onChange({ planets })}
      />
      <ChipGroup
        legend="Effect"
        hint="Any of the chosen effects"
        options={EFFECT_OPTIONS}
        selected={filters.effects}
        onChange={(effects) => onChange({ effects })}
      />
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
